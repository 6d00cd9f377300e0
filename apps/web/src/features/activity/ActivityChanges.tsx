import { Typography } from 'antd';
import type { ActivityChange } from '@backroom/domain';
import './activity.css';

/**
 * One changed field as the Activity feed and the item's timeline show it: "Price: $150.00 -> $175.00",
 * only the new value when there was nothing before, 'removed' for a field emptied.
 */
export function ActivityChangeLine({ change, testId }: { change: ActivityChange; testId: string }) {
  return (
    <Typography.Text className="activity-change" data-testid={testId}>
      <Typography.Text type="secondary">{change.field}:</Typography.Text>{' '}
      {change.from !== null && (
        <>
          <span>{change.from}</span> {'->'}{' '}
        </>
      )}
      {change.to !== null ? <Typography.Text strong>{change.to}</Typography.Text> : <Typography.Text type="secondary">removed</Typography.Text>}
    </Typography.Text>
  );
}
