import { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, DatePicker, Flex, Modal, Progress, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { monthLabel, previousMonth, type TEmailStatementsResult } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { useJob } from '../../shared/jobs.api';
import { currentStatementMonth } from '../../shared/ui/statement/statement-period';
import { useEmailStatements } from './consigners.api';

/** How the finished job's counts read. */
function outcome(r: TEmailStatementsResult): string {
  const parts = [`${r.sent} ${r.sent === 1 ? 'statement' : 'statements'} e-mailed`];
  if (r.nothingToSend) parts.push(`${r.nothingToSend} with nothing in ${monthLabel(r.month)}`);
  if (r.emailsOff) parts.push(`${r.emailsOff} with payout e-mails off`);
  return `${parts.join(', ')}.`;
}

/**
 * "E-mail statements" on the consigners list (docs/consigner-account.md "E-mailing a month's
 * statements"): the month (last month first), then the background job's progress and what it did.
 */
export function EmailStatementsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const isMobile = useIsMobile();
  const latest = currentStatementMonth();
  const [month, setMonth] = useState(() => previousMonth(latest));
  const [jobId, setJobId] = useState<string | null>(null);
  const send = useEmailStatements();
  const job = useJob<TEmailStatementsResult>(jobId);
  const finished = job.data?.status === 'completed' || job.data?.status === 'failed';
  const total = job.data?.total ?? 0;
  const handled = (job.data?.done ?? 0) + (job.data?.failed ?? 0);

  const close = () => {
    setJobId(null);
    send.reset();
    onClose();
  };
  const start = () => send.mutate({ month }, { onSuccess: (started) => setJobId(started.jobId) });

  return (
    <Modal
      open={open}
      onCancel={close}
      title="E-mail statements"
      width={isMobile ? '100%' : 520}
      style={isMobile ? { top: 0, maxWidth: '100%', paddingBottom: 0 } : undefined}
      footer={
        jobId ? (
          <Button type="primary" onClick={close} data-testid="email-statements-close">
            Close
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" icon={<MailOutlined />} loading={send.isPending} onClick={start} data-testid="email-statements-send">
              Send statements
            </Button>
          </Flex>
        )
      }
      data-testid="email-statements"
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Every consigner with something in the month, or a balance still open, who has payout e-mails on gets their statement: the
          opening and closing balance, sales, fees, payouts and adjustments, and a link to the whole statement in their portal.
        </Typography.Paragraph>
        <Flex vertical gap={4}>
          <Typography.Text strong id="email-statements-month-label">
            Month
          </Typography.Text>
          <DatePicker
            picker="month"
            value={dayjs(`${month}-01`)}
            format="MMMM YYYY"
            allowClear={false}
            inputReadOnly
            disabled={Boolean(jobId)}
            aria-labelledby="email-statements-month-label"
            disabledDate={(d) => d.format('YYYY-MM') > latest || d.year() < 2000}
            onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
            style={{ width: isMobile ? '100%' : 200 }}
            data-testid="email-statements-month"
          />
        </Flex>
        {send.isError && <Alert type="error" showIcon message={errorMessage(send.error)} data-testid="email-statements-error" />}
        {jobId && (
          <Alert
            type={job.data?.status === 'failed' ? 'error' : finished ? 'success' : 'info'}
            showIcon
            data-testid="email-statements-progress"
            message={
              !job.data || !finished
                ? `E-mailing the ${monthLabel(month)} statements${total ? `: ${handled} of ${total} consigners` : '…'}`
                : job.data.status === 'failed'
                  ? `The e-mails stopped: ${job.data.error ?? 'something went wrong'}`
                  : job.data.result
                    ? outcome(job.data.result)
                    : 'Done.'
            }
            description={!finished ? <Progress percent={total ? Math.round((handled / total) * 100) : 0} size="small" status="active" aria-label="E-mail progress" /> : undefined}
          />
        )}
      </Flex>
    </Modal>
  );
}
