// The consigner portal's /inventory (catalogue doc section 2, Consigner inventory page; people doc
// section 4): the summary of the chosen dates, then the consigner's own items in the shared inventory
// list with the actions a consigner takes on them. Choices: docs/consigner-portal.md, Inventory.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button, Flex, Tag, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { SignedInUser } from '@backroom/domain';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { useCurrentStore } from '../../store/store.api';
import { InventoryList } from '../../inventory-lists/InventoryList';
import { portalListConfig } from '../../inventory-lists/list-state';
import { SummaryCards } from './SummaryCards';
import { useHasMarketplaceSold, usePrefetchPortalInventory } from './portal-inventory.api';
import { rangeOf, type DateRange } from './date-range';
import { DateRangeField } from '../../../shared/ui/DateRangeField';
import './portal-inventory.css';

// How it works opens on a tap: its code (Steps, Alert) is not part of the page's first load.
const MarketplaceModal = lazy(() => import('./MarketplaceModal').then((m) => ({ default: m.MarketplaceModal })));

/** The range in the address (?from=&to=, so a reload keeps it), else the last 7 days. */
function useDateRange(): [DateRange, (next: DateRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = useMemo<DateRange>(() => rangeOf(from, to), [from, to]);
  const set = useCallback(
    (next: DateRange) => {
      // from the address bar, not the last render (a change made just before may not be rendered yet)
      const p = new URLSearchParams(window.location.search);
      p.set('from', next.from);
      p.set('to', next.to);
      setParams(p, { replace: true });
    },
    [setParams],
  );
  return [range, set];
}

export default function ConsignerInventoryPage({ user }: { user: SignedInUser; status?: 'Requested' | 'Pending' }) {
  useDocumentTitle('Inventory');
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const [range, setRange] = useDateRange();
  // the Tracking column is the desktop table's; a phone's cards show tracking on the sold item itself
  const marketplaceSold = useHasMarketplaceSold(!isMobile);
  const showTracking = marketplaceSold.data ?? false;
  const config = useMemo(() => portalListConfig(user.id, { showTracking, isStoreAccount: user.isStoreAccount }), [user.id, user.isStoreAccount, showTracking]);
  usePrefetchPortalInventory(range, config, !isMobile);
  const [howItWorks, setHowItWorks] = useState(false);
  // mounted from the first opening on, so it closes with its animation
  const [opened, setOpened] = useState(false);
  const span = `${dayjs(range.from).format('MMM D, YYYY')} – ${dayjs(range.to).format('MMM D, YYYY')}`;

  return (
    <Flex vertical gap={16} data-testid="portal-inventory">
      {/* the inventory lists' card frame (inventory-lists.css), without antd Card (it imports Tabs) */}
      <div className="br-list-card br-portal-head">
        <Flex vertical gap={16}>
          <Flex justify="space-between" align={isMobile ? 'stretch' : 'center'} gap={12} vertical={isMobile}>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex align="center" gap={10} wrap>
                <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
                  Inventory
                </Typography.Title>
                {store?.onlineMarketplace && user.marketplaceLocation && (
                  <Tag color="green" style={{ marginInlineEnd: 0 }} data-testid="marketplace-on">
                    Marketplace on
                  </Tag>
                )}
              </Flex>
              <Typography.Text type="secondary" data-testid="summary-span">
                Sales from {span}
              </Typography.Text>
            </Flex>
            <Flex gap={8} wrap={!isMobile} vertical={isMobile} align={isMobile ? 'stretch' : 'center'}>
              <DateRangeField range={range} onChange={setRange} width={270} fieldTestIds={['date-from', 'date-to']} className="br-portal-dates" presets={['week', 'month', 'year']} />
              {store?.onlineMarketplace && (
                <Button icon={<GlobalOutlined />} size={isMobile ? 'large' : 'middle'} onClick={() => {
                    setOpened(true);
                    setHowItWorks(true);
                  }} data-testid="enable-marketplace">
                  Enable Marketplace
                </Button>
              )}
            </Flex>
          </Flex>
          <SummaryCards range={range} currency={currency} />
        </Flex>
      </div>
      <InventoryList config={config} />
      {opened && (
        <Suspense fallback={null}>
          <MarketplaceModal open={howItWorks} onClose={() => setHowItWorks(false)} enabled={user.marketplaceLocation} supportEmail={store?.supportEmail ?? null} />
        </Suspense>
      )}
    </Flex>
  );
}
