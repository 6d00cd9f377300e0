import { useEffect, useRef } from 'react';
import { Alert, Flex, Progress, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { inventoryListKeys, useJob } from './inventory-lists.api';

export interface TrackedJob {
  id: string;
  label: string;
}

/**
 * A bulk action running in the background (202 {jobId}): its progress, polled from GET /api/jobs/{id}.
 * The list is fetched again while it runs, so rows move away as they change ("you will see the
 * changes slowly update"), and once more when it ends.
 */
export function JobProgress({ job, onClose }: { job: TrackedJob; onClose: () => void }) {
  const { data } = useJob(job.id);
  const queryClient = useQueryClient();
  const lastDone = useRef(0);
  const finished = data?.status === 'completed' || data?.status === 'failed';

  useEffect(() => {
    if (!data) return;
    const progressed = data.done + data.failed;
    if (progressed !== lastDone.current || finished) {
      lastDone.current = progressed;
      void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    }
  }, [data, finished, queryClient]);

  const total = data?.total ?? 0;
  const handled = (data?.done ?? 0) + (data?.failed ?? 0);
  const percent = total ? Math.round((handled / total) * 100) : 0;
  const type = data?.status === 'failed' || (finished && (data?.failed ?? 0) > 0) ? 'warning' : finished ? 'success' : 'info';
  const headline = !data
    ? `${job.label}: starting…`
    : data.status === 'failed'
      ? `${job.label}: stopped. ${data.error ?? ''}`
      : finished
        ? `${job.label}: done. ${data.done} of ${total} updated${data.failed ? `, ${data.failed} refused` : ''}.`
        : `${job.label}: ${handled} of ${total}…`;

  return (
    <Alert
      type={type}
      showIcon
      closable={{ onClose }}
      data-testid="job-progress"
      title={headline}
      description={
        <Flex vertical gap={6}>
          <Progress percent={percent} size="small" aria-label={`${job.label} progress`} status={data?.status === 'failed' ? 'exception' : finished ? undefined : 'active'} />
          {(data?.errors ?? []).slice(0, 5).map((e) => (
            <Typography.Text key={e.id} type="danger" style={{ fontSize: 13 }}>
              {e.error}
            </Typography.Text>
          ))}
        </Flex>
      }
    />
  );
}
