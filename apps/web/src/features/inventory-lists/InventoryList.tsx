// The one inventory list of the staff screens (catalogue doc section 2, Inventory lists), driven by
// the domain's LIST_VIEWS: every list page and the product page's inventory render this component.
// Here: the query and its page, the selection and the layout; the parts live beside it (header,
// toolbar, selection bar, body, dialogs, and the operations in use-list-actions).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Flex } from 'antd';
import { useNavigate } from 'react-router';
import { bulkActionLabel, canBulkDecline, type InventoryActor, type SortOption } from '@backroom/domain';
import { useMe } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { useIsMobile } from '../../shared/hooks';
import { useFilterOptions, usePaginatedInventories, usePrefetchInventoryPage, type ListItem, type ProductGroup } from './inventory-lists.api';
import { activeFilterCount, toInventoryQuery, useListState, type ListConfig, type ListState } from './list-state';
import type { TableContext } from './InventoryTable';
import { BulkEditDialog, JobProgress, PrintProgress } from './lazy-dialogs';
import { useHiddenColumns } from './column-choice';
import type { RowActionKey } from './row-actions';
import { EMPTY } from './list-texts';
import { ListHeader } from './ListHeader';
import { ListToolbar } from './ListToolbar';
import { SelectionBar } from './SelectionBar';
import { ListBody, ListPager } from './ListBody';
import { ListDialogs } from './ListDialogs';
import { useListActions } from './use-list-actions';
import { usePrintLabels } from '../labels/use-print-labels';
import './inventory-lists.css';
import '../../shared/touch.css';

const EMPTY_IDS: string[] = [];

/**
 * A card of its own on a list page; plain inside another page's card. Drawn as antd's Card looks
 * (inventory-lists.css) rather than with it: Card imports Tabs, which Find Inventory's first load
 * would carry for nothing (bench/first-load.ts).
 */
function Frame({ embedded, padding, children }: { embedded: boolean; padding: number; children: ReactNode }) {
  if (embedded) return <div>{children}</div>;
  return (
    <div className="br-list-card" style={{ padding }}>
      {children}
    </div>
  );
}

interface InventoryListProps {
  config: ListConfig;
  /** Prefix of this list's query-string keys (the product page uses one so its own keys stay apart). */
  urlPrefix?: string;
  /** Inside another page: a card with a smaller title. */
  embedded?: boolean;
  /** Row click opens the item screen (product page). */
  openItemOnClick?: boolean;
}

export function InventoryList({ config, urlPrefix = '', embedded = false, openItemOnClick = false }: InventoryListProps) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const isBuyingStore = store?.isBuyingStore ?? false;
  const me = useMe();
  const user = me.data?.status === 'signedIn' ? me.data.user : null;
  // A consigner acts on their own items only (the server answers 404 for anyone else's).
  const actor = useMemo<InventoryActor | null>(
    () => (!user ? null : user.kind === 'employee' ? { kind: 'staff', accessControls: user.accessControls } : { kind: 'consigner', ownsItem: true }),
    [user],
  );

  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(user?.id ?? null, config.key, config.defaultHidden);

  const prefetch = usePrefetchInventoryPage();
  const prefetchState = useCallback((next: ListState) => prefetch(toInventoryQuery(next, config)), [prefetch, config]);
  const [state, update] = useListState(config, urlPrefix, prefetchState);
  const query = useMemo(() => toInventoryQuery(state, config), [state, config]);
  // Ask for the first page while this first render runs, not after it commits: the filters and the
  // table take a while to draw the first time, and the rows can be on their way meanwhile.
  useState(() => prefetch(query));
  const list = usePaginatedInventories(query);
  const options = useFilterOptions();

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
  // The rows being bulk edited, fixed when the dialog opens so a refetch does not reset the edits.
  const [bulkEditItems, setBulkEditItems] = useState<ListItem[] | null>(null);

  const rows = useMemo(() => (list.data && !state.grouped ? (list.data.rows as ListItem[]) : []), [list.data, state.grouped]);
  const groups = useMemo(() => (list.data && state.grouped ? (list.data.rows as ProductGroup[]) : []), [list.data, state.grouped]);
  const total = list.data?.count ?? 0;
  const selectedRows = rows.filter((r) => selectedIds.includes(r.id));

  // A page beyond the last (after the last rows were accepted, say) moves back to the last page.
  useEffect(() => {
    if (!list.data || list.isFetching || state.page === 1) return;
    const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
    if (state.page > lastPage) update({ page: lastPage });
  }, [list.data, list.isFetching, total, state.page, state.pageSize, update]);

  const actions = useListActions({ config, selectedIds, selectedRows, setSelectedIds });

  // Columns are memoised on the handlers; the latest closure is reached through a ref.
  const handleActionRef = useRef(actions.handleAction);
  handleActionRef.current = actions.handleAction;
  const onAction = useCallback((item: ListItem, key: RowActionKey) => handleActionRef.current(item, key), []);
  const { setTrackingItem } = actions;
  const onTracking = useCallback((item: ListItem) => setTrackingItem(item), [setTrackingItem]);
  const onSort = useCallback((sortOption: SortOption) => update({ sortOption }), [update]);
  const onOpenItem = useCallback((item: ListItem) => navigate(`/inventories/${item.id}`), [navigate]);
  const busyIds = actions.busyIds;

  const ctx: TableContext = useMemo(
    () => ({ config, currency, isBuyingStore, actor, busyIds, onAction, onTracking, onOpenItem: openItemOnClick ? onOpenItem : undefined, hidden: hiddenColumns }),
    [config, currency, isBuyingStore, actor, busyIds, onAction, onTracking, openItemOnClick, onOpenItem, hiddenColumns],
  );

  // Bulk actions of the list's status (catalogue doc section 4).
  const canAct = actor?.kind === 'staff';
  // Printing (docs/scanning.md): Ready To Print prints and marks printed in one step; Find Inventory prints
  // the page's selected items ('Print page items' for Active, marked printed too) or reprints them.
  const labels = usePrintLabels();
  const findActiveOnly = state.statuses.length === 1 && state.statuses[0] === 'Active';
  const printLabel = !canAct
    ? null
    : config.key === 'readyToPrint'
      ? 'Print labels'
      : config.key === 'findInventory'
        ? (bulkActionLabel(findActiveOnly ? 'Active' : null) as string)
        : null;
  const markOnPrint = config.key === 'readyToPrint' || (config.key === 'findInventory' && findActiveOnly);
  const printSelected = async () => {
    const ids = selectedIds;
    const ok = await labels.print(ids, { markPrinted: markOnPrint });
    if (ok) setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
  };
  const bulkAccept = canAct && bulkActionLabel(config.fixedStatus) === 'Bulk Accept';
  const bulkDecline = canAct && config.fixedStatus !== null && canBulkDecline(config.fixedStatus);
  const bulkEdit = canAct && config.bulkEdit;
  const selectable = (bulkAccept || bulkDecline || bulkEdit || printLabel !== null) && !state.grouped;
  const filtersSet = activeFilterCount(state, config) > 0 || state.search.trim() !== '';

  return (
    <Flex vertical gap={16} className="br-touch" data-testid={`inventory-list-${config.key}`}>
      <Frame embedded={embedded} padding={isMobile ? 14 : 20}>
        <Flex vertical gap={16}>
          {/* inside the product page the card around the list carries its title and count; one product needs no grouping */}
          {!embedded && (
            <ListHeader
              config={config}
              count={list.data ? { total, isEstimate: Boolean(list.data.countIsEstimate) } : null}
              grouped={state.grouped}
              onGrouped={(grouped) => update({ grouped })}
              query={query}
            />
          )}
          <ListToolbar
            config={config}
            state={state}
            update={update}
            onSort={onSort}
            options={options.data}
            isBuyingStore={isBuyingStore}
            hiddenColumns={hiddenColumns}
            onHiddenColumns={setHiddenColumns}
          />
        </Flex>
      </Frame>
      <PrintProgress state={labels.state} />
      {actions.job && <JobProgress key={actions.job.id} job={actions.job} onClose={() => actions.setJob(null)} />}
      <Frame embedded={embedded} padding={isMobile ? 10 : 16}>
        <Flex vertical gap={12}>
          {selectable && rows.length > 0 && (
            <SelectionBar
              rows={rows}
              selectedIds={selectedIds}
              onSelect={setSelectedIds}
              bulkAccept={bulkAccept}
              bulkEdit={bulkEdit}
              bulkDecline={bulkDecline}
              onBulkAccept={actions.openBulkAccept}
              onBulkEdit={() => setBulkEditItems(selectedRows)}
              onBulkDecline={() => void actions.run('bulkDeclineRequestToSell', { ids: selectedIds }, selectedIds, 'Declining')}
              printLabel={printLabel}
              printing={labels.busy}
              onPrint={() => void printSelected()}
            />
          )}
          <ListBody
            list={list}
            query={query}
            state={state}
            update={update}
            ctx={ctx}
            rows={rows}
            groups={groups}
            emptyText={filtersSet ? 'No items match your search or filters.' : EMPTY[config.key]}
            selectedIds={selectable ? selectedIds : undefined}
            onSelect={selectable ? setSelectedIds : undefined}
            acceptAllBusy={actions.acceptAllBusy}
            onAcceptAll={config.acceptAll && canAct ? (g) => void actions.acceptAll(g) : undefined}
          />
          <ListPager state={state} update={update} total={total} />
        </Flex>
      </Frame>

      <ListDialogs actions={actions} options={options.data} currency={currency} isBuyingStore={isBuyingStore} staff={actor?.kind === 'staff'} />
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
