import { Alert, Card, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import { errorMessage } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { useInventoryLogs, type InventoryLog } from './inventory-item.api';
import { fieldLabel, isCreation, valueText, type OptionNames } from './log-text';

/** The item's history (catalogue doc section 2, Inventory item: "A timeline of changes sits below"). */
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

function Entry({ log, currency, options }: { log: InventoryLog; currency: string | null; options: OptionNames }) {
  const who = log.lastUpdatedBy.name || 'Someone';
  return (
    <Flex vertical gap={2} data-testid="timeline-entry">
      <Typography.Text>
        <Typography.Text strong>{who}</Typography.Text>
        {isCreation(log.modifiedFields) && ' added this item'}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
          {formatDateTime(log.updatedAt)}
        </Typography.Text>
      </Typography.Text>
      {!isCreation(log.modifiedFields) &&
        log.modifiedFields.map((f, i) => {
          const before = valueText(f.variableChanged, f.beforeValue, currency, f.beforeLabel);
          const after = valueText(f.variableChanged, f.afterValue, currency, f.afterLabel);
          return (
            <Typography.Text key={`${f.variableChanged}-${i}`} data-testid="timeline-change" style={{ fontSize: 13 }}>
              <Typography.Text type="secondary">{fieldLabel(f.variableChanged, options)}:</Typography.Text>{' '}
              <span>{before ?? <Typography.Text type="secondary">empty</Typography.Text>}</span> {'->'}{' '}
              <Typography.Text strong>{after ?? 'empty'}</Typography.Text>
            </Typography.Text>
          );
        })}
    </Flex>
  );
}
