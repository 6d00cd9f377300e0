import type { HTMLAttributes, ReactNode } from 'react';
import { Flex } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateShort } from '@backroom/domain';
import { ListView, type ListQueryState } from '../../../shared/ui/ListView';
import type { PortalBoughtItem } from './portal-payouts.api';
import { InPayout, Sku, Thumb, optionsOf } from './PortalPayoutParts';

/** The Ready to Pay tab: what the store bought from the consigner and still owes. */
export function ReadyList(props: { list: ListQueryState & { data?: { rows: PortalBoughtItem[]; amount: number; total: number } }; isMobile: boolean; money: (n: number) => string; empty: ReactNode }) {
  const { list, isMobile, money, empty } = props;
  const rows = list.data?.rows ?? [];
  const owed = list.data && list.data.total > 0 && (
    <Flex justify="space-between" align="center" className="br-pay-bar" data-testid="ready-owed">
      <span>
        {list.data.total} {list.data.total === 1 ? 'item' : 'items'} bought by the store
      </span>
      <span>
        To be paid <span className="br-pay-amount">{money(list.data.amount)}</span>
      </span>
    </Flex>
  );
  const columns: TableColumnsType<PortalBoughtItem> = [
    {
      title: 'Item',
      key: 'item',
      render: (_, it) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <Thumb src={it.image} />
          <Flex vertical style={{ minWidth: 0 }}>
            <span className="br-pay-title">{it.title}</span>
            <span className="br-pay-sub">{optionsOf(it) || '—'}</span>
          </Flex>
        </Flex>
      ),
    },
    { title: 'SKU', key: 'sku', width: 140, render: (_, it) => <Sku sku={it.sku} /> },
    { title: 'Taken in', key: 'accepted', width: 110, render: (_, it) => (it.acceptedOn ? formatDateShort(it.acceptedOn) : '—') },
    { title: 'Payout', key: 'payout', width: 190, render: (_, it) => <InPayout item={it} /> },
    {
      title: 'Amount',
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_, it) => (
        <span className="br-pay-amount" data-testid="ready-amount">
          {money(it.total)}
        </span>
      ),
    },
  ];
  // a phone shows the bar over its cards only, a desktop over the table
  const showOwed = !list.isError && (!isMobile || (!list.isPending && rows.length > 0));
  return (
    <>
      {showOwed && owed}
      <ListView<PortalBoughtItem>
        list={list}
        rows={rows}
        isMobile={isMobile}
        errorText="The items could not be loaded."
        empty={empty}
        loadingTestId="payouts-loading"
        skeletonRows={5}
        emptyHeight={200}
        cardsTestId="ready-cards"
        cards={() =>
          rows.map((it) => (
            <div key={it.id} className="br-pay-card br-pay-card-static" data-testid="ready-row">
              <Flex gap={10} align="flex-start">
                <Thumb src={it.image} />
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <span className="br-pay-title">{it.title}</span>
                  <span className="br-pay-sub">
                    <Sku sku={it.sku} />
                    {optionsOf(it) ? ` · ${optionsOf(it)}` : ''}
                  </span>
                  <span className="br-pay-sub">Taken in {it.acceptedOn ? formatDateShort(it.acceptedOn) : '—'}</span>
                </Flex>
                <span className="br-pay-amount" style={{ fontSize: 16 }} data-testid="ready-amount">
                  {money(it.total)}
                </span>
              </Flex>
              <div style={{ marginTop: 8 }}>
                <InPayout item={it} />
              </div>
            </div>
          ))
        }
        table={{ columns, onRow: () => ({ 'data-testid': 'ready-row' }) as HTMLAttributes<HTMLElement> }}
      />
    </>
  );
}
