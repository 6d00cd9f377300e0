import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Input, Popconfirm, Select, Skeleton, Tabs, Tag, Typography } from 'antd';
import { INVENTORY_MESSAGES, statusColor, statusLabel, truncateSku } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice, fullName } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useLocations } from '../../shared/lookups.api';
import { ItemImage } from '../../shared/ui/ItemImage';
import { StoreRequestDialog } from '../inventory-lists/dialogs';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { useOfferAction, useOffers, type OfferedItem, type SaleFilter } from './store-requests.api';
import { FILTER_KEYS, type Mode, type RequestListState } from './store-request-state';
import { RequestedForConsigner } from './RequestedForConsigner';
import { PhoneFilterModal, SaleTypeFilter, saleOf } from './RequestFilters';
import './store-requests.css';

/** The offers answering store requests, by product: staff accept or buy them, either side cancels. */
function OffersList({ mode, state }: { mode: Mode; state: RequestListState }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const isBuyingStore = Boolean(store?.isBuyingStore);
  const { search = '', location } = state.values;
  const sale = saleOf(state.values.sale);
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  const offers = useOffers({ search, location, sale });
  const locations = useLocations();
  const act = useOfferAction();
  const [accepting, setAccepting] = useState<OfferedItem | null>(null);
  const [draft, setDraft] = useState<{ location?: string; sale: SaleFilter }>({ location, sale });

  const run = (action: 'acceptStoreRequest' | 'storeBuyRequestedInventory' | 'cancelDropoff', body: Record<string, unknown>, done: string) =>
    act.mutateAsync({ action, body }).then(
      () => {
        void message.success(done);
        return true;
      },
      (error: unknown) => {
        void message.error(errorMessage(error, 'The offer could not be updated'), 5);
        return false;
      },
    );

  const locationOptions = [{ label: 'All locations', value: '' }, ...(locations.data ?? []).map((l) => ({ label: l.name, value: l.name }))];
  const locationSelect = (value: string | undefined, onChange: (v: string | undefined) => void) => (
    <Select
      value={value ?? ''}
      options={locationOptions}
      size={isMobile ? 'large' : undefined}
      loading={locations.isPending}
      onChange={(v: string) => onChange(v || undefined)}
      style={{ width: isMobile ? '100%' : 200 }}
      aria-label="Location"
      data-testid="offers-location"
    />
  );
  const saleSelect = (value: SaleFilter, onChange: (v: SaleFilter) => void) => <SaleTypeFilter value={value} onChange={onChange} isBuyingStore={isBuyingStore} block={isMobile} />;
  const activeFilters = (location ? 1 : 0) + (sale !== 'all' ? 1 : 0);

  const groups = offers.data?.products ?? [];
  const actions = (item: OfferedItem) => (
    <Flex gap={6} wrap justify="flex-end">
      {mode === 'staff' && item.status === 'Consignment' && (
        <Button size="small" type="primary" onClick={() => setAccepting(item)} data-testid="offer-accept">
          Accept
        </Button>
      )}
      {mode === 'staff' && item.status === 'Buying' && (
        <Popconfirm title="Buy this item?" description="The consigner then drops it off." okText="Yes" onConfirm={() => run('storeBuyRequestedInventory', { ids: [item.id] }, 'The store is buying this item')}>
          <Button size="small" type="primary" data-testid="offer-buy">
            Buy
          </Button>
        </Popconfirm>
      )}
      <Popconfirm title={INVENTORY_MESSAGES.cancelDropoffConfirm} okText="Yes" onConfirm={() => run('cancelDropoff', { ids: [item.id] }, INVENTORY_MESSAGES.dropoffCancelled)}>
        <Button size="small" danger data-testid="offer-cancel">
          Cancel
        </Button>
      </Popconfirm>
    </Flex>
  );

  return (
    <>
      <Flex gap={8} wrap align="center" className="br-sr-toolbar">
        <Input.Search
          allowClear
          placeholder="Search title, SKU or code"
          size={isMobile ? 'large' : undefined}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '' && search) state.setFilters({ search: '' });
          }}
          onSearch={(value) => state.setFilters({ search: value.trim() })}
          style={{ maxWidth: isMobile ? undefined : 320, flex: 1, minWidth: 0 }}
          data-testid="offers-search"
        />
        {isMobile ? (
          <PhoneFilterModal
            active={activeFilters}
            testId="offers-filter"
            onOpen={() => setDraft({ location, sale })}
            onApply={() => state.setFilters({ location: draft.location, sale: draft.sale === 'all' ? undefined : draft.sale })}
            fields={[
              { label: 'Location', node: locationSelect(draft.location, (v) => setDraft((d) => ({ ...d, location: v }))) },
              { label: 'Sale type', node: saleSelect(draft.sale, (v) => setDraft((d) => ({ ...d, sale: v }))) },
            ]}
          />
        ) : (
          <>
            {locationSelect(location, (v) => state.setFilters({ location: v }))}
            {saleSelect(sale, (v) => state.setFilters({ sale: v === 'all' ? undefined : v }))}
          </>
        )}
      </Flex>
      {offers.isError ? (
        <Alert type="error" showIcon title={errorMessage(offers.error, 'The offers could not be loaded.')} />
      ) : offers.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : groups.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            search || location || sale !== 'all'
              ? 'No offer matches these filters.'
              : mode === 'staff'
                ? 'No offers yet. Share your requested items from Request Items so consigners offer them.'
                : 'You have no offers waiting. Offer an item the store asks for.'
          }
          data-testid="offers-empty"
        />
      ) : (
        <div style={{ opacity: offers.isPlaceholderData ? 0.6 : 1 }} data-testid="offers-list">
          {groups.map((group) => (
            <Card key={group.id} size="small" className="br-sr-group" data-testid="offer-group">
              <Flex gap={12} align="center" style={{ marginBottom: 8 }}>
                <ItemImage src={group.image} size={48} className="br-sr-image" />
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong className="br-sr-title">
                    {group.title}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="br-sr-sub" title={group.sku}>
                    {truncateSku(group.sku)} · {group.inventories.length} {group.inventories.length === 1 ? 'offer' : 'offers'}
                  </Typography.Text>
                </div>
              </Flex>
              {group.inventories.map((item) => (
                <div key={item.id} className="br-sr-offer" data-testid="offer-row" data-code={item.code}>
                  <div className="br-sr-offer-main">
                    <Typography.Text code>{item.code}</Typography.Text>
                    <div>{[item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ') || '—'}</div>
                    <Typography.Text type="secondary" className="br-sr-sub">
                      {item.location ?? 'No location'}
                    </Typography.Text>
                  </div>
                  <div className="br-sr-offer-price">
                    <Typography.Text strong>{formatPrice(item.price, currency)}</Typography.Text>
                    {item.storeRequestPriceRange && (
                      <Typography.Text type="secondary" className="br-sr-sub">
                        Range {formatPrice(item.storeRequestPriceRange.low, currency)}–{formatPrice(item.storeRequestPriceRange.high, currency)}
                      </Typography.Text>
                    )}
                  </div>
                  <div className="br-sr-offer-who">
                    {mode === 'staff' && item.consigner && <div className="br-sr-sub">{fullName(item.consigner)}</div>}
                    <Tag color={statusColor(item.status, mode === 'staff' ? 'staff' : 'consigner')} style={{ marginInlineEnd: 0 }}>
                      {statusLabel(item.status, { isBuyingStore })}
                    </Tag>
                  </div>
                  <div className="br-sr-offer-actions">{actions(item)}</div>
                </div>
              ))}
            </Card>
          ))}
        </div>
      )}
      <StoreRequestDialog
        item={accepting}
        currency={currency}
        isBuyingStore={isBuyingStore}
        busy={act.isPending}
        onCancel={() => setAccepting(null)}
        onSubmit={(price) =>
          void run('acceptStoreRequest', { id: accepting!.id, price }, INVENTORY_MESSAGES.storeRequestAccepted).then((ok) => {
            if (ok) setAccepting(null);
          })
        }
      />
    </>
  );
}

/** Store Request (/storeRequest): staff with Products, and consigners in the portal. */
export default function StoreRequestPage({ mode }: { mode: Mode }) {
  useDocumentTitle('Store Request');
  const isMobile = useIsMobile();
  const state = useUrlListState(FILTER_KEYS);
  const { search = '', location } = state.values;
  const sale = saleOf(state.values.sale);
  const offers = useOffers({ search, location, sale });
  const count = offers.data?.count;
  const tab = mode === 'consigner' && state.values.tab !== 'offers' ? 'requested' : 'offers';
  const title = (
    <Flex align="center" gap={10} wrap>
      <span data-testid="store-request-title">Store Request</span>
      {count !== undefined && (
        <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="store-request-count">
          {count} {count === 1 ? 'offer' : 'offers'}
        </Tag>
      )}
    </Flex>
  );
  return (
    <Card title={title} style={{ maxWidth: 1400 }} styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}>
      {mode === 'staff' ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
            Items consigners offered in answer to your requests: accept a consignment, buy an item, or cancel the offer.
          </Typography.Paragraph>
          <OffersList mode="staff" state={state} />
        </>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => state.setFilters({ tab: key === 'offers' ? 'offers' : undefined })}
          items={[
            {
              key: 'requested',
              label: 'What the store needs',
              children: <RequestedForConsigner state={state} onOffered={() => state.setFilters({ tab: 'offers' })} />,
            },
            { key: 'offers', label: 'My offers', children: <OffersList mode="consigner" state={state} /> },
          ]}
          data-testid="store-request-tabs"
        />
      )}
    </Card>
  );
}
