// Ready to Pay's consigners (docs/consigner-account.md "Holds and the payout minimum", "Payouts on
// request"): from GET /api/payouts/readiness, the ledger's payable money per consigner, held money apart
// with the day it becomes payable, who is below the minimum (a run leaves them out) and who asked to be
// paid, with Pay request (the one payout path). Shown when the store has a hold or a minimum, or requests.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Flex, Popconfirm, Segmented, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ClockCircleOutlined, DollarOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDateLong, type TPayoutReadinessRow } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { RouteLink } from '../../shared/ui/RouteLink';
import { usePayRequest, usePayoutReadiness } from './payouts.api';

type Props = { word: string; money: (major: number) => string; isMobile: boolean; onConsigner: (id: string) => void };

export function ReadinessPanel({ word, money, isMobile, onConsigner }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const readiness = usePayoutReadiness();
  const pay = usePayRequest();
  const [view, setView] = useState<'all' | 'requested'>('all');
  const data = readiness.data;
  if (!data || (data.holdDays === 0 && data.minimum === 0 && !data.consigners.some((c) => c.request))) return null;
  const rows = view === 'requested' ? data.consigners.filter((c) => c.request?.status === 'Open') : data.consigners;

  const onPay = (row: TPayoutReadinessRow) =>
    pay.mutate(row.request!.id, {
      onSuccess: (payout) => navigate(`/payouts/${payout.id}`),
      onError: (error) => void message.error(errorMessage(error), 6),
    });

  const nameCell = (row: TPayoutReadinessRow) => (
    <Flex vertical gap={2}>
      <Flex gap={6} align="center" wrap>
        <Typography.Link onClick={() => onConsigner(row.consignerId)} data-testid="readiness-name">
          {row.name}
        </Typography.Link>
        {row.request?.status === 'Open' && (
          <Tag color="gold" style={{ marginInlineEnd: 0 }} data-testid="requested-tag">
            Requested
          </Tag>
        )}
      </Flex>
      {row.request?.status === 'Open' && <span className="br-pay-sub">Asked {formatDateLong(row.request.createdAt)}</span>}
      {row.request?.status === 'Paying' && row.request.payoutId && (
        <span className="br-pay-sub">
          Being paid in <RouteLink to={`/payouts/${row.request.payoutId}`}>{row.request.payoutName}</RouteLink>
        </span>
      )}
    </Flex>
  );
  const payableCell = (row: TPayoutReadinessRow) => (
    <Flex vertical gap={2} align={isMobile ? 'flex-start' : 'flex-end'}>
      <Typography.Text strong>{money(row.payable)}</Typography.Text>
      {row.belowMinimum && (
        <Tag color="warning" icon={<WarningOutlined />} style={{ marginInlineEnd: 0 }} data-testid="below-minimum">
          {row.reason}
        </Tag>
      )}
    </Flex>
  );
  const heldCell = (row: TPayoutReadinessRow) => {
    if (row.heldUntil.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
    // dated holds first; online orders not shipped yet have no date until they ship
    const dated = row.heldUntil.filter((h) => h.payableOn !== null);
    const awaiting = row.heldUntil.find((h) => h.payableOn === null);
    return (
      <Flex vertical gap={2} align={isMobile ? 'flex-start' : 'flex-end'} data-testid="held-cell">
        {dated.slice(0, 3).map((h) => (
          <span key={h.payableOn}>
            {money(h.amount)} <span className="br-pay-sub">from {formatDateLong(h.payableOn!)}</span>
          </span>
        ))}
        {dated.length > 3 && <span className="br-pay-sub">and {money(dated.slice(3).reduce((a, h) => a + h.amount, 0))} later</span>}
        {awaiting && (
          <span data-testid="held-awaiting-shipping">
            {money(awaiting.amount)} <span className="br-pay-sub">awaiting shipping</span>
          </span>
        )}
      </Flex>
    );
  };
  const actionCell = (row: TPayoutReadinessRow) =>
    row.request?.status === 'Open' ? (
      <Popconfirm
        title={`Pay ${row.name} ${money(row.payable)}?`}
        description="A payout of their items ready to pay (not those on hold)."
        okText="Pay"
        onConfirm={() => onPay(row)}
        disabled={row.payable <= 0 || row.belowMinimum}
      >
        <Button type="primary" size="small" icon={<DollarOutlined />} loading={pay.isPending && pay.variables === row.request.id} disabled={row.payable <= 0 || row.belowMinimum} data-testid="pay-request">
          Pay request
        </Button>
      </Popconfirm>
    ) : null;

  const columns: TableColumnsType<TPayoutReadinessRow> = [
    { title: word, key: 'name', render: (_, row) => nameCell(row) },
    { title: 'Ready to pay', key: 'payable', align: 'right', width: 260, render: (_, row) => payableCell(row) },
    { title: 'On hold', key: 'held', align: 'right', width: 240, render: (_, row) => heldCell(row) },
    { title: '', key: 'action', align: 'right', width: 140, render: (_, row) => actionCell(row) },
  ];

  const days = `${data.holdDays} ${data.holdDays === 1 ? 'day' : 'days'}`;
  const hold = data.holdDays > 0 ? `Sales are payable ${days} after the sale${data.holdFrom === 'shipping' ? `, online orders ${days} after they ship` : ''}` : null;
  const rules = [hold, data.minimum > 0 ? `Minimum payout ${money(data.minimum)}` : null].filter(Boolean).join(' · ');

  return (
    <section className="br-pay-readiness" data-testid="readiness-panel" aria-label={`${word}s to pay`}>
      <Flex justify="space-between" align={isMobile ? 'stretch' : 'center'} gap={8} vertical={isMobile} style={{ marginBottom: 8 }}>
        <Flex vertical>
          <Typography.Text strong>
            <ClockCircleOutlined /> {word}s to pay
          </Typography.Text>
          {rules && <span className="br-pay-sub br-pay-readiness-rules" data-testid="readiness-rules">{rules}</span>}
        </Flex>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'all' | 'requested')}
          options={[
            { value: 'all', label: 'All' },
            { value: 'requested', label: `Requested (${data.requested})` },
          ]}
          data-testid="readiness-filter"
        />
      </Flex>
      {isMobile ? (
        <Flex vertical gap={8}>
          {rows.map((row) => (
            <div key={row.consignerId} className="br-pay-readiness-card" data-testid="readiness-row">
              <Flex justify="space-between" align="flex-start" gap={8}>
                {nameCell(row)}
                {actionCell(row)}
              </Flex>
              <Flex justify="space-between" gap={8} style={{ marginTop: 6 }}>
                <Flex vertical>
                  <span className="br-pay-sub">Ready to pay</span>
                  {payableCell(row)}
                </Flex>
                <Flex vertical align="flex-end">
                  <span className="br-pay-sub">On hold</span>
                  {heldCell(row)}
                </Flex>
              </Flex>
            </div>
          ))}
          {rows.length === 0 && <Typography.Text type="secondary">No open requests.</Typography.Text>}
        </Flex>
      ) : (
        <Table<TPayoutReadinessRow>
          size="small"
          rowKey="consignerId"
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, hideOnSinglePage: true } : false}
          locale={{ emptyText: 'No open requests.' }}
          onRow={() => ({ 'data-testid': 'readiness-row' }) as React.HTMLAttributes<HTMLElement>}
        />
      )}
    </section>
  );
}
