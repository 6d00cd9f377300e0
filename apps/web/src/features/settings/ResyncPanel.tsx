import { useState } from 'react';
import { Alert, App, Button, Flex, Spin, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { useResyncJob, useResyncStore } from './settings.api';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * POST /api/stores/resync, then the job's own answer (GET /api/jobs/{id}): how many items the resync
 * covered and how many reached the storefront. Nothing is shown as synced that was not sent.
 */
export function ResyncPanel() {
  const { message } = App.useApp();
  const start = useResyncStore();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useResyncJob(jobId);
  const running = start.isPending || (jobId !== null && (!job.data || job.data.status === 'queued' || job.data.status === 'running'));

  const onResync = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        setJobId(started.jobId);
        message.info(started.message);
      },
      onError: (error) => message.error(errorMessage(error), 5),
    });

  const result = job.data?.status === 'completed' ? job.data.result : null;
  return (
    <Flex vertical gap={12} data-testid="resync-panel">
      <Typography.Text type="secondary">Sends every inventory item of the store to the online storefront again, e.g. after a change made on the storefront side.</Typography.Text>
      <div>
        <Button icon={<SyncOutlined spin={running} />} onClick={onResync} disabled={running}>
          Resync all inventory
        </Button>
      </div>
      {running && jobId !== null && (
        <Flex gap={8} align="center" role="status">
          <Spin size="small" />
          <Typography.Text type="secondary">Resyncing{job.data?.total ? ` ${plural(job.data.total, 'item')}` : ''}…</Typography.Text>
        </Flex>
      )}
      {result &&
        (result.sent === 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="resync-result"
            title="Nothing was sent to a storefront"
            description={`${result.reason ?? ''} ${plural(result.items, 'item')} would be resynced once a storefront is connected.`.trim()}
          />
        ) : (
          <Alert
            type={result.sent < result.items ? 'warning' : 'success'}
            showIcon
            data-testid="resync-result"
            title={`${plural(result.sent, 'item')} of ${result.items.toLocaleString('en-US')} sent to the storefront`}
            description={result.reason ?? undefined}
          />
        ))}
      {job.data?.status === 'failed' && <Alert type="error" showIcon data-testid="resync-result" title="The resync failed" description={job.data.error ?? undefined} />}
      {job.isError && <Alert type="error" showIcon title={errorMessage(job.error)} />}
    </Flex>
  );
}
