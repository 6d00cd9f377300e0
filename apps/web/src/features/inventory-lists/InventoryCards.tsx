import { Checkbox, Flex } from 'antd';
import { consignerWord, truncateSku } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import type { TableContext } from './InventoryTable';
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
  hasTracking,
  optionLine,
} from './ItemCells';
import { TermRequestControl } from '../term-requests/TermRequestControl';
import { RowActionButtons } from './RowActionButtons';
import { rowActionsFor } from './row-actions';

/** The phone layout of a list (under 768 px): one card per item instead of the wide table. */
export function InventoryCards({
  ctx,
  items,
  selectedIds,
  onSelect,
}: {
  ctx: TableContext;
  items: ListItem[];
  selectedIds?: string[];
  onSelect?: (ids: string[]) => void;
}) {
  const selected = new Set(selectedIds ?? []);
  const portal = ctx.config.key === 'portal';
  const staffLinks = ctx.config.staffLinks !== false;
  const toggle = (id: string, on: boolean) => {
    if (!onSelect) return;
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect([...next]);
  };
  return (
    <Flex vertical gap={10} className={items.length > 50 ? 'br-inv-cards-long' : undefined} data-testid="inventory-cards">
      {items.map((item) => {
        const actions = rowActionsFor(ctx.config.key, item.status, ctx.actor, ctx.config.excludedActions);
        return (
          <div
            key={item.id}
            className="br-inv-card"
            data-testid="inventory-card"
            onClick={(e) => {
              if (!ctx.onOpenItem || (e.target as HTMLElement).closest('a,button,.ant-checkbox-wrapper')) return;
              ctx.onOpenItem(item);
            }}
          >
            <Flex gap={10} align="flex-start">
              {onSelect && (
                <Checkbox checked={selected.has(item.id)} onChange={(e) => toggle(item.id, e.target.checked)} aria-label={`Select ${item.code}`} />
              )}
              <ItemImage src={item.image ?? item.product.image} size={56} alt={item.product.title} />
              <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
                <span className="br-inv-title">{item.product.title || item.title}</span>
                <span className="br-inv-sub" title={item.product.sku || item.sku}>
                  {item.code} · {truncateSku(item.product.sku || item.sku)}
                </span>
                <Flex gap={6} wrap align="center" style={{ marginTop: 4 }}>
                  <StatusTag status={item.status} isBuyingStore={ctx.isBuyingStore} variant={ctx.actor?.kind === 'consigner' ? 'consigner' : 'staff'} />
                  {item.daysActive !== null && <span className="br-inv-sub">{daysActiveText(item)}</span>}
                </Flex>
              </Flex>
              {staffLinks && <EditLink id={item.id} />}
            </Flex>
            <dl className="br-inv-facts">
              <div>
                <dt>Size</dt>
                <dd>
                  {item.option1Value ?? '—'}
                  {optionLine(item) && <span className="br-inv-sub">{optionLine(item)}</span>}
                </dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>
                  <PriceCell item={item} currency={ctx.currency} portal={portal} />
                </dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>
                  <LocationText item={item} />
                </dd>
              </div>
              {ctx.config.consignerId ? (
                <div>
                  <dt>Payout</dt>
                  <dd>
                    <PayoutCell item={item} currency={ctx.currency} />
                  </dd>
                </div>
              ) : (
                <div>
                  <dt>{consignerWord(ctx.isBuyingStore)}</dt>
                  <dd>
                    <ConsignerLink item={item} />
                  </dd>
                </div>
              )}
              {portal && item.consignmentEndsAt && (
                <div>
                  <dt>Consignment ends</dt>
                  <dd data-testid="consignment-end">{consignmentEndText(item)}</dd>
                </div>
              )}
              {portal && item.nextMarkdown && (
                <div>
                  <dt>Next markdown</dt>
                  <dd data-testid="next-markdown">{nextMarkdownText(item)}</dd>
                </div>
              )}
              {item.orderId && staffLinks && (
                <div>
                  <dt>Order</dt>
                  <dd>
                    <OrderLink item={item} />
                  </dd>
                </div>
              )}
              {hasTracking(item) && (
                <div>
                  <dt>Tracking</dt>
                  <dd>
                    <TrackingCell item={item} onOpen={ctx.onTracking} />
                  </dd>
                </div>
              )}
            </dl>
            {/* the consigner asks to renew or to pick up (docs/consignment-terms.md "The consigner's requests") */}
            {portal && item.consignmentEndsAt && (
              <div style={{ marginTop: 10 }}>
                <TermRequestControl item={item} compact={false} />
              </div>
            )}
            {actions.length > 0 && (
              <div style={{ marginTop: 10 }}>
                <RowActionButtons item={item} actions={actions} busy={ctx.busyIds.has(item.id)} onAction={ctx.onAction} size="large" />
              </div>
            )}
          </div>
        );
      })}
    </Flex>
  );
}
