import { Button, Card, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { formatDateShort, truncateSku, type TPayoutItem, type TPayoutShareDetail } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ChequeTags, ConsignerName, PayoutStatusTag } from './parts';

export const PROVIDER_NAMES: Record<string, string> = { manual: 'Paid by hand', checkbook: 'Checkbook', paypal: 'PayPal Payouts', mixed: 'Checkbook and PayPal' };

/** One consigner's share of a payout: who, the items, the amount, its status and what can be done. */
export function ShareCard({
  share,
  currency,
  onMarkPaid,
  marking,
  onBankDetails,
}: {
  share: TPayoutShareDetail;
  currency: string;
  onMarkPaid?: () => Promise<unknown>;
  marking: boolean;
  onBankDetails: () => void;
}) {
  const isMobile = useIsMobile();
  const money = (major: number) => formatPrice(major, currency);
  const columns: TableColumnsType<TPayoutItem> = [
    {
      title: 'Item',
      key: 'item',
      render: (_, item) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <RouteLink to={`/inventories/${item.id}`} className="br-pay-title">
            {item.title}
          </RouteLink>
          <span className="br-pay-sub" title={item.sku}>
            {item.code} · {truncateSku(item.sku)}
            {item.option1Value ? ` · ${item.option1Value}` : ''}
          </span>
        </Flex>
      ),
    },
    {
      title: 'Order',
      key: 'order',
      width: 150,
      render: (_, item) =>
        item.orderId ? (
          <RouteLink to={`/orders/${item.orderId}`}>{item.orderName ?? 'Order'}</RouteLink>
        ) : item.bought ? (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            Bought
          </Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: 'Date sold', key: 'soldOn', width: 110, render: (_, item) => (item.soldOn ? formatDateShort(item.soldOn) : '—') },
    { title: 'Status', key: 'status', width: 100, render: (_, item) => <Tag style={{ marginInlineEnd: 0 }} color={item.status === 'Paid' ? 'success' : undefined} data-testid="item-status">{item.status}</Tag> },
    { title: 'Price', key: 'price', width: 110, align: 'right', render: (_, item) => money(item.price) },
    { title: 'Payout', key: 'total', width: 120, align: 'right', render: (_, item) => <span className="br-pay-amount">{money(item.total)}</span> },
  ];

  return (
    <Card
      data-testid="share-card"
      title={
        <Flex align="center" gap={8} wrap style={{ paddingBlock: 8 }}>
          <ConsignerName consigner={{ id: share.consignerId, name: share.name, email: share.email }} strong />
          <PayoutStatusTag status={share.status} testId="share-status" />
          {share.automated && (
            <Tooltip title="Sent by the store's payout provider">
              <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
                {PROVIDER_NAMES[share.provider]}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      }
      extra={
        !isMobile && (
          <Flex gap={8}>
            {onMarkPaid && (
              <Popconfirm title={`Mark ${share.name}'s share as paid?`} okText="Mark as paid" onConfirm={onMarkPaid}>
                <Button size="small" loading={marking} data-testid="share-mark-paid">
                  Mark paid
                </Button>
              </Popconfirm>
            )}
            <Button size="small" icon={<BankOutlined />} onClick={onBankDetails} data-testid="bank-details-button">
              Bank Details
            </Button>
          </Flex>
        )
      }
      styles={{ body: { padding: isMobile ? 12 : 20 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Flex gap={isMobile ? 12 : 32} wrap align="flex-start" style={{ marginBottom: 16 }}>
        <Flex vertical>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Total
          </Typography.Text>
          <Typography.Text strong style={{ fontSize: 20 }} className="br-pay-amount" data-testid="share-total">
            {money(share.total)}
          </Typography.Text>
        </Flex>
        {share.carried !== 0 && (
          // net payable (docs/payouts.md): the items' payouts less the fees the consigner owed
          <Flex vertical data-testid="share-deduction">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {share.carried < 0 ? 'Fees owed taken' : 'Owed to them, added'}
            </Typography.Text>
            <Typography.Text style={{ fontSize: 20 }} className="br-pay-amount">
              {share.carried < 0 ? `−${money(-share.carried)}` : `+${money(share.carried)}`}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              of {money(share.gross)} for the items
            </Typography.Text>
          </Flex>
        )}
        <Flex vertical>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Items
          </Typography.Text>
          <Typography.Text style={{ fontSize: 20 }}>{share.itemCount}</Typography.Text>
        </Flex>
        <Flex vertical>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Payout type
          </Typography.Text>
          <Typography.Text style={{ fontSize: 20 }}>{share.payoutType ?? '—'}</Typography.Text>
        </Flex>
        <Flex vertical gap={4} style={{ minWidth: isMobile ? '100%' : 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {share.cheques.length === 1 ? 'Cheque' : 'Cheques'}
          </Typography.Text>
          <ChequeTags cheques={share.cheques} currency={currency} />
        </Flex>
      </Flex>
      {isMobile ? (
        <>
          <Flex vertical className="br-pay-subrows" data-testid="share-items">
            {share.inventories.map((item) => (
              <Flex key={item.id} justify="space-between" gap={8} className="br-pay-subrow">
                <Flex vertical style={{ minWidth: 0 }}>
                  <RouteLink to={`/inventories/${item.id}`} className="br-pay-title">
                    {item.title}
                  </RouteLink>
                  <span className="br-pay-sub">
                    {item.code}
                    {item.option1Value ? ` · ${item.option1Value}` : ''}
                    {item.orderName ? ` · ${item.orderName}` : item.bought ? ' · Bought' : ''}
                  </span>
                </Flex>
                <Flex vertical align="flex-end" style={{ flex: 'none' }}>
                  <span className="br-pay-amount">{money(item.total)}</span>
                  <span className="br-pay-sub" data-testid="item-status">
                    {item.status}
                  </span>
                </Flex>
              </Flex>
            ))}
          </Flex>
          <Flex gap={8} style={{ marginTop: 12 }}>
            <Button icon={<BankOutlined />} onClick={onBankDetails} style={{ flex: 1 }} data-testid="bank-details-button">
              Bank Details
            </Button>
            {onMarkPaid && (
              <Popconfirm title={`Mark ${share.name}'s share as paid?`} okText="Mark as paid" onConfirm={onMarkPaid}>
                <Button loading={marking} style={{ flex: 1 }} data-testid="share-mark-paid">
                  Mark paid
                </Button>
              </Popconfirm>
            )}
          </Flex>
        </>
      ) : (
        <Table<TPayoutItem>
          rowKey="id"
          size="small"
          dataSource={share.inventories}
          columns={columns}
          tableLayout="fixed"
          pagination={share.inventories.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          data-testid="share-items"
        />
      )}
    </Card>
  );
}
