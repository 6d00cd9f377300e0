// The Ready to Pay list's cells, shared by its table and its phone cards.
import { Checkbox, Flex, Tag, Tooltip } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { ZERO_PAYOUT_WARNING, formatDateShort, itemHasZeroPayoutWarning, toMinor, truncateSku } from '@backroom/domain';
import { ItemImage } from '../../shared/ui/ItemImage';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ConsignerName } from './parts';
import type { ReadyItem } from './payouts.api';

function Thumb({ src, size = 44 }: { src: string | null; size?: number }) {
  return <ItemImage src={src} size={size} className="br-pay-thumb" />;
}

export const warnsZero = (item: ReadyItem) => itemHasZeroPayoutWarning({ payoutFeeMinor: toMinor(item.payoutFee), payoutMinor: toMinor(item.payout) });

/** The item: its image, title (a link to the item) and code, SKU and size. */
export function ReadyItemCell({ item }: { item: ReadyItem }) {
  return (
    <Flex gap={10} align="center" style={{ minWidth: 0 }}>
      <Thumb src={item.image ?? item.product.image} />
      <Flex vertical style={{ minWidth: 0 }}>
        <RouteLink to={`/inventories/${item.id}`} className="br-pay-title">
          {item.product.title || item.title}
        </RouteLink>
        <span className="br-pay-sub" title={item.product.sku || item.sku}>
          {item.code} · {truncateSku(item.product.sku || item.sku)}
          {item.option1Value ? ` · ${item.option1Value}` : ''}
        </span>
      </Flex>
    </Flex>
  );
}

/** What the item pays out (quantity times unit payout), with the zero-payout warning. */
export function ReadyPayoutCell({ item, money, isMobile }: { item: ReadyItem; money: (major: number) => string; isMobile: boolean }) {
  return (
    <Flex vertical align={isMobile ? 'flex-start' : 'flex-end'}>
      <span className="br-pay-amount" data-testid="ready-payout">
        {money(item.total)}
      </span>
      {item.quantity > 1 && <span className="br-pay-sub">{item.quantity} × {money(item.payout)}</span>}
      {warnsZero(item) && (
        <Tooltip title={ZERO_PAYOUT_WARNING}>
          <Tag color="warning" icon={<ExclamationCircleOutlined />} style={{ marginInlineEnd: 0, marginTop: 2 }} data-testid="zero-payout-tag">
            {money(0)} payout
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** 'Bought' for an item the store bought (its agreed price is owed); nothing for a sold one. */
export function boughtTag(item: ReadyItem) {
  return item.status === 'Sold' ? null : (
    <Tooltip title="Bought by the store: the agreed price is owed">
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        Bought
      </Tag>
    </Tooltip>
  );
}

/** A phone's card of one ready item: its check box, the item, and who, which order, price and payout. */
export function ReadyCard(props: { item: ReadyItem; on: boolean; toggle: (id: string, on: boolean) => void; word: string; money: (major: number) => string; isMobile: boolean }) {
  const { item, on, toggle, word, money, isMobile } = props;
  return (
    <label className={`br-pay-card${on ? ' br-pay-card-on' : ''}`} data-testid="ready-row">
      <Flex gap={10} align="flex-start">
        <Checkbox checked={on} onChange={(e) => toggle(item.id, e.target.checked)} aria-label={`Select ${item.code}`} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <ReadyItemCell item={item} />
        </div>
      </Flex>
      <dl className="br-pay-facts">
        <div>
          <dt>{word}</dt>
          <dd>
            <ConsignerName consigner={item.consigner} />
          </dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>
            {item.order ? `${item.order.name} · ${formatDateShort(item.order.orderDate)}` : (boughtTag(item) ?? '—')}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{money(item.price)}</dd>
        </div>
        <div>
          <dt>Payout</dt>
          <dd>
            <ReadyPayoutCell item={item} money={money} isMobile={isMobile} />
          </dd>
        </div>
      </dl>
    </label>
  );
}
