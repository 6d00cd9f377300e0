import { Alert, Card, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { activitySummary, activityWording } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { ActivityChangeLine } from '../activity/ActivityChanges';
import { useInventoryLogs, type InventoryLog } from './inventory-item.api';
import { activityFormat, type OptionNames } from './log-text';

/**
 * The item's history (catalogue doc section 2, Inventory item: "A timeline of changes sits below"),
 * worded as the Activity feed words it (the domain's activityWording). The server already drops the
 * blank duplicate status entries from the whole history (the SQL twin of dropBlankDuplicates).
 */
export function ItemTimeline({ inventoryId, currency, options }: { inventoryId: string; currency: string | null; options: OptionNames }) {
  const logs = useInventoryLogs(inventoryId);
  return (
    <Card title="History" data-testid="item-timeline">
      {logs.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : logs.isError ? (
        <Alert type="warning" showIcon title="The history could not be loaded" description={errorMessage(logs.error)} />
      ) : logs.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes recorded for this item yet." />
      ) : (
        <Timeline items={logs.data.map((log) => ({ key: log.id, content: <Entry log={log} currency={currency} options={options} /> }))} />
      )}
    </Card>
  );
}

// The order and payout an entry put the item in: the feed leaves their ids out, the timeline links them.
const LINKED: { field: string; label: string; path: string }[] = [
  { field: 'orderId', label: 'Order', path: '/orders/' },
  { field: 'payoutId', label: 'Payout', path: '/payouts/' },
];
const idOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

function Entry({ log, currency, options }: { log: InventoryLog; currency: string | null; options: OptionNames }) {
  const who = log.lastUpdatedBy.name || 'Someone';
  const wording = activityWording(log, activityFormat(currency, options));
  const links = LINKED.flatMap(({ field, label, path }) => {
    const f = log.modifiedFields.find((m) => m.variableChanged === field);
    const id = f ? (idOf(f.afterValue) ?? idOf(f.beforeValue)) : null;
    return f && id ? [{ field, label, to: `${path}${id}`, removed: idOf(f.afterValue) === null, name: f.afterLabel || f.beforeLabel || null }] : [];
  });
  return (
    <Flex vertical gap={2} data-testid="timeline-entry">
      <Typography.Text>
        <Typography.Text strong>{who}</Typography.Text> {activitySummary(wording)}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
          {formatDateTime(log.updatedAt)}
        </Typography.Text>
      </Typography.Text>
      {/* the payout's line is its link below */}
      {wording.kind === 'changes' &&
        wording.changes.filter((c) => !c.reference).map((c, i) => <ActivityChangeLine key={`${c.field}-${i}`} change={c} testId="timeline-change" />)}
      {links.map((l) => (
        <Typography.Text key={l.field} className="activity-change" data-testid="timeline-link">
          <Typography.Text type="secondary">{l.label}:</Typography.Text> <Link to={l.to}>{l.removed ? `Left this ${l.label.toLowerCase()}` : l.name ? l.name : `View ${l.label.toLowerCase()}`}</Link>
        </Typography.Text>
      ))}
    </Flex>
  );
}
