import { useState } from 'react';
import { Alert, Button, Flex, Input, Select } from 'antd';
import { STORE_REQUEST_MESSAGES, type TStoreRequestProduct } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { useCurrentStore } from '../store/store.api';
import { OfferDialog } from './OfferDialog';
import { RequestedProducts } from './RequestedProducts';
import { PhoneFilterModal, SaleTypeFilter, saleOf } from './RequestFilters';
import { useStoreRequests, type SaleFilter } from './store-requests.api';
import type { RequestListState } from './store-request-state';

/**
 * The consigner's side: what the store asks for at a location, each with Offer. Its filters are the
 * Store Request page's (people doc section 2): the location (one: a request is a product at a
 * location), search, and the sale type, shared with My offers through the address; here it is how the
 * consigner means to offer, so Offer opens with it chosen. On a phone location and sale type open in
 * the modal titled Filter (docs/store-requests.md "Screens").
 */
export function RequestedForConsigner({ state, onOffered }: { state: RequestListState; onOffered: () => void }) {
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [search, setSearch] = useState('');
  const asked = state.values.requestLocation;
  const list = useStoreRequests({ location: asked, search, ...page });
  const location = list.data?.location ?? null;
  const [offering, setOffering] = useState<TStoreRequestProduct | null>(null);
  const sale = saleOf(state.values.sale);
  const isBuyingStore = Boolean(store?.isBuyingStore);
  const [draft, setDraft] = useState<{ location: string | null; sale: SaleFilter }>({ location, sale });
  const setLocation = (value: string) => {
    setPage((p) => ({ ...p, page: 1 }));
    state.setFilters({ requestLocation: value });
  };
  const setSale = (value: SaleFilter) => state.setFilters({ sale: value === 'all' ? undefined : value });
  const locationSelect = (value: string | null, onChange: (v: string) => void) => (
    <Select
      value={value ?? undefined}
      placeholder="Select a location"
      options={(list.data?.locations ?? []).map((l) => ({ label: l, value: l }))}
      size={isMobile ? 'large' : undefined}
      loading={list.isPending}
      onChange={onChange}
      style={{ width: isMobile ? '100%' : 220 }}
      aria-label="Store location"
      data-testid="requested-location"
    />
  );
  const saleFilter = (value: SaleFilter, onChange: (v: SaleFilter) => void) => <SaleTypeFilter value={value} onChange={onChange} isBuyingStore={isBuyingStore} block={isMobile} />;
  return (
    <>
      <Flex gap={8} wrap align="center" className="br-sr-toolbar">
        {!isMobile && locationSelect(location, setLocation)}
        <Input.Search
          allowClear
          placeholder="Search title, SKU or brand"
          size={isMobile ? 'large' : undefined}
          onSearch={(value) => {
            setPage((p) => ({ ...p, page: 1 }));
            setSearch(value.trim());
          }}
          style={{ maxWidth: isMobile ? undefined : 340, flex: 1, minWidth: 0 }}
          data-testid="requested-search"
        />
        {isMobile ? (
          <PhoneFilterModal
            // the location is always one (the first preselected): only the sale type narrows
            active={sale !== 'all' ? 1 : 0}
            testId="requested-filter"
            onOpen={() => setDraft({ location, sale })}
            onApply={() => {
              if (draft.location && draft.location !== location) setLocation(draft.location);
              if (draft.sale !== sale) setSale(draft.sale);
            }}
            fields={[
              { label: 'Store location', node: locationSelect(draft.location, (v) => setDraft((d) => ({ ...d, location: v }))) },
              { label: 'Sale type', node: saleFilter(draft.sale, (v) => setDraft((d) => ({ ...d, sale: v }))) },
            ]}
          />
        ) : (
          saleFilter(sale, setSale)
        )}
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title={errorMessage(list.error, 'The requested products could not be loaded.')} />
      ) : list.data && !location ? (
        <Alert type="info" showIcon title={STORE_REQUEST_MESSAGES.selectLocation} />
      ) : (
        <>
          <RequestedProducts
            products={list.data?.products ?? []}
            currency={currency}
            loading={list.isPending}
            dimmed={list.isPlaceholderData}
            empty={search ? 'No requested product matches this search.' : `The store is not asking for anything at ${location} right now.`}
            action={(p) => (
              <Button size="small" type="primary" onClick={() => setOffering(p)} data-testid="offer-open" aria-label={`Offer ${p.title}`}>
                Offer
              </Button>
            )}
          />
          <ListPagination page={page.page} pageSize={page.pageSize} total={list.data?.count ?? 0} isMobile={isMobile} onChange={(p, s) => setPage({ page: p, pageSize: s })} />
        </>
      )}
      {location && (
        <OfferDialog
          product={offering}
          location={location}
          currency={currency}
          isBuyingStore={isBuyingStore}
          saleType={sale === 'all' ? undefined : sale}
          onClose={() => setOffering(null)}
          onOffered={() => {
            setOffering(null);
            onOffered();
          }}
        />
      )}
    </>
  );
}
