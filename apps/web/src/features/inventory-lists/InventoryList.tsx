// The one inventory list of the staff screens (catalogue doc section 2, Inventory lists), driven by
// the domain's LIST_VIEWS: every list page and the product page's inventory render this component.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Card, Empty, Flex, Input, Pagination, Popconfirm, Segmented, Skeleton, Tag, Typography } from 'antd';
import { AppstoreOutlined, DownloadOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  INVENTORY_MESSAGES,
  PAGE_SIZES,
  bulkActionLabel,
  canBulkDecline,
  pageBounds,
  paginationText,
  type InventoryActor,
  type SortOption,
} from '@backroom/domain';
import { useMe } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import {
  downloadInventoryExport,
  fetchProductItemIds,
  isQueued,
  useFilterOptions,
  useInventoryOperation,
  usePaginatedInventories,
  usePrefetchInventoryPage,
  useUpdateInventory,
  type ListItem,
  type ListOperation,
  type ProductGroup,
} from './inventory-lists.api';
import { activeFilterCount, toInventoryQuery, useListState, type ListConfig, type ListState } from './list-state';
import { DesktopFilters, MobileFilters, SortSelect } from './ListFilters';
import { InventoryTable, VIRTUAL_FROM, type TableContext } from './InventoryTable';
import { InventoryCards } from './InventoryCards';
import { GroupedInventory } from './GroupedInventory';
import { JobProgress, type TrackedJob } from './JobProgress';
import { BulkEditDialog } from './BulkEditDialog';
import { AcceptDialog, AskPriceDialog, StoreRequestDialog, TrackingDialog, WithdrawDialog, type AcceptValues } from './dialogs';
import type { RowActionKey } from './row-actions';
import './inventory-lists.css';

const EMPTY_IDS: string[] = [];
const EMPTY_ITEMS: ListItem[] = [];

const DESCRIPTIONS: Record<ListConfig['key'], string> = {
  findInventory: 'Every item in the shop: search, filter, and edit prices, owners and places in bulk.',
  buyingInventory: 'Items consigners offer to sell to the store outright. Buy them to have them dropped off.',
  requestInventory: 'Items consigners offer on consignment in answer to your store requests.',
  incomingInventory: 'Drop-offs on their way in. Accept each at a location when it arrives.',
  pendingPriceChangeInventory: 'Consigners asking for a new price on their items.',
  requestedInventory: 'Consigners asking to drop off items that were not pre-approved.',
  readyToPrint: 'Active items whose label has not been printed yet.',
  pendingWithdrawalInventory: 'Consigners asking to take their items back.',
  withdrawnInventory: 'Items that have left the shop and gone back to their consigners.',
  product: '',
};

const EMPTY: Record<ListConfig['key'], string> = {
  findInventory: 'No items match. Clear a filter or search for something else.',
  buyingInventory: 'No items are offered for the store to buy.',
  requestInventory: 'No consignment offers are waiting.',
  incomingInventory: 'No drop-offs are pending. Items consigners bring in show up here to be accepted.',
  pendingPriceChangeInventory: 'No price change requests are waiting.',
  requestedInventory: 'No drop-off requests are waiting for review.',
  readyToPrint: 'Every active item has its label printed.',
  pendingWithdrawalInventory: 'No withdrawal requests are waiting.',
  withdrawnInventory: 'No items have been withdrawn.',
  product: 'This product has no inventory yet.',
};

type AcceptTarget = {
  ids: string[];
  op: ListOperation;
  title: string;
  description: string;
  showPaymentType: boolean;
  bulk: boolean;
  /** The drop-off's own location, offered first. */
  location?: string | null;
};

/** A card of its own on a list page; plain inside another page's card. */
function Frame({ embedded, padding, children }: { embedded: boolean; padding: number; children: ReactNode }) {
  if (embedded) return <div>{children}</div>;
  return <Card styles={{ body: { padding } }}>{children}</Card>;
}

export interface InventoryListProps {
  config: ListConfig;
  /** Prefix of this list's query-string keys (the product page uses one so its own keys stay apart). */
  urlPrefix?: string;
  /** Inside another page: a card with a smaller title. */
  embedded?: boolean;
  /** Row click opens the item screen (product page). */
  openItemOnClick?: boolean;
}

export function InventoryList({ config, urlPrefix = '', embedded = false, openItemOnClick = false }: InventoryListProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const isBuyingStore = store?.isBuyingStore ?? false;
  const me = useMe();
  const user = me.data?.status === 'signedIn' ? me.data.user : null;
  const actor = useMemo<InventoryActor | null>(
    () => (user && user.kind === 'employee' ? { kind: 'staff', accessControls: user.accessControls } : null),
    [user],
  );

  const prefetch = usePrefetchInventoryPage();
  const prefetchState = useCallback((next: ListState) => prefetch(toInventoryQuery(next, config)), [prefetch, config]);
  const [state, update] = useListState(config, urlPrefix, prefetchState);
  const query = useMemo(() => toInventoryQuery(state, config), [state, config]);
  // Ask for the first page while this first render runs, not after it commits: the filters and the
  // table take a while to draw the first time, and the rows can be on their way meanwhile.
  useState(() => prefetch(query));
  const list = usePaginatedInventories(query);
  const options = useFilterOptions();
  const operation = useInventoryOperation();
  const updateItem = useUpdateInventory();

  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);

  // The selection belongs to one page of one query: another page, filter or sort starts empty.
  const queryKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: queryKey, ids: [] });
  const selectedIds = selection.key === queryKey ? selection.ids : EMPTY_IDS;
  const setSelectedIds = useCallback(
    (next: string[] | ((current: string[]) => string[])) =>
      setSelection((s) => {
        const current = s.key === queryKey ? s.ids : EMPTY_IDS;
        return { key: queryKey, ids: typeof next === 'function' ? next(current) : next };
      }),
    [queryKey],
  );

  const [job, setJob] = useState<TrackedJob | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [accept, setAccept] = useState<AcceptTarget | null>(null);
  const [acceptAllBusy, setAcceptAllBusy] = useState<string | null>(null);
  const [withdrawItem, setWithdrawItem] = useState<ListItem | null>(null);
  const [trackingItem, setTrackingItem] = useState<ListItem | null>(null);
  const [storeRequestItem, setStoreRequestItem] = useState<ListItem | null>(null);
  const [askPriceItem, setAskPriceItem] = useState<ListItem | null>(null);
  // The rows being bulk edited, fixed when the dialog opens so a refetch does not reset the edits.
  const [bulkEditItems, setBulkEditItems] = useState<ListItem[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const rows = useMemo(() => (list.data && !state.grouped ? (list.data.rows as ListItem[]) : []), [list.data, state.grouped]);
  const groups = useMemo(() => (list.data && state.grouped ? (list.data.rows as ProductGroup[]) : []), [list.data, state.grouped]);
  // placeholder data of the other view must not be drawn with this view's components
  const dataMatchesView = list.data ? list.data.rows.length === 0 || 'items' in list.data.rows[0] === state.grouped : false;
  const total = list.data?.count ?? 0;

  // A page beyond the last (after the last rows were accepted, say) moves back to the last page.
  useEffect(() => {
    if (!list.data || list.isFetching || state.page === 1) return;
    const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
    if (state.page > lastPage) update({ page: lastPage });
  }, [list.data, list.isFetching, total, state.page, state.pageSize, update]);

  const markBusy = (ids: string[], on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** Runs an operation: inline answers show their message, background jobs their warnings and progress. */
  const run = async (op: ListOperation, body: Record<string, unknown>, ids: string[], jobLabel: string): Promise<boolean> => {
    markBusy(ids, true);
    try {
      const answer = await operation.mutateAsync({ op, body });
      if (isQueued(answer)) {
        message.warning(answer.message);
        message.info(INVENTORY_MESSAGES.bulkConfirmed);
        setJob({ id: answer.jobId, label: jobLabel });
      } else {
        message.success(answer.message);
      }
      setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
      return true;
    } catch (error) {
      message.error(errorMessage(error));
      return false;
    } finally {
      markBusy(ids, false);
    }
  };

  const describe = (item: ListItem) => [item.product.title, item.code, item.option1Value].filter(Boolean).join(' · ');

  const handleAction = (item: ListItem, key: RowActionKey) => {
    const one = { id: item.id };
    switch (key) {
      case 'accept':
        setAccept({ ids: [item.id], op: 'acceptInventory', title: 'Accept inventory', description: describe(item), showPaymentType: item.buyingId !== null, bulk: false, location: item.location });
        return;
      case 'acceptRequest':
        setAccept({ ids: [item.id], op: 'acceptRequestToSell', title: 'Accept drop-off request', description: describe(item), showPaymentType: false, bulk: false });
        return;
      case 'decline':
        void run('declineInventory', one, [item.id], 'Decline');
        return;
      case 'delete':
      case 'cancelDropoff':
        void run('deleteInventory', one, [item.id], 'Delete');
        return;
      case 'askPrice':
        setAskPriceItem(item);
        return;
      case 'buy':
        void run('storeBuyRequestedInventory', one, [item.id], 'Buy');
        return;
      case 'acceptStoreRequest':
        setStoreRequestItem(item);
        return;
      case 'acceptPrice':
        void run('acceptInventoryPrice', one, [item.id], 'Accept price');
        return;
      case 'declinePrice':
        void run('declineInventoryPrice', one, [item.id], 'Decline price');
        return;
      case 'acceptWithdrawal':
        void run('acceptInventoryWithdrawal', one, [item.id], 'Accept withdrawal');
        return;
      case 'declineWithdrawal':
        void run('declineInventoryWithdrawal', one, [item.id], 'Decline withdrawal');
        return;
      case 'withdraw':
        setWithdrawItem(item);
        return;
    }
  };
  // Columns are memoised on the handlers; the latest closure is reached through a ref.
  const handleActionRef = useRef(handleAction);
  handleActionRef.current = handleAction;
  const onAction = useCallback((item: ListItem, key: RowActionKey) => handleActionRef.current(item, key), []);
  const onTracking = useCallback((item: ListItem) => setTrackingItem(item), []);
  const onSort = useCallback((sortOption: SortOption) => update({ sortOption }), [update]);
  const onOpenItem = useCallback((item: ListItem) => navigate(`/inventories/${item.id}`), [navigate]);

  const ctx: TableContext = useMemo(
    () => ({ config, currency, isBuyingStore, actor, busyIds, onAction, onTracking, onOpenItem: openItemOnClick ? onOpenItem : undefined }),
    [config, currency, isBuyingStore, actor, busyIds, onAction, onTracking, openItemOnClick, onOpenItem],
  );

  // Bulk actions of the list's status (catalogue doc section 4). The printing ones ('Print page
  // items', 'Re-print items') come with the labels issue; until then no print button is shown.
  const canAct = actor !== null;
  const bulkAccept = canAct && bulkActionLabel(config.fixedStatus) === 'Bulk Accept';
  const bulkDecline = canAct && config.fixedStatus !== null && canBulkDecline(config.fixedStatus);
  const bulkEdit = canAct && config.bulkEdit;
  const selectable = (bulkAccept || bulkDecline || bulkEdit) && !state.grouped;
  const acceptOp: ListOperation = config.fixedStatus === 'Requested' ? 'bulkAcceptRequestToSell' : 'bulkAcceptInventory';
  const selectedRows = rows.filter((r) => selectedIds.includes(r.id));
  const pageSelected = rows.length > 0 && rows.every((r) => selectedIds.includes(r.id));

  const openBulkAccept = () =>
    setAccept({
      ids: selectedIds,
      op: acceptOp,
      title: `Accept ${selectedIds.length} ${selectedIds.length === 1 ? 'item' : 'items'}`,
      description: 'The selected items are accepted at this location in the background.',
      showPaymentType: config.fixedStatus === 'Pending' && selectedRows.some((r) => r.buyingId !== null),
      bulk: true,
    });

  const acceptAll = async (group: ProductGroup) => {
    if (!config.fixedStatus) return;
    setAcceptAllBusy(group.productId);
    try {
      const ids = await fetchProductItemIds(group.productId, config.fixedStatus);
      setAccept({
        ids,
        op: acceptOp,
        title: `Accept all: ${group.product.title}`,
        description: `${ids.length} ${ids.length === 1 ? 'item' : 'items'} (${group.units} ${group.units === 1 ? 'unit' : 'units'}) are accepted at this location.`,
        showPaymentType: config.fixedStatus === 'Pending' && group.items.some((i) => i.buyingId !== null),
        bulk: true,
      });
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setAcceptAllBusy(null);
    }
  };

  const submitAccept = async (values: AcceptValues) => {
    if (!accept) return;
    const place = { location: values.location, subLocation: values.subLocation ?? null, paymentType: values.paymentType ?? null };
    const body = accept.bulk ? { ids: accept.ids, ...place } : { id: accept.ids[0], ...place };
    const ok = await run(accept.op, body, accept.ids, 'Accepting');
    if (ok) setAccept(null);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadInventoryExport(query);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const filtersSet = activeFilterCount(state, config) > 0 || state.search.trim() !== '';
  const { first, last } = pageBounds(state.page, state.pageSize, total);
  const showSkeleton = list.isPending || !dataMatchesView;

  const header = (
    <Flex justify="space-between" align={isMobile ? 'stretch' : 'flex-start'} gap={12} vertical={isMobile}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Flex align="center" gap={10} wrap>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="list-title">
            {config.title}
          </Typography.Title>
          {list.data && (
            <Tag style={{ marginInlineEnd: 0 }} data-testid="list-count">
              {list.data.countIsEstimate ? 'about ' : ''}
              {total} {state.grouped ? (total === 1 ? 'product' : 'products') : total === 1 ? 'item' : 'items'}
            </Tag>
          )}
        </Flex>
        {DESCRIPTIONS[config.key] && <Typography.Text type="secondary">{DESCRIPTIONS[config.key]}</Typography.Text>}
      </Flex>
      <Flex gap={8} wrap align="center">
        <Segmented
          value={state.grouped ? 'grouped' : 'flat'}
          onChange={(v) => update({ grouped: v === 'grouped' })}
          options={[
            { value: 'flat', label: 'Items', icon: <UnorderedListOutlined /> },
            { value: 'grouped', label: 'By product', icon: <AppstoreOutlined /> },
          ]}
          data-testid="view-toggle"
        />
        {config.exportable && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="export">
            Export
          </Button>
        )}
      </Flex>
    </Flex>
  );

  const toolbar = (
    <Flex vertical gap={10}>
      <Flex gap={8} align="center" wrap={!isMobile}>
        <Input.Search
          allowClear
          placeholder="Search title, SKU or code"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '' && state.search) update({ search: '' });
          }}
          onSearch={(value) => update({ search: value })}
          style={{ maxWidth: isMobile ? undefined : 360, flex: 1 }}
          data-testid="list-search"
        />
        {isMobile ? (
          <MobileFilters config={config} state={state} options={options.data} isBuyingStore={isBuyingStore} onChange={update} />
        ) : (
          <SortSelect value={state.sortOption} onChange={onSort} />
        )}
      </Flex>
      {!isMobile && <DesktopFilters config={config} state={state} options={options.data} isBuyingStore={isBuyingStore} onChange={update} />}
    </Flex>
  );

  const selectionBar = selectable && rows.length > 0 && (
    <Flex gap={8} align="center" wrap className="br-inv-selection" data-testid="selection-bar">
      <Button
        onClick={() =>
          setSelectedIds(pageSelected ? selectedIds.filter((id) => !rows.some((r) => r.id === id)) : [...new Set([...selectedIds, ...rows.map((r) => r.id)])])
        }
        data-testid="select-page"
      >
        {pageSelected ? 'Deselect Page' : 'Select Page'}
      </Button>
      <Typography.Text type="secondary" data-testid="selected-count">
        {selectedIds.length} selected
      </Typography.Text>
      {bulkAccept && (
        <Button type="primary" disabled={!selectedIds.length} onClick={openBulkAccept} data-testid="bulk-accept">
          Bulk Accept
        </Button>
      )}
      {bulkDecline && (
        <Popconfirm
          title={`Decline ${selectedIds.length} selected ${selectedIds.length === 1 ? 'item' : 'items'}?`}
          okText="Yes"
          cancelText="No"
          disabled={!selectedIds.length}
          onConfirm={() => void run('bulkDeclineRequestToSell', { ids: selectedIds }, selectedIds, 'Declining')}
        >
          <Button danger disabled={!selectedIds.length} data-testid="bulk-decline">
            Bulk Decline
          </Button>
        </Popconfirm>
      )}
      {bulkEdit && selectedIds.length > 0 && (
        <Button icon={<EditOutlined />} onClick={() => setBulkEditItems(selectedRows)} data-testid="bulk-edit-open">
          Bulk Edit
        </Button>
      )}
    </Flex>
  );

  const emptyNode = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtersSet ? 'No items match your search or filters.' : EMPTY[config.key]} />;

  let body: ReactNode;
  if (list.isError) {
    body = <Empty description={errorMessage(list.error, 'The list could not be loaded.')} />;
  } else if (showSkeleton && !isMobile && !state.grouped) {
    // the table itself shows the first load, so it is in place (styles and all) when the rows arrive
    body = <InventoryTable ctx={ctx} items={EMPTY_ITEMS} loading virtual={state.pageSize > VIRTUAL_FROM} pageSize={state.pageSize} />;
  } else if (showSkeleton) {
    body = <Skeleton active paragraph={{ rows: 6 }} data-testid="list-loading" />;
  } else if (total === 0 || (state.grouped ? groups.length === 0 : rows.length === 0)) {
    body = <div data-testid="list-empty">{emptyNode}</div>;
  } else if (state.grouped) {
    body = (
      <GroupedInventory
        ctx={ctx}
        groups={groups}
        loading={list.isFetching}
        isMobile={isMobile}
        acceptAllBusy={acceptAllBusy}
        onAcceptAll={config.acceptAll && canAct ? (g) => void acceptAll(g) : undefined}
        onShowAll={(g) => update({ grouped: false, search: g.product.sku || g.product.title })}
      />
    );
  } else if (isMobile) {
    body = <InventoryCards ctx={ctx} items={rows} selectedIds={selectable ? selectedIds : undefined} onSelect={selectable ? setSelectedIds : undefined} />;
  } else {
    body = (
      <InventoryTable
        ctx={ctx}
        items={rows}
        loading={list.isFetching && list.isPlaceholderData}
        // virtual by page size, so switching to a long page remounts the table while the rows load
        virtual={state.pageSize > VIRTUAL_FROM}
        pageSize={state.pageSize}
        selectedIds={selectable ? selectedIds : undefined}
        onSelect={selectable ? setSelectedIds : undefined}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid={`inventory-list-${config.key}`}>
      <Frame embedded={embedded} padding={isMobile ? 14 : 20}>
        <Flex vertical gap={16}>
          {/* inside the product page the card around the list carries its title and count; one product needs no grouping */}
          {!embedded && header}
          {toolbar}
        </Flex>
      </Frame>
      {job && <JobProgress key={job.id} job={job} onClose={() => setJob(null)} />}
      <Frame embedded={embedded} padding={isMobile ? 10 : 16}>
        <Flex vertical gap={12}>
          {selectionBar}
          {body}
          {total > 0 && (
            <Flex
              justify={isMobile ? 'center' : 'space-between'}
              align="center"
              wrap
              gap={8}
              vertical={isMobile}
            >
              <Typography.Text type="secondary" data-testid="pagination-text">
                {paginationText(first, last, total)}
              </Typography.Text>
              <Pagination
                current={state.page}
                pageSize={state.pageSize}
                total={total}
                size={isMobile ? 'small' : undefined}
                showSizeChanger
                pageSizeOptions={PAGE_SIZES.map(String)}
                onChange={(page, pageSize) => (pageSize !== state.pageSize ? update({ pageSize }) : update({ page }))}
                data-testid="pagination"
              />
            </Flex>
          )}
        </Flex>
      </Frame>

      <AcceptDialog
        open={accept !== null}
        title={accept?.title ?? ''}
        description={accept?.description ?? ''}
        showPaymentType={accept?.showPaymentType ?? false}
        initialLocation={accept?.location ?? null}
        options={options.data}
        busy={operation.isPending}
        onCancel={() => setAccept(null)}
        onSubmit={(v) => void submitAccept(v)}
      />
      <WithdrawDialog
        item={withdrawItem}
        currency={currency}
        busy={operation.isPending}
        onCancel={() => setWithdrawItem(null)}
        onSubmit={async (v) => {
          if (!withdrawItem) return;
          const ok = await run('withdrawInventory', { id: withdrawItem.id, ...v }, [withdrawItem.id], 'Withdraw');
          if (ok) setWithdrawItem(null);
        }}
      />
      <TrackingDialog
        item={trackingItem}
        busy={updateItem.isPending}
        onCancel={() => setTrackingItem(null)}
        onSubmit={(trackingCode) => {
          if (!trackingItem) return;
          updateItem.mutate(
            { id: trackingItem.id, body: { trackingCode } },
            {
              onSuccess: () => {
                message.success(INVENTORY_MESSAGES.trackingAdded);
                setTrackingItem(null);
              },
              onError: (error) => message.error(errorMessage(error)),
            },
          );
        }}
      />
      <StoreRequestDialog
        item={storeRequestItem}
        currency={currency}
        isBuyingStore={isBuyingStore}
        busy={operation.isPending}
        onCancel={() => setStoreRequestItem(null)}
        onSubmit={async (price) => {
          if (!storeRequestItem) return;
          const ok = await run('acceptStoreRequest', { id: storeRequestItem.id, price }, [storeRequestItem.id], 'Accept');
          if (ok) setStoreRequestItem(null);
        }}
      />
      <AskPriceDialog
        item={askPriceItem}
        currency={currency}
        busy={operation.isPending}
        onCancel={() => setAskPriceItem(null)}
        onSubmit={async (requestedPrice) => {
          if (!askPriceItem) return;
          const ok = await run('storeRequestPriceChange', { id: askPriceItem.id, requestedPrice }, [askPriceItem.id], 'Ask price');
          if (ok) setAskPriceItem(null);
        }}
      />
      {bulkEdit && (
        <BulkEditDialog
          open={bulkEditItems !== null}
          items={bulkEditItems ?? []}
          options={options.data}
          currency={currency}
          isBuyingStore={isBuyingStore}
          safeMode={store?.safeInventoryStatusMode ?? true}
          onClose={() => setBulkEditItems(null)}
        />
      )}
    </Flex>
  );
}
