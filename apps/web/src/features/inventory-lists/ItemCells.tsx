// Light cells of the inventory lists: plain elements where possible, so a page of 500 rows stays fast.
import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { EditOutlined } from '@ant-design/icons';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ItemImage as SharedItemImage } from '../../shared/ui/ItemImage';
import { INVENTORY_MESSAGES, ONLINE_MARKETPLACE, currencySymbol, daysOldLabel, formatMoney, statusColor, statusLabel, toMinor, type InventoryStatus } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import { money } from './row-actions';

/** The lists' picture cell (shared/ui/ItemImage with the lists' class). */
export function ItemImage(props: { src: string | null; size?: number; alt?: string }) {
  return <SharedItemImage {...props} className="br-inv-img" />;
}

/** Sold green; other statuses orange in staff lists, red in the consigner portal (catalogue doc section 4). */
export function StatusTag({ status, isBuyingStore, variant = 'staff' }: { status: InventoryStatus; isBuyingStore: boolean; variant?: 'staff' | 'consigner' }) {
  return (
    <Tag color={statusColor(status, variant)} style={{ marginInlineEnd: 0 }} data-testid="status-tag">
      {statusLabel(status, { isBuyingStore })}
    </Tag>
  );
}

/** Option values beyond the size (condition, box), as one line. */
export function optionLine(item: ListItem): string {
  return [item.option2Value, item.option3Value].filter(Boolean).join(' · ');
}

export function daysActiveText(item: ListItem): string {
  return item.daysActive === null ? '—' : daysOldLabel(item.daysActive);
}

/** Price, plus what is pending on it: a consigner's requested price, the store's asked price, or the store-request range. */
export function PriceCell({ item, currency, portal = false }: { item: ListItem; currency: string; portal?: boolean }) {
  const pending =
    item.status === 'RequestPriceChange' && item.requestedPrice !== null
      ? portal
        ? pendingPriceChangeText(item.requestedPrice, currency)
        : `Requested ${money(item.requestedPrice, currency)}`
      : item.status === 'StoreRequestPriceChange' && item.requestedPrice !== null
        ? `Store asks ${money(item.requestedPrice, currency)}`
        : item.storeRequestPriceRange
          ? `Range ${money(item.storeRequestPriceRange.low, currency)}–${money(item.storeRequestPriceRange.high, currency)}`
          : null;
  return (
    <span className="br-inv-price">
      <span>{money(item.price, currency)}</span>
      {pending && (
        <span className="br-inv-sub" data-testid="price-pending">
          {pending}
        </span>
      )}
    </span>
  );
}

/** The consigner's own pending request, in the spec's words: 'Request for price change to $90.00 pending'. */
function pendingPriceChangeText(requestedPrice: number, currency: string): string {
  // formatMoney carries the symbol; the spec's text puts {currency} before the bare amount
  const symbol = currencySymbol(currency);
  const amount = formatMoney(toMinor(requestedPrice), currency);
  return INVENTORY_MESSAGES.pendingPriceChange(symbol, amount.startsWith(symbol) ? amount.slice(symbol.length).trim() : amount);
}

/** What the consigner gets for the item (after fees); a store account's items show their cost. */
export function PayoutCell({ item, currency }: { item: ListItem; currency: string }) {
  return (
    <span className="br-inv-price" data-testid="item-payout">
      {money(item.payout, currency)}
    </span>
  );
}

/** ADD TRACKING / TRACK: only for Sold items at ONLINE MARKETPLACE (catalogue doc section 4). */
export function hasTracking(item: ListItem): boolean {
  return item.status === 'Sold' && item.location === ONLINE_MARKETPLACE;
}

export function TrackingCell({ item, onOpen }: { item: ListItem; onOpen: (item: ListItem) => void }) {
  if (!hasTracking(item)) return null;
  return (
    <Typography.Link strong onClick={() => onOpen(item)} data-testid="tracking-link">
      {item.trackingCode ? 'TRACK' : 'ADD TRACKING'}
    </Typography.Link>
  );
}

export function EditLink({ id, iconOnly = false }: { id: string; iconOnly?: boolean }) {
  // Spec: Edit opens the item screen in a new tab.
  const link = (
    <a href={`/inventories/${id}`} target="_blank" rel="noopener noreferrer" data-testid="edit-link" aria-label={iconOnly ? 'Edit (opens in a new tab)' : undefined} className={iconOnly ? 'br-inv-edit-icon' : undefined}>
      <EditOutlined /> {iconOnly ? null : 'Edit'}
    </a>
  );
  // a compact list's column is the icon alone, named by its tooltip and aria-label
  return iconOnly ? <Tooltip title="Edit">{link}</Tooltip> : link;
}

export function ConsignerLink({ item }: { item: ListItem }) {
  if (!item.consigner) return <span className="br-inv-sub">—</span>;
  const name = `${item.consigner.firstName} ${item.consigner.lastName}`.trim() || item.consigner.email;
  return <RouteLink to={`/consigners/${item.consigner.id}`}>{name}</RouteLink>;
}

export function OrderLink({ item }: { item: ListItem }) {
  if (!item.orderId) return <span className="br-inv-sub">—</span>;
  return <RouteLink to={`/orders/${item.orderId}`}>{item.order?.name ?? 'Order'}</RouteLink>;
}

export function LocationText({ item }: { item: ListItem }) {
  if (!item.location) return <span className="br-inv-sub">—</span>;
  return (
    <span>
      {item.location}
      {item.subLocation && <span className="br-inv-sub">{item.subLocation}</span>}
    </span>
  );
}

/** The item's next markdown ('25% off on Jan 3, 2027'), or null when none is coming (docs/consignment-terms.md "Markdowns"). */
export function nextMarkdownText(item: ListItem): string | null {
  return item.nextMarkdown ? `${item.nextMarkdown.percentOff}% off on ${dayjs(item.nextMarkdown.onDay).format('MMM D, YYYY')}` : null;
}

/** The day the item's consignment ends ('Dec 29, 2026'), or a dash when it has none (docs/consignment-terms.md). */
export function consignmentEndText(item: ListItem): string {
  return item.consignmentEndsAt ? dayjs(item.consignmentEndsAt).format('MMM D, YYYY') : '—';
}
