import { Fragment, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Flex } from 'antd';
import type { TableColumnsType } from 'antd';
import { ListView, type ListQueryState } from '../../shared/ui/ListView';
import { PayoutStatusTag } from './parts';

/**
 * A list of payouts, each opening on its lines (a consigner's shares on /payouts for staff, the
 * items of the payout on the consigner portal's Payout page): a table whose rows expand on a click,
 * cards with their own open button on a phone. Which rows are open is the list's own.
 */
export function PayoutList<T extends { id: string }>(props: {
  list: ListQueryState;
  rows: readonly T[];
  isMobile: boolean;
  errorText: string;
  empty: ReactNode;
  skeletonRows: number;
  emptyHeight: number;
  columns: TableColumnsType<T>;
  lines: (row: T) => ReactNode;
  card: (row: T, open: boolean, toggle: () => void) => ReactNode;
}) {
  const { list, rows, isMobile, errorText, empty, skeletonRows, emptyHeight, columns, lines, card } = props;
  const [expanded, setExpanded] = useState<string[]>([]);
  const toggle = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));
  return (
    <ListView<T>
      list={list}
      rows={rows}
      isMobile={isMobile}
      errorText={errorText}
      empty={empty}
      loadingTestId="payouts-loading"
      skeletonRows={skeletonRows}
      emptyHeight={emptyHeight}
      cardsTestId="payout-cards"
      cards={() => rows.map((row) => <Fragment key={row.id}>{card(row, expanded.includes(row.id), () => toggle(row.id))}</Fragment>)}
      table={{
        className: 'br-pay-table',
        columns,
        expandable: {
          expandedRowKeys: expanded,
          onExpand: (_open, row) => toggle(row.id),
          expandedRowRender: (row) => lines(row),
          columnWidth: 48,
        },
        onRow: (row) => ({ 'data-testid': 'payout-row', onClick: () => toggle(row.id) }) as HTMLAttributes<HTMLElement>,
      }}
    />
  );
}

/** A phone's card of one payout: its name and date, amount and status, the open button, then its lines when open. */
export function PayoutCard(props: { title: ReactNode; sub: ReactNode; amount: string; amountSize: number; amountTestId: string; status: string; actions: ReactNode; open: boolean; lines: () => ReactNode }) {
  const { title, sub, amount, amountSize, amountTestId, status, actions, open, lines } = props;
  return (
    <div className="br-pay-card br-pay-card-static" data-testid="payout-row">
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Flex vertical style={{ minWidth: 0 }}>
          {title}
          <span className="br-pay-sub">{sub}</span>
        </Flex>
        <Flex vertical align="flex-end" gap={4}>
          <span className="br-pay-amount" style={{ fontSize: amountSize }} data-testid={amountTestId}>
            {amount}
          </span>
          <PayoutStatusTag status={status} />
        </Flex>
      </Flex>
      {actions}
      {open && <div style={{ marginTop: 10 }}>{lines()}</div>}
    </div>
  );
}
