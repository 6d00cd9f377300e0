import { Card, Flex, Typography } from 'antd';
import { activityWording, isInventoryStatus, statusLabel, type TInventoryLog } from '@backroom/domain';
import { formatDateTime } from '../../shared/format';
import { fieldLabel, valueText } from '../inventory-item/log-text';
import './activity.css';

/**
 * One log entry (catalogue doc section 2, Activity): the product title, who changed which fields
 * from what to what (the domain's activityWording: 'added this item', Owner with names, no
 * 'empty ->'). A click opens the item in a new tab.
 */
export function ActivityCard({ log, currency }: { log: TInventoryLog; currency: string | null }) {
  const wording = activityWording(log, {
    label: (f) => fieldLabel(f),
    value: (f, v) => (f === 'status' && isInventoryStatus(v) ? statusLabel(v) : valueText(f, v, currency)),
  });
  const who = log.lastUpdatedBy.name || 'Someone';
  const title = log.inventory.product.title || log.inventory.title || 'Untitled item';
  return (
    <a className="activity-card-link" href={`/inventories/${log.inventory.id}`} target="_blank" rel="noopener noreferrer" data-testid="activity-card" aria-label={`${title}: open the item in a new tab`}>
      <Card size="small" hoverable className="activity-card">
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Text strong className="activity-card-title">
            {title}
          </Typography.Text>
          <Typography.Text type="secondary" className="activity-card-time">
            {formatDateTime(log.updatedAt)}
          </Typography.Text>
        </Flex>
        {wording.kind === 'added' ? (
          <Typography.Text>
            <Typography.Text strong>{who}</Typography.Text> added this item
          </Typography.Text>
        ) : (
          <Flex vertical gap={2}>
            <Typography.Text>
              <Typography.Text strong>{who}</Typography.Text> changed {wording.changes.length === 0 ? 'this item' : wording.changes.map((c) => c.field).join(', ')}
            </Typography.Text>
            {wording.changes.map((c, i) => (
              <Typography.Text key={`${c.field}-${i}`} className="activity-change" data-testid="activity-change">
                <Typography.Text type="secondary">{c.field}:</Typography.Text>{' '}
                {c.from !== null && (
                  <>
                    <span>{c.from}</span> {'->'}{' '}
                  </>
                )}
                {c.to !== null ? <Typography.Text strong>{c.to}</Typography.Text> : <Typography.Text type="secondary">removed</Typography.Text>}
              </Typography.Text>
            ))}
          </Flex>
        )}
      </Card>
    </a>
  );
}
