import type { ReactNode } from 'react';
import { Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { PAGE_SIZES, pageBounds, paginationText } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { GroupedInventory } from './GroupedInventory';
import { InventoryCards } from './InventoryCards';
import type { InventoryQuery, ListItem, ProductGroup, usePaginatedInventories } from './inventory-lists.api';
import { InventoryTable, VIRTUAL_FROM, type TableContext } from './InventoryTable';
import type { ListState, ListStatePatch } from './list-state';

const EMPTY_ITEMS: ListItem[] = [];

/**
 * The rows of the page: a table on desktop, cards on phones, product groups in the By product
 * view; the loading, error and empty states.
 */
export function ListBody({
  list,
  query,
  state,
  update,
  ctx,
  rows,
  groups,
  emptyText,
  selectedIds,
  onSelect,
  acceptAllBusy,
  onAcceptAll,
}: {
  list: ReturnType<typeof usePaginatedInventories>;
  /** The query the list was read with (an opened product group reads its items with it). */
  query: InventoryQuery;
  state: ListState;
  update: (patch: ListStatePatch) => void;
  ctx: TableContext;
  rows: ListItem[];
  groups: ProductGroup[];
  emptyText: string;
  /** Only when rows can be selected. */
  selectedIds?: string[];
  onSelect?: (ids: string[]) => void;
  acceptAllBusy: string | null;
  onAcceptAll?: (group: ProductGroup) => void;
}) {
  const isMobile = useIsMobile();
  // placeholder data of the other view must not be drawn with this view's components
  const dataMatchesView = list.data ? list.data.rows.length === 0 || 'items' in list.data.rows[0] === state.grouped : false;
  const showSkeleton = list.isPending || !dataMatchesView;
  const total = list.data?.count ?? 0;

  if (list.isError) return <Empty description={errorMessage(list.error, 'The list could not be loaded.')} />;
  if (showSkeleton && !isMobile && !state.grouped) {
    // the table itself shows the first load, so it is in place (styles and all) when the rows arrive
    return <InventoryTable ctx={ctx} items={EMPTY_ITEMS} loading virtual={state.pageSize > VIRTUAL_FROM} pageSize={state.pageSize} />;
  }
  if (showSkeleton) return <Skeleton active paragraph={{ rows: 6 }} data-testid="list-loading" />;
  if (total === 0 || (state.grouped ? groups.length === 0 : rows.length === 0)) {
    return (
      <div data-testid="list-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  if (state.grouped) {
    return (
      <GroupedInventory
        ctx={ctx}
        query={query}
        groups={groups}
        isMobile={isMobile}
        acceptAllBusy={acceptAllBusy}
        onAcceptAll={onAcceptAll}
        onShowAll={(g) => update({ grouped: false, search: g.product.sku || g.product.title })}
      />
    );
  }
  if (isMobile) return <InventoryCards ctx={ctx} items={rows} selectedIds={selectedIds} onSelect={onSelect} />;
  return (
    <InventoryTable
      ctx={ctx}
      items={rows}
      loading={list.isFetching && list.isPlaceholderData}
      // virtual by page size, so switching to a long page remounts the table while the rows load
      virtual={state.pageSize > VIRTUAL_FROM}
      pageSize={state.pageSize}
      selectedIds={selectedIds}
      onSelect={onSelect}
    />
  );
}

/** 'first-last of total items' and the pages, with the page size selector. */
export function ListPager({ state, update, total }: { state: ListState; update: (patch: ListStatePatch) => void; total: number }): ReactNode {
  const isMobile = useIsMobile();
  if (total <= 0) return null;
  const { first, last } = pageBounds(state.page, state.pageSize, total);
  return (
    <Flex justify={isMobile ? 'center' : 'space-between'} align="center" wrap gap={8} vertical={isMobile}>
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
  );
}
