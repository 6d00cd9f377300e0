import { Card, Flex, Typography } from 'antd';
import { activitySummary, activityWording, type TInventoryLog } from '@backroom/domain';
import { formatDateTime } from '../../shared/format';
import { activityFormat } from '../inventory-item/log-text';
import { ActivityChangeLine } from './ActivityChanges';
import './activity.css';

/**
 * One log entry (catalogue doc section 2, Activity): the product title, who changed which fields
 * from what to what (the domain's activityWording: 'added this item', Owner with names, no
 * 'empty ->'). A click opens the item in a new tab.
 */
export function ActivityCard({ log, currency }: { log: TInventoryLog; currency: string | null }) {
  const wording = activityWording(log, activityFormat(currency));
  const who = log.lastUpdatedBy.name || 'Someone';
  const title = log.inventory.product.title || log.inventory.title || 'Untitled item';
  return (
    <a className="activity-card-link" href={`/inventories/${log.inventory.id}`} target="_blank" rel="noopener noreferrer" data-testid="activity-card">
      <Card size="small" hoverable className="activity-card">
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Text strong className="activity-card-title">
            {title}
          </Typography.Text>
          <Typography.Text type="secondary" className="activity-card-time">
            {formatDateTime(log.updatedAt)}
          </Typography.Text>
        </Flex>
        <Typography.Text>
          <Typography.Text strong>{who}</Typography.Text> {activitySummary(wording)}
        </Typography.Text>
        {wording.kind === 'changes' && wording.changes.map((c, i) => <ActivityChangeLine key={`${c.field}-${i}`} change={c} testId="activity-change" />)}
        <span className="br-sr-only"> (opens the item in a new tab)</span>
      </Card>
    </a>
  );
}
