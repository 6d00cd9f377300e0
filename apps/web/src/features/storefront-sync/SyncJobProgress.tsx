import { Card, Flex, Progress, Tag, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import type { TSyncList } from '@backroom/domain';
import { formatDateTime } from '../../shared/format';

type SyncJob = NonNullable<TSyncList['syncJob']>;

const TITLE: Record<SyncJob['kind'], string> = { 'first-sync': 'First sync', 'resync-all': 'Resync all' };

/**
 * The store's latest whole-shop push on the sync health screen (docs/storefront-sync.md "First sync"):
 * the first sync a connection starts, or Resync all, with how many items were sent of how many.
 */
export function SyncJobProgress({ job }: { job: SyncJob }) {
  const running = job.status === 'queued' || job.status === 'running';
  const settled = job.done + job.failed;
  const percent = job.total > 0 ? Math.min(100, Math.floor((settled / job.total) * 100)) : running ? 0 : 100;
  const status = job.status === 'failed' || (!running && job.failed > 0) ? 'exception' : running ? 'active' : 'success';
  const n = (v: number) => v.toLocaleString('en-US');
  const summary = running
    ? job.status === 'queued'
      ? 'Queued: it starts in a moment.'
      : `${n(settled)} of ${n(job.total)} items sent${job.failed ? `, ${n(job.failed)} failed` : ''}.`
    : `${job.status === 'failed' ? 'Stopped' : 'Finished'} ${job.finishedAt ? formatDateTime(job.finishedAt) : ''}: ${n(job.done)} of ${n(job.total)} items sent${job.failed ? `, ${n(job.failed)} failed (see Failed below)` : ''}.`;
  return (
    <Card size="small" data-testid="sync-job">
      <Flex align="center" gap={12} wrap>
        <CloudUploadOutlined style={{ fontSize: 18, color: '#1f5fae' }} />
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <Typography.Text strong>{TITLE[job.kind]}</Typography.Text>
            <Tag color={running ? 'blue' : status === 'success' ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
              {running ? (job.status === 'queued' ? 'Queued' : 'Running') : job.status === 'failed' ? 'Failed' : job.failed > 0 ? 'Done, with failures' : 'Done'}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="sync-job-summary">
            {summary}
          </Typography.Text>
        </div>
        <Progress percent={percent} status={status} style={{ flex: '1 1 200px', margin: 0 }} aria-label={`${TITLE[job.kind]} progress`} />
      </Flex>
    </Card>
  );
}
