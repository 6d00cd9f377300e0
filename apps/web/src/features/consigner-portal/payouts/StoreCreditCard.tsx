// The consigner's store credit on their Payout page (docs/consigner-account.md "Store credit"): the
// balance, the code staff type at the counter to find it, the store's bonus, and the movements (credit
// taken from a payout, the bonus, spends in store, spends given back), newest first. A list of rows
// rather than a table, so it reads the same on a phone. Shown when there is credit or history, or
// when the consigner takes their payouts as store credit.
import { Empty, Flex, Tag, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { formatDateLong } from '@backroom/domain';
import { useStoreCredit } from './portal-payouts.api';

type Props = { consignerId: string; money: (major: number) => string };

export function StoreCreditCard({ consignerId, money }: Props) {
  const credit = useStoreCredit(consignerId);
  const c = credit.data;
  if (!c || (c.movementCount === 0 && c.balance === 0 && !c.paidAsCredit)) return null;
  const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : `−${money(-amount)}`);
  return (
    <section className="br-pp-balance" data-testid="store-credit" aria-label="Your store credit">
      <Flex vertical gap={2}>
        <span className="br-pay-sub">
          <GiftOutlined /> Store credit
        </span>
        <Typography.Text strong style={{ fontSize: 24 }} data-testid="store-credit-balance">
          {money(c.balance)}
        </Typography.Text>
        <span className="br-pay-sub" style={{ whiteSpace: 'normal' }}>
          {c.paidAsCredit ? `Your payouts are taken as store credit${c.bonusPercent > 0 ? `, with a ${c.bonusPercent}% store bonus` : ''}.` : c.bonusPercent > 0 ? `Take payouts as store credit for a ${c.bonusPercent}% bonus (Settings).` : 'Spend it in the store.'}
        </span>
        <span className="br-pay-sub" style={{ whiteSpace: 'normal' }}>
          Your store credit code, to give at the till:{' '}
          <Tag style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 14, marginInlineEnd: 0 }} data-testid="credit-code">
            {c.code}
          </Tag>
        </span>
      </Flex>
      {c.movements.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No store credit yet" />
      ) : (
        <ul className="br-pp-credit-list" data-testid="credit-movements">
          {c.movements.map((m) => (
            <li key={m.id} data-testid="credit-movement">
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong>{m.label}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                  {formatDateLong(m.createdAt)}
                  {m.memo ? ` · ${m.memo}` : ''}
                </Typography.Text>
              </Flex>
              <Typography.Text strong type={m.amount < 0 ? undefined : 'success'} style={{ flex: 'none' }}>
                {signed(m.amount)}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {c.movementCount > c.movements.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          The newest {c.movements.length} of {c.movementCount} movements.
        </Typography.Text>
      )}
    </section>
  );
}
