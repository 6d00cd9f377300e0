import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Skeleton, Space, Spin, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasArea, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { SetupGuide } from '../first-hour/SetupGuide';
import { useGreeting } from '../shell/greeting';
import { ProductCard } from './ProductCard';
import { usePrefetchProduct, useProductSearchPages, type Product } from './products.api';
import { useDebouncedValue } from './useDebouncedValue';

const GRID_STYLE = (isMobile: boolean) => ({
  display: 'grid',
  gap: isMobile ? 12 : 16,
  gridTemplateColumns: isMobile ? 'repeat(2, minmax(0, 1fr))' : 'repeat(auto-fill, minmax(190px, 1fr))',
});

/**
 * Products search (spec 2, '/'): search box and button, a grid of product cards, and the Create
 * New Product link. Results follow the typing (debounced) and the search sits in the URL, so Back
 * returns to the same results.
 *
 * `onProductClick` is what a card does; the Add Inventory modal (features/add-inventory) takes it
 * over. Until then a card opens the product page.
 */
export default function ProductSearchPage({ user, onProductClick }: { user: SignedInUser; onProductClick?: (product: Product) => void }) {
  const store = useCurrentStore();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const prefetch = usePrefetchProduct();
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  const debounced = useDebouncedValue(text, 250);
  const isConsigner = user.kind === 'consigner';
  const greeting = useGreeting(user.id);
  useDocumentTitle(isConsigner ? 'Products' : 'Add Products');

  // the debounced text drives the URL (only when it changes: Enter may have been quicker), and
  // the URL drives the query
  const latestUrlSearch = useRef(urlSearch);
  latestUrlSearch.current = urlSearch;
  useEffect(() => {
    if (debounced.trim() === latestUrlSearch.current.trim()) return;
    setParams(debounced.trim() ? { search: debounced.trim() } : {}, { replace: true });
  }, [debounced, setParams]);
  const runNow = (value: string) => {
    setText(value);
    setParams(value.trim() ? { search: value.trim() } : {}, { replace: true });
  };

  const search = useProductSearchPages(urlSearch);
  const openProduct = onProductClick ?? ((product: Product) => navigate(`/products/${product.id}`));
  const products = useMemo(() => search.data?.pages.flat() ?? [], [search.data]);
  const term = urlSearch.trim();
  const hasMore = Boolean(search.hasNextPage);
  const loadingMore = search.isFetchingNextPage;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400 }}>
      <Flex justify="space-between" align={isMobile ? 'stretch' : 'flex-end'} gap={12} vertical={isMobile}>
        <div>
          <Typography.Text type="secondary" data-testid="welcome-title">
            {isConsigner ? `Welcome, ${user.firstName || user.name}` : `${greeting}, ${user.firstName || user.name}`}
          </Typography.Text>
          <Typography.Title level={isMobile ? 3 : 2} style={{ margin: '2px 0 0' }}>
            {isConsigner ? 'Products' : 'Add Products'}
          </Typography.Title>
          <Typography.Text type="secondary">
            {isConsigner
              ? 'Find the product you want to list. Missing from the catalogue? Submit it for review.'
              : 'Search the catalogue by title, SKU or brand, then pick a product to add inventory.'}
          </Typography.Text>
        </div>
        <Link to="/products/create">
          <Button icon={<PlusOutlined />} block={isMobile} size={isMobile ? 'middle' : 'large'}>
            Create New Product
          </Button>
        </Link>
      </Flex>

      {/* a new store's setup guide, for staff who can do its steps (docs/first-hour.md) */}
      {!isConsigner && hasArea(user.accessControls, 'Settings') && <SetupGuide storeName={store?.name ?? 'your store'} />}

      <Card styles={{ body: { padding: isMobile ? 12 : 16 } }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            size="large"
            allowClear
            autoFocus={!isMobile}
            prefix={<SearchOutlined style={{ color: '#8c95a3' }} />}
            placeholder={isMobile ? 'Title, SKU or brand' : 'Search by title, SKU or brand'}
            aria-label="Search products"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              // clearing shows the newest products at once
              if (e.target.value === '') runNow('');
            }}
            onPressEnter={() => runNow(text)}
          />
          <Button size="large" type="primary" onClick={() => runNow(text)} loading={search.isFetching && !search.isPending && !loadingMore}>
            Search
          </Button>
        </Space.Compact>
        <Flex justify="space-between" align="center" style={{ marginTop: 10, minHeight: 22 }}>
          <Typography.Text type="secondary" data-testid="search-summary">
            {search.isPending
              ? 'Loading products...'
              : term
                ? `${hasMore ? 'First ' : ''}${products.length} ${products.length === 1 ? 'product matches' : 'products match'} “${term}”`
                : `Newest ${products.length} products`}
          </Typography.Text>
          {search.isFetching && !search.isPending && !loadingMore && <Spin size="small" />}
        </Flex>
      </Card>

      {search.isError ? (
        <Alert type="error" showIcon title="The products could not be loaded" description={errorMessage(search.error)} />
      ) : search.isPending ? (
        <div style={GRID_STYLE(isMobile)} aria-busy="true">
          {Array.from({ length: isMobile ? 4 : 10 }, (_, i) => (
            <Card key={i} styles={{ body: { padding: 12 } }}>
              <Skeleton.Node active style={{ width: '100%', height: 150 }} />
              <Skeleton active paragraph={{ rows: 2 }} title={false} style={{ marginTop: 12 }} />
            </Card>
          ))}
        </div>
      ) : products.length === 0 ? (
        <Card>
          <Empty
            description={
              term ? (
                <>
                  No product matches “{term}”.
                  <br />
                  Check the spelling, search by SKU, or create the product.
                </>
              ) : (
                'The catalogue is empty. Create the first product.'
              )
            }
          >
            <Link to="/products/create">
              <Button type="primary" icon={<PlusOutlined />}>
                Create New Product
              </Button>
            </Link>
          </Empty>
        </Card>
      ) : (
        <div style={{ ...GRID_STYLE(isMobile), opacity: search.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} data-testid="product-grid">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} currency={store?.currency} onOpen={openProduct} onHover={(p) => prefetch(p.id)} detailsLink={Boolean(onProductClick)} />
          ))}
        </div>
      )}
      {products.length > 0 && !search.isError && (
        <MorePages hasMore={hasMore} loading={loadingMore} count={products.length} onMore={() => void search.fetchNextPage()} failed={search.isFetchNextPageError} />
      )}
    </Flex>
  );
}

/**
 * The end of the grid: the next page loads as this comes into view (infinite scroll), with a button
 * for keyboards and for when the observer is not there; the end says so. Only once the person has
 * scrolled: a page that grows by itself while they open a menu moves what they are about to click,
 * and a first screen needs one page, not two.
 */
function MorePages({ hasMore, loading, count, onMore, failed }: { hasMore: boolean; loading: boolean; count: number; onMore: () => void; failed: boolean }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;
  const scrolled = useHasScrolled();
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !scrolled || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [scrolled, hasMore, loading, failed]);
  return (
    <Flex ref={sentinel} justify="center" align="center" gap={8} style={{ minHeight: 40 }} data-testid="product-grid-end">
      {hasMore ? (
        <Button onClick={onMore} loading={loading} data-testid="load-more-products">
          {failed ? 'Try again' : loading ? 'Loading more products' : 'Load more products'}
        </Button>
      ) : (
        <Typography.Text type="secondary">
          {count === 1 ? 'That is the only product.' : `That is all ${count} products.`} Missing one? Use Create New Product.
        </Typography.Text>
      )}
    </Flex>
  );
}

/** True from the first scroll of the page (or a container in it) on. */
function useHasScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > 0);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    // capture: a scroll of the window or of any scrolling container of the layout
    document.addEventListener('scroll', onScroll, { capture: true, passive: true, once: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, [scrolled]);
  return scrolled;
}
