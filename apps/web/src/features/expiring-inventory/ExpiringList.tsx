import type { HTMLAttributes } from 'react';
import { Card, Checkbox, Empty, Flex, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { END_OF_TERM_ACTION_LABELS, TERM_REQUEST_LABELS, type ExpiringState } from '@backroom/domain';
import { ListView, type ListQueryState } from '../../shared/ui/ListView';
import { RouteLink } from '../../shared/ui/RouteLink';
import type { ExpiringItem } from './expiring.api';

const STATE_TAGS: Record<ExpiringState, { color: string; label: string }> = {
  ending: { color: 'gold', label: 'Ending' },
  grace: { color: 'orange', label: 'Grace' },
  due: { color: 'red', label: 'Due' },
};

/** "in 3 days", "today", "2 days ago": where the end stands from today. */
export function whenText(item: Pick<ExpiringItem, 'state' | 'days'>): string {
  if (item.state === 'ending') return item.days === 0 ? 'ends today' : `in ${item.days} ${item.days === 1 ? 'day' : 'days'}`;
  return `${item.days} ${item.days === 1 ? 'day' : 'days'} ago`;
}

const StateTag = ({ item }: { item: ExpiringItem }) => (
  <Tag color={STATE_TAGS[item.state].color} style={{ marginInlineEnd: 0 }} data-testid="term-state">
    {STATE_TAGS[item.state].label}
  </Tag>
);

/** The consigner's open request: "Requested: renew" (docs/consignment-terms.md "The consigner's requests"). */
const RequestTag = ({ item }: { item: ExpiringItem }) =>
  item.request ? (
    <Tag color={item.request.kind === 'renew' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }} data-testid="term-request">
      {TERM_REQUEST_LABELS[item.request.kind].tag}
    </Tag>
  ) : null;

const columns: TableColumnsType<ExpiringItem> = [
  { title: 'Code', dataIndex: 'code', width: 110, render: (code: string, r) => <RouteLink to={`/inventories/${r.id}`}>{code}</RouteLink> },
  { title: 'Title', dataIndex: 'title', ellipsis: true },
  { title: 'Consigner', dataIndex: 'consignerName', width: 180, ellipsis: true, render: (name: string, r) => <RouteLink to={`/consigners/${r.consignerId}`}>{name}</RouteLink> },
  {
    title: 'Ends',
    dataIndex: 'consignmentEndsAt',
    width: 170,
    render: (end: string, r) => (
      <Flex vertical>
        <span>{end}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {whenText(r)}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'State',
    dataIndex: 'state',
    width: 170,
    render: (_: unknown, r) => (
      <Flex gap={4} wrap>
        <StateTag item={r} />
        <RequestTag item={r} />
      </Flex>
    ),
  },
  { title: 'At the end', dataIndex: 'endAction', width: 200, render: (_: unknown, r) => END_OF_TERM_ACTION_LABELS[r.endAction].action },
];

/** The expiring items: a table with row selection on a desktop, cards with a checkbox on a phone. */
export function ExpiringList(props: {
  list: ListQueryState;
  rows: readonly ExpiringItem[];
  isMobile: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  withinDays: number;
  searching: boolean;
}) {
  const { list, rows, isMobile, selected, onSelect, withinDays, searching } = props;
  const empty = <Empty description={searching ? 'No expiring item matches this search.' : `No consignment ends in the next ${withinDays} days, and none has ended.`} />;
  const toggle = (id: string, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <ListView<ExpiringItem>
      list={list}
      rows={rows}
      isMobile={isMobile}
      errorText="The expiring items could not be loaded"
      empty={empty}
      loadingTestId="expiring-loading"
      cardsTestId="expiring-cards"
      cards={() =>
        rows.map((r) => (
          <Card key={r.id} size="small" data-testid="expiring-row" styles={{ body: { padding: 12 } }}>
            <Flex gap={12} align="flex-start">
              <Checkbox checked={selected.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} aria-label={`Select ${r.code}`} />
              <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong ellipsis>
                    {r.title}
                  </Typography.Text>
                  <StateTag item={r} />
                </Flex>
                <Typography.Text type="secondary">
                  <RouteLink to={`/inventories/${r.id}`}>{r.code}</RouteLink> · {r.consignerName}
                </Typography.Text>
                <Typography.Text>
                  Ends {r.consignmentEndsAt} ({whenText(r)}) · {END_OF_TERM_ACTION_LABELS[r.endAction].action}
                </Typography.Text>
                {r.request && (
                  <div>
                    <RequestTag item={r} />
                  </div>
                )}
              </Flex>
            </Flex>
          </Card>
        ))
      }
      table={{
        columns,
        size: 'middle',
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)), columnWidth: 48 },
        onRow: () => ({ 'data-testid': 'expiring-row' }) as HTMLAttributes<HTMLElement>,
      }}
    />
  );
}
