// The consigner portal's Payout page: the cells its two lists share (docs/consigner-portal.md, Payout page).
import { Button, Empty, Flex, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ShoppingOutlined } from '@ant-design/icons';
import { formatDateShort, truncateSku } from '@backroom/domain';
import type { PortalBoughtItem, PortalPayout } from './portal-payouts.api';

/** Spec 9: SKU display truncated at 10 characters plus an ellipsis in the consigner payout views. */
const SKU_CHARS = 10;

/** What an item is: its size and other options. */
export function optionsOf(item: { option1Value: string | null; option2Value: string | null; option3Value: string | null }): string {
  return [item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ');
}

export function Sku({ sku }: { sku: string }) {
  const shown = truncateSku(sku, SKU_CHARS);
  const text = <span className="br-pp-sku" data-testid="item-sku">{shown}</span>;
  return shown === sku ? text : <Tooltip title={sku}>{text}</Tooltip>;
}

export function Thumb({ src }: { src: string | null }) {
  return src ? (
    <img className="br-pay-thumb" src={src} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <span className="br-pay-thumb br-pp-thumb-empty" aria-hidden>
      <ShoppingOutlined />
    </span>
  );
}

export function EmptyList({ filtered, onClear, text }: { filtered: boolean; onClear: () => void; text: string }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? 'Nothing matches these dates or this search.' : text} data-testid="payouts-empty">
      {filtered && <Button onClick={onClear}>Clear filters</Button>}
    </Empty>
  );
}

/** The items of one payout (their share): item, SKU (10 characters), date sold YY/MM/DD, amount. */
export function PayoutItems({ payout, money, isMobile }: { payout: PortalPayout; money: (n: number) => string; isMobile: boolean }) {
  return (
    <Flex vertical className="br-pay-subrows" data-testid="payout-items">
      {payout.inventories.map((it) => (
        <Flex key={it.id} gap={isMobile ? 10 : 16} align="center" className="br-pay-subrow" data-testid="payout-item">
          <Thumb src={it.image} />
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <span className="br-pay-title">{it.title}</span>
            <span className="br-pay-sub">
              <Sku sku={it.sku} />
              {optionsOf(it) ? ` · ${optionsOf(it)}` : ''}
              {it.quantity > 1 ? ` · x${it.quantity}` : ''}
            </span>
          </Flex>
          {!isMobile && (
            <span className="br-pp-cell-date" data-testid="item-sold">
              {it.bought ? 'Bought by the store' : it.soldOn ? `Sold ${formatDateShort(it.soldOn)}` : '—'}
            </span>
          )}
          <Flex vertical align="flex-end" style={{ flex: 'none' }}>
            <span className="br-pay-amount" data-testid="item-amount">
              {money(it.total)}
            </span>
            {isMobile && <span className="br-pay-sub">{it.bought ? 'Bought' : it.soldOn ? `Sold ${formatDateShort(it.soldOn)}` : ''}</span>}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

export function InPayout({ item }: { item: PortalBoughtItem }) {
  return item.payoutName ? (
    <Tag color="blue" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }} data-testid="bought-state">
      In payout {item.payoutName}
    </Tag>
  ) : (
    <Tag color="gold" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }} data-testid="bought-state">
      Awaiting payout
    </Tag>
  );
}
