import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { StatementEntry } from '../../statements.api';
import { formatPrice } from '../../format';
import { useIsMobile } from '../../hooks';

const GROUP_TAGS: Record<StatementEntry['group'], { label: string; color: string }> = {
  sales: { label: 'Sales', color: 'green' },
  fees: { label: 'Fees', color: 'orange' },
  payouts: { label: 'Payouts', color: 'blue' },
  other: { label: 'Adjustments', color: 'purple' },
};

const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** The month's ledger entries: a table on a desktop, cards on a phone; an empty month says so. */
export function StatementEntries({ entries, currency, loading, emptyText }: { entries: StatementEntry[]; currency: string; loading: boolean; emptyText: string }) {
  const isMobile = useIsMobile();
  const money = (v: number) => formatPrice(v, currency);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid="statement-empty" />;
  const amount = (v: number) => (
    <Typography.Text className="br-statement-amount" type={v < 0 ? 'danger' : undefined}>
      {money(v)}
    </Typography.Text>
  );

  if (isMobile) {
    if (entries.length === 0) return empty;
    return (
      <Flex vertical gap={8} data-testid="statement-entries">
        {entries.map((e) => (
          <Card key={e.id} size="small" className="br-statement-entry" data-testid="statement-entry">
            <Flex justify="space-between" align="baseline" gap={8}>
              <Typography.Text strong>{e.kindLabel}</Typography.Text>
              {amount(e.amount)}
            </Flex>
            <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 4 }}>
              <Typography.Text type="secondary">{day(e.day)}</Typography.Text>
              <Tag color={GROUP_TAGS[e.group].color} style={{ marginInlineEnd: 0 }}>
                {GROUP_TAGS[e.group].label}
              </Tag>
            </Flex>
            {e.memo && (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} ellipsis={{ rows: 2 }}>
                {e.memo}
              </Typography.Paragraph>
            )}
          </Card>
        ))}
      </Flex>
    );
  }

  const columns: ColumnsType<StatementEntry> = [
    { key: 'day', title: 'Date', dataIndex: 'day', width: 130, render: (d: string) => day(d) },
    { key: 'group', title: 'Line', dataIndex: 'group', width: 130, render: (g: StatementEntry['group']) => <Tag color={GROUP_TAGS[g].color}>{GROUP_TAGS[g].label}</Tag> },
    { key: 'kind', title: 'Entry', dataIndex: 'kindLabel', width: 170 },
    { key: 'memo', title: 'Memo', dataIndex: 'memo', ellipsis: true, render: (m: string | null) => m ?? '' },
    { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', width: 140, render: (v: number) => amount(v) },
  ];
  return (
    <Table<StatementEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: empty }}
      data-testid="statement-entries"
    />
  );
}
