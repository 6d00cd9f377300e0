import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { App, Button, Card, Checkbox, Empty, Flex, Segmented, Select, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, ShoppingOutlined, SyncOutlined } from '@ant-design/icons';
import { consignerWord, QUICK_RANGES, quickRange, type InventoryStatus, type QuickRangeKey } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { ListSearch, ListView, useBackToLastPage } from '../../shared/ui/ListView';
import { RouteLink } from '../../shared/ui/RouteLink';
import { StatusTag } from '../inventory-lists/ItemCells';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { downloadOrdersCsv, useImportLinnworksOrders, useOrderFilterOptions, useOrderItems, useRefreshAfterImport, useResyncAllOrders, type OrderItemRow, type OrdersFilter } from './orders.api';
import { ItemCell, OrderCell } from './OrderCells';
import { ResyncProgress } from './ResyncProgress';
import './orders.css';

const FILTER_KEYS = ['search', 'consigner', 'range', 'flagged'] as const;
const RANGE_LABELS: Record<QuickRangeKey, string> = { '24': '24', '1W': '1W', '1M': '1M', '3M': '3M', '1Y': '1Y', ALL: 'ALL' };
const RANGE_TITLES: Record<QuickRangeKey, string> = {
  '24': 'The last 24 hours',
  '1W': 'The last week',
  '1M': 'The last month',
  '3M': 'The last 3 months',
  '1Y': 'The last year',
  ALL: 'All orders',
};
const isRange = (v: string | undefined): v is QuickRangeKey => (QUICK_RANGES as readonly string[]).includes(v ?? '');

/** /findOrders (Orders access; people doc section 2, Orders): the order item table. */
export default function FindOrdersPage() {
  useDocumentTitle('Orders');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const isBuyingStore = store?.isBuyingStore ?? false;
  const word = consignerWord(isBuyingStore);
  const state = useUrlListState(FILTER_KEYS);
  const search = state.values.search ?? '';
  const range: QuickRangeKey = isRange(state.values.range) ? state.values.range : 'ALL';
  const consigner = state.values.consigner;
  const flagged = state.values.flagged === 'true';

  // The quick range is fixed when chosen (24 = the last 24 hours; the range ends tomorrow), so the
  // list's query stays the same from render to render.
  const orderDateRange = useMemo<[string, string] | undefined>(() => {
    if (range === 'ALL') return undefined;
    const r = quickRange(range);
    return [r.start!.toISOString(), r.end.toISOString()];
  }, [range]);
  const filter: OrdersFilter = { search, consigner, orderDateRange, flagged };
  const list = useOrderItems({ ...filter, pageSize: state.pageSize, currentPage: state.page });
  const options = useOrderFilterOptions();
  const rows = list.data?.rows ?? [];
  const total = list.data?.count ?? 0;

  // Orders imported from the store's order source on opening the screen (people doc section 7,
  // linnworkOrders; here for any store that turned the import on).
  const importer = useImportLinnworksOrders();
  const importStarted = useRef(false);
  const importOnLoad = options.data?.importSources.includes('linnworks') ?? false;
  useEffect(() => {
    if (!importOnLoad || importStarted.current) return;
    importStarted.current = true;
    importer.mutate(undefined, {
      onSuccess: (result) => {
        if (result.imported > 0) message.success(`${result.imported} new Linnworks ${result.imported === 1 ? 'order' : 'orders'} imported`);
        if (result.failed.length) message.warning(`${result.failed.length} Linnworks ${result.failed.length === 1 ? 'order was' : 'orders were'} refused: ${result.failed[0].error}`, 6);
      },
      onError: (error) => void message.warning(errorMessage(error), 6),
    });
  }, [importOnLoad, importer, message]);

  const resyncAll = useResyncAllOrders();
  const [jobId, setJobId] = useState<string | null>(null);
  const refresh = useRefreshAfterImport();
  const onJobChange = useCallback(() => refresh(), [refresh]);
  const startResync = () =>
    resyncAll.mutate(undefined, {
      onSuccess: (answer) => setJobId(answer.jobId),
      onError: (error) => void message.warning(errorMessage(error), 4),
    });

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(filter);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  useBackToLastPage(list, total, state);

  const orderCell = (row: OrderItemRow) => <OrderCell row={row} />;
  const itemCell = (row: OrderItemRow) => <ItemCell row={row} />;

  const consignerCell = (row: OrderItemRow) =>
    row.consigner ? (
      <RouteLink to={`/consigners/${row.consigner.id}`} data-testid="consigner-link">
        {row.consigner.name}
      </RouteLink>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );

  const statusCell = (row: OrderItemRow) => (row.item ? <StatusTag status={row.item.status as InventoryStatus} isBuyingStore={isBuyingStore} /> : <Typography.Text type="secondary">—</Typography.Text>);
  const price = (row: OrderItemRow) => formatPrice(row.item?.price ?? row.price, currency);
  const payout = (row: OrderItemRow) => (row.item ? formatPrice(row.item.payout, currency) : '—');

  const columns: TableColumnsType<OrderItemRow> = [
    { title: 'Order', key: 'order', width: 170, render: (_, row) => orderCell(row) },
    { title: 'Item', key: 'item', render: (_, row) => itemCell(row) },
    { title: 'Price', key: 'price', width: 110, align: 'right', render: (_, row) => price(row) },
    { title: 'Payout', key: 'payout', width: 110, align: 'right', render: (_, row) => payout(row) },
    { title: 'Status', key: 'status', width: 150, render: (_, row) => statusCell(row) },
    { title: word, key: 'consigner', width: 180, render: (_, row) => consignerCell(row) },
  ];

  const filtered = !!(search || consigner || range !== 'ALL' || flagged);
  const emptyState = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? 'No orders match these filters.' : 'No orders yet. Sales recorded at the counter or imported from an order source appear here.'}
      data-testid="orders-empty"
    >
      {filtered && <Button onClick={() => state.setFilters({ search: '', consigner: '', range: '', flagged: '' })}>Clear filters</Button>}
    </Empty>
  );

  const actions = (
    <Flex gap={8} wrap>
      <Button icon={<SyncOutlined spin={resyncAll.isPending} />} onClick={startResync} disabled={resyncAll.isPending} data-testid="resync-all">
        Resync All Orders
      </Button>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="export-orders">
        Export
      </Button>
    </Flex>
  );


  return (
    <Card
      className="br-orders"
      title={
        <Flex align="center" gap={isMobile ? 8 : 10}>
          {!isMobile && <ShoppingOutlined />}
          <span>Orders</span>
          {list.data && (
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="order-count">
              {total} {total === 1 ? 'item' : 'items'}
            </Tag>
          )}
        </Flex>
      }
      extra={isMobile ? undefined : actions}
      style={{ maxWidth: 1400 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {isMobile && actions}
        <Flex gap={8} wrap align="center">
          <ListSearch
            value={search}
            onSearch={(value) => state.setFilters({ search: value })}
            placeholder="Search Orders"
            ariaLabel="Search Orders"
            style={{ width: isMobile ? '100%' : 340 }}
            testId="order-search"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={`All ${word.toLowerCase()}s`}
            aria-label={word}
            value={consigner}
            options={options.data?.consigners ?? []}
            loading={options.isPending}
            onChange={(value: string | undefined) => state.setFilters({ consigner: value ?? '' })}
            style={{ width: isMobile ? '100%' : 240 }}
            data-testid="consigner-filter"
          />
          <Segmented<QuickRangeKey>
            value={range}
            block={isMobile}
            options={QUICK_RANGES.map((key) => ({ value: key, label: <Tooltip title={RANGE_TITLES[key]}>{RANGE_LABELS[key]}</Tooltip> }))}
            onChange={(key) => state.setFilters({ range: key === 'ALL' ? '' : key })}
            style={isMobile ? { width: '100%' } : undefined}
            data-testid="order-range"
          />
          <Tooltip title="Lines staff must look at: an item no longer available when its order came in, an unknown item, a cancellation or refund after payout">
            <Checkbox checked={flagged} onChange={(e) => state.setFilters({ flagged: e.target.checked ? 'true' : '' })} data-testid="flagged-filter">
              Needs attention
            </Checkbox>
          </Tooltip>
        </Flex>
        {jobId && <ResyncProgress jobId={jobId} onClose={() => setJobId(null)} onChange={onJobChange} />}
      </Flex>

      <ListView<OrderItemRow>
        list={list}
        rows={rows}
        isMobile={isMobile}
        errorText="The orders could not be loaded."
        empty={emptyState}
        loadingTestId="orders-loading"
        cardsTestId="order-cards"
        cards={() =>
          rows.map((row) => (
            <div key={row.id} className="br-order-card" data-testid="order-row">
              <Flex justify="space-between" align="flex-start" gap={8}>
                {orderCell(row)}
                {statusCell(row)}
              </Flex>
              <div className="br-order-card-item">{itemCell(row)}</div>
              <Flex justify="space-between" align="center" gap={8} wrap className="br-order-card-foot">
                <span>
                  <Typography.Text type="secondary">Price </Typography.Text>
                  <strong>{price(row)}</strong>
                  <Typography.Text type="secondary"> · Payout </Typography.Text>
                  <strong>{payout(row)}</strong>
                </span>
                {consignerCell(row)}
              </Flex>
            </div>
          ))
        }
        table={{
          columns,
          rowClassName: (row) => (row.active ? '' : 'br-order-inactive'),
          onRow: () => ({ 'data-testid': 'order-row' }) as HTMLAttributes<HTMLElement>,
        }}
      />
      <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={(p, size) => state.setPage(p, size)} testId="orders-pagination" />
    </Card>
  );
}

