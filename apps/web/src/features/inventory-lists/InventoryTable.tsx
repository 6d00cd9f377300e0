import { useMemo } from 'react';
import { Table, type TableProps } from 'antd';
import { consignerWord, INVENTORY_COLUMN_FIELDS, labelOfField, type InventoryActor } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import type { ListConfig } from './list-state';
import type { ColumnKey } from './column-choice';
import { ScrollCue } from './ScrollCue';
import {
  ConsignerLink,
  consignmentEndText,
  nextMarkdownText,
  EditLink,
  ItemImage,
  LocationText,
  OrderLink,
  PayoutCell,
  PriceCell,
  StatusTag,
  TrackingCell,
  daysActiveText,
  optionLine,
} from './ItemCells';
import { TermRequestControl } from '../term-requests/TermRequestControl';
import { RowActionButtons } from './RowActionButtons';
import { listHasRowActions, rowActionsFor, rowActionsWidth, type RowActionKey } from './row-actions';

export interface TableContext {
  config: ListConfig;
  currency: string;
  isBuyingStore: boolean;
  actor: InventoryActor | null;
  busyIds: ReadonlySet<string>;
  onAction: (item: ListItem, key: RowActionKey) => void;
  onTracking: (item: ListItem) => void;
  onOpenItem?: (item: ListItem) => void;
  /** Columns the person chose to hide (column chooser). */
  hidden: ReadonlySet<ColumnKey>;
}

// the first load: an empty body under the spinner rather than 'No data'
const LOADING_LOCALE = { emptyText: <div style={{ height: 280 }} /> };

/** Page size from which the table is virtual (only the rows in view are in the page). */
export const VIRTUAL_FROM = 100;
/**
 * Page size up to which the table has no fixed height: ten rows are a little taller than 700 px, and a
 * scroll box inside the page for its last row looked broken. Longer pages scroll within y 700.
 */
const FIXED_HEIGHT_FROM = 10;
const BODY_HEIGHT = 700;

type Column = NonNullable<TableProps<ListItem>['columns']>[number] & { width: number };

/**
 * The spec's columns (catalogue doc section 2): the image folded into the product cell (with the
 * code and the other option values), narrow status and actions, so the default set fits a 1440 px
 * screen without sideways scrolling. The person picks the others (consigner, order) in the column
 * chooser; the table scrolls sideways, with a visible cue, only when they no longer fit.
 */
function useInventoryColumns(ctx: TableContext): Column[] {
  const { config, currency, isBuyingStore, actor, busyIds, onAction, onTracking, hidden } = ctx;
  return useMemo(() => {
    const portal = config.key === 'portal';
    // a compact list folds the SKU and the size into the product cell while their columns are hidden
    const foldSku = config.compact && hidden.has('sku');
    const foldSize = config.compact && hidden.has('size');
    const all: (Column & { key: ColumnKey | 'product' | 'actions' | 'edit' })[] = [
      {
        key: 'product',
        title: 'Product',
        width: portal ? 208 : config.compact ? 300 : 228,
        render: (_, item) => (
          <span className="br-inv-product">
            <ItemImage src={item.image ?? item.product.image} alt={item.product.title} size={40} />
            <span className="br-inv-name">
              <span className="br-inv-title">{item.product.title || item.title}</span>
              <span className="br-inv-sub">
                {item.code}
                {foldSize && item.option1Value ? ` · Size ${item.option1Value}` : ''}
                {optionLine(item) ? ` · ${optionLine(item)}` : ''}
              </span>
              {foldSku && (
                <span className="br-inv-sub br-inv-fold-sku" title={item.product.sku || item.sku} data-testid="folded-sku">
                  SKU {item.product.sku || item.sku}
                </span>
              )}
            </span>
          </span>
        ),
      },
      {
        key: 'sku',
        title: 'SKU',
        width: 112,
        // over 20 characters the SKU wraps to a second line (catalogue doc section 9)
        render: (_, item) => <span className="br-inv-sku" title={item.product.sku || item.sku}>{item.product.sku || item.sku}</span>,
      },
      { key: 'size', title: 'Size', width: 52, render: (_, item) => item.option1Value ?? '—' },
      {
        key: 'status',
        title: 'Status',
        width: 112,
        render: (_, item) => <StatusTag status={item.status} isBuyingStore={isBuyingStore} variant={actor?.kind === 'consigner' ? 'consigner' : 'staff'} />,
      },
      // the portal's pending request reads as a sentence ('Request for price change to $90.00 pending')
      { key: 'price', title: 'Price', width: portal ? 116 : 92, render: (_, item) => <PriceCell item={item} currency={currency} portal={portal} /> },
      { key: 'payout', title: 'Payout', width: 92, render: (_, item) => <PayoutCell item={item} currency={currency} /> },
      { key: 'location', title: 'Location', width: 126, render: (_, item) => <LocationText item={item} /> },
      {
        key: 'days',
        title: 'Days Active',
        width: 94,
        // the portal tells a consigner when the consignment ends under it (docs/consignment-terms.md "The portal")
        // and the next markdown of the item's schedule (docs/consignment-terms.md "Markdowns")
        render: (_, item) =>
          portal && (item.consignmentEndsAt || item.nextMarkdown) ? (
            <>
              {daysActiveText(item)}
              {item.consignmentEndsAt && (
                <>
                  <span className="br-inv-sub">
                    Ends <span data-testid="consignment-end">{consignmentEndText(item)}</span>
                  </span>
                  <TermRequestControl item={item} compact />
                </>
              )}
              {item.nextMarkdown && (
                <span className="br-inv-sub">
                  Next markdown: <span data-testid="next-markdown">{nextMarkdownText(item)}</span>
                </span>
              )}
            </>
          ) : (
            daysActiveText(item)
          ),
      },
      { key: 'consigner', title: consignerWord(isBuyingStore), width: 140, render: (_, item) => <ConsignerLink item={item} /> },
      { key: 'order', title: 'Order', width: 100, render: (_, item) => <OrderLink item={item} /> },
      { key: 'tracking', title: 'Tracking', width: 88, render: (_, item) => <TrackingCell item={item} onOpen={onTracking} /> },
      // item fields the domain's list offers as columns (inventory-fields.ts), shown as stored
      ...INVENTORY_COLUMN_FIELDS.map((key) => ({
        key,
        title: labelOfField(key),
        width: 120,
        render: (_: unknown, item: ListItem) => (key === 'consignmentEndsAt' ? consignmentEndText(item) : (item[key] ?? '—')),
      })),
    ];
    const excluded = config.excludedColumns ?? [];
    const columns = all.filter((c) => !hidden.has(c.key as ColumnKey) && !excluded.includes(c.key as ColumnKey));
    if (listHasRowActions(config.key)) {
      columns.push({
        key: 'actions',
        title: 'Actions',
        width: rowActionsWidth(config.key, portal ? actor : null, config.compact),
        render: (_, item) => (
          <RowActionButtons
            item={item}
            actions={rowActionsFor(config.key, item.status, actor, config.excludedActions)}
            busy={busyIds.has(item.id)}
            onAction={onAction}
            icons={config.compact}
          />
        ),
      });
    }
    if (config.staffLinks !== false) {
      columns.push({ key: 'edit', title: 'Edit', width: config.compact ? 52 : 60, align: 'center', render: (_, item) => <EditLink id={item.id} iconOnly={config.compact} /> });
    }
    return columns;
  }, [config, currency, isBuyingStore, actor, busyIds, onAction, onTracking, hidden]);
}

export function InventoryTable({
  ctx,
  items,
  loading,
  selectedIds,
  onSelect,
  compact,
  virtual = false,
  pageSize = FIXED_HEIGHT_FROM + 1,
}: {
  ctx: TableContext;
  items: ListItem[];
  loading: boolean;
  selectedIds?: string[];
  onSelect?: (ids: string[]) => void;
  /** Inside an accordion panel: no fixed height. */
  compact?: boolean;
  /** Long pages draw only the rows in view, so 500 rows render and respond at once. */
  virtual?: boolean;
  /** The page size: above FIXED_HEIGHT_FROM the body scrolls within y 700 (spec 9). */
  pageSize?: number;
}) {
  const columns = useInventoryColumns(ctx);
  // the narrowest the table may be: below it the table scrolls sideways (with a cue)
  const minWidth = columns.reduce((sum, c) => sum + c.width, onSelect ? 40 : 0);
  const { onOpenItem } = ctx;
  const isVirtual = virtual && !compact;
  const rowSelection = useMemo<TableProps<ListItem>['rowSelection']>(
    () => (onSelect ? { selectedRowKeys: selectedIds, onChange: (keys) => onSelect(keys.map(String)), columnWidth: 40 } : undefined),
    [onSelect, selectedIds],
  );
  const onRow = useMemo<TableProps<ListItem>['onRow']>(
    () =>
      onOpenItem
        ? (item) => ({
            onClick: (e) => {
              // links and buttons inside the row keep their own behaviour
              if ((e.target as HTMLElement).closest('a,button,.ant-checkbox-wrapper')) return;
              onOpenItem(item);
            },
            style: { cursor: 'pointer' },
          })
        : undefined,
    [onOpenItem],
  );
  return (
    // data-row-count: the rows this table holds (a virtual table keeps only those in view in the page)
    <ScrollCue minWidth={minWidth} data-testid={compact ? 'group-table' : 'inventory-table'} data-row-count={items.length} data-virtual={isVirtual}>
      <Table<ListItem>
        className="br-inv-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        scroll={compact || (!isVirtual && pageSize <= FIXED_HEIGHT_FROM) ? { x: minWidth } : { x: minWidth, y: BODY_HEIGHT }}
        locale={loading && items.length === 0 ? LOADING_LOCALE : undefined}
        virtual={isVirtual}
        rowSelection={rowSelection}
        onRow={onRow}
      />
    </ScrollCue>
  );
}
