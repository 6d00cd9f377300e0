import type { ReactNode } from 'react';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { CalendarOutlined, DownOutlined, RightOutlined } from '@ant-design/icons';
import { formatDateShort } from '@backroom/domain';
import type { ListQueryState } from '../../../shared/ui/ListView';
import { PayoutStatusTag } from '../../payouts/parts';
import { PayoutCard, PayoutList } from '../../payouts/PayoutList';
import type { PortalPayout } from './portal-payouts.api';
import { PayoutItems } from './PortalPayoutParts';

const itemsWord = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The Paid tab: the consigner's paid payouts, each opening on its items. */
export function PaidList({ list, isMobile, money, empty }: { list: ListQueryState & { data?: { rows: PortalPayout[] } }; isMobile: boolean; money: (n: number) => string; empty: ReactNode }) {
  const rows = list.data?.rows ?? [];
  const columns: TableColumnsType<PortalPayout> = [
    {
      title: 'Payout',
      key: 'name',
      render: (_, p) => (
        <span className="br-pay-title" data-testid="payout-name">
          {p.name}
        </span>
      ),
    },
    { title: 'Date', key: 'date', width: 130, render: (_, p) => <span data-testid="payout-date">{formatDateShort(p.createdAt)}</span> },
    { title: 'Items', dataIndex: 'itemCount', key: 'items', width: 90, align: 'right' },
    {
      title: 'Amount',
      key: 'amount',
      width: 150,
      align: 'right',
      render: (_, p) => (
        <span className="br-pay-amount" data-testid="payout-amount">
          {money(p.total)}
        </span>
      ),
    },
    { title: 'Status', key: 'status', width: 110, align: 'right', render: (_, p) => <PayoutStatusTag status={p.shareStatus} /> },
  ];
  return (
    <PayoutList<PortalPayout>
      list={list}
      rows={rows}
      isMobile={isMobile}
      errorText="Your payouts could not be loaded."
      empty={empty}
      skeletonRows={5}
      emptyHeight={200}
      columns={columns}
      lines={(p) => <PayoutItems payout={p} money={money} isMobile={false} />}
      card={(p, open, toggle) => (
        <PayoutCard
          title={
            <span className="br-pay-title" data-testid="payout-name">
              {p.name}
            </span>
          }
          sub={
            <>
              <CalendarOutlined /> {formatDateShort(p.createdAt)} · {itemsWord(p.itemCount)}
            </>
          }
          amount={money(p.total)}
          amountSize={17}
          amountTestId="payout-amount"
          status={p.shareStatus}
          open={open}
          lines={() => <PayoutItems payout={p} money={money} isMobile />}
          actions={
            <Button block icon={open ? <DownOutlined /> : <RightOutlined />} onClick={toggle} style={{ marginTop: 10 }} data-testid="expand-payout">
              {open ? 'Hide items' : `Show ${itemsWord(p.itemCount)}`}
            </Button>
          }
        />
      )}
    />
  );
}
