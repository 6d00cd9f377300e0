import { lazy, Suspense, useCallback, useState } from 'react';
import { App, Flex } from 'antd';
import { INVENTORY_MESSAGES, type SignedInUser } from '@backroom/domain';
import { useIsMobile } from '../../../shared/hooks';
import type { ReviewEntryInput } from '../../add-inventory';
import ProductSearchPage from '../../products/ProductSearchPage';
import { useCurrentStore } from '../../store/store.api';
import { checkRows } from './review.api';
import { reviewCount, reviewValue, useReviewList } from './review-list';
import { ReviewBar } from './ReviewBar';

// The shell's header (60 px, theme.ts) and its 1 px border: the page fills the rest.
const HEADER_HEIGHT = 61;

// Loaded on first use: the modal (rows, fee figures) and the panel are not needed to browse.
const AddInventoryModal = lazy(() => import('../../add-inventory/AddInventoryModal').then((m) => ({ default: m.AddInventoryModal })));
const ReviewPanel = lazy(() => import('./ReviewPanel').then((m) => ({ default: m.ReviewPanel })));

/**
 * Products (/) of the consigner portal (catalogue doc section 2): the product search; a card opens the
 * Add Inventory modal (the consigner fixed to themselves), whose Add Product puts the rows on the
 * review list; the bottom bar counts them and opens the review panel, whose Submit creates them.
 */
export default function ConsignerProductsPage({ user }: { user: SignedInUser }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const review = useReviewList(user.storeId, user.id);
  const [productId, setProductId] = useState<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  // mounted from the first Review Items on, so it can close with its animation
  const [panelUsed, setPanelUsed] = useState(false);

  // Add Product: the server checks the rows (the create's own checks and fees), then they join the list.
  const { add } = review;
  const addToReview = useCallback(
    async ({ product, rows }: ReviewEntryInput) => {
      const checks = await checkRows(rows);
      add(rows.map((row, i) => ({ product, row, payout: checks[i].payout, total: checks[i].total })));
      const pieces = rows.reduce((n, r) => n + r.quantity, 0);
      message.success(`${pieces} ${pieces === 1 ? 'item' : 'items'} of ${product.title} added for review`);
    },
    [add, message],
  );

  const openReview = () => {
    if (review.entries.length === 0) {
      message.warning(INVENTORY_MESSAGES.noItemForReview);
      return;
    }
    setPanelUsed(true);
    setPanelOpen(true);
  };

  return (
    // the page fills the screen's height, so the bar sits at its foot even above a short grid
    <Flex vertical style={{ minHeight: `calc(100dvh - ${HEADER_HEIGHT}px - ${isMobile ? 24 : 48}px)` }}>
      <div style={{ paddingBottom: 24 }}>
        <ProductSearchPage
          user={user}
          onProductClick={(p) => {
            setProductId(p.id);
            setModalOpen(true);
          }}
        />
      </div>
      <ReviewBar count={reviewCount(review.entries)} value={reviewValue(review.entries)} currency={currency} onReview={openReview} />
      {productId && (
        <Suspense fallback={null}>
          <AddInventoryModal productId={productId} open={modalOpen} onClose={() => setModalOpen(false)} onAddToReview={addToReview} />
        </Suspense>
      )}
      {panelUsed && (
        <Suspense fallback={null}>
          <ReviewPanel
            open={panelOpen}
            entries={review.entries}
            currency={currency}
            isBuyingStore={store?.isBuyingStore ?? false}
            onRemove={review.remove}
            onSubmitted={() => review.clear()}
            onClose={() => setPanelOpen(false)}
          />
        </Suspense>
      )}
    </Flex>
  );
}
