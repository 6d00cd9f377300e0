import { useEffect, useRef } from 'react';
import { Alert, Flex, Progress, Typography } from 'antd';
import { useJob } from '../../shared/jobs.api';
import type { ImportResult } from './orders.api';

/**
 * "Resync All Orders" running in the background: its progress (one step per order to record), polled
 * from GET /api/jobs/{id}, then what each source imported. `onChange` runs as orders are recorded, so
 * the table shows them while the job goes on.
 */
export function ResyncProgress({ jobId, onClose, onChange }: { jobId: string; onClose: () => void; onChange: () => void }) {
  const { data } = useJob<{ results: ImportResult[] }>(jobId);
  const seen = useRef(-1);
  const finished = data?.status === 'completed' || data?.status === 'failed';

  useEffect(() => {
    if (!data) return;
    const progressed = data.done + data.failed;
    if (progressed !== seen.current || finished) {
      seen.current = progressed;
      onChange();
    }
  }, [data, finished, onChange]);

  const total = data?.total ?? 0;
  const handled = (data?.done ?? 0) + (data?.failed ?? 0);
  const results = data?.result?.results ?? [];
  const imported = results.reduce((sum, r) => sum + r.imported, 0);
  const refused = results.flatMap((r) => r.failed);
  const headline = !data
    ? 'Resync All Orders: starting…'
    : data.status === 'failed'
      ? `Resync All Orders stopped: ${data.error ?? 'an order source failed'}`
      : finished
        ? `Resync All Orders done: ${imported} new ${imported === 1 ? 'order' : 'orders'} recorded${refused.length ? `, ${refused.length} refused` : ''}.`
        : total
          ? `Resync All Orders: ${handled} of ${total} orders…`
          : 'Resync All Orders: reading the order sources…';
  const type = data?.status === 'failed' ? 'error' : finished ? (refused.length ? 'warning' : 'success') : 'info';

  return (
    <Alert
      type={type}
      showIcon
      closable={{ onClose }}
      data-testid="resync-progress"
      title={headline}
      description={
        <Flex vertical gap={6}>
          {!finished && <Progress percent={total ? Math.round((handled / total) * 100) : 0} size="small" status="active" aria-label="Resync progress" />}
          {refused.slice(0, 5).map((f) => (
            <Typography.Text key={f.externalId} type="danger" style={{ fontSize: 13 }}>
              {f.name}: {f.error}
            </Typography.Text>
          ))}
        </Flex>
      }
    />
  );
}
