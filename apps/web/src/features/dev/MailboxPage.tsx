import { Alert, Button, Card, Collapse, Empty, Flex, List, Tag, Typography } from 'antd';
import { LinkOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { useOutbox } from './dev.api';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';

/** Development mailbox: e-mails the server kept in its outbox because no SMTP server is set. */
export default function MailboxPage() {
  useDocumentTitle('Dev mailbox');
  const outbox = useOutbox();

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <MailOutlined /> Dev mailbox
        </Flex>
      }
      extra={
        <Button icon={<ReloadOutlined />} loading={outbox.isFetching} onClick={() => outbox.refetch()}>
          Refresh
        </Button>
      }
      style={{ maxWidth: 1100 }}
    >
      <Typography.Paragraph type="secondary">
        Without an SMTP server every e-mail is kept here, newest first. Open a link to act as the recipient.
      </Typography.Paragraph>
      {outbox.isPending ? (
        <FullPageSpinner />
      ) : outbox.isError ? (
        <Alert type="error" showIcon title={errorMessage(outbox.error)} />
      ) : outbox.data.length === 0 ? (
        <Empty description="No e-mails yet" />
      ) : (
        <List
          dataSource={outbox.data}
          rowKey={(mail) => String(mail.id)}
          renderItem={(mail) => (
            <List.Item data-testid="outbox-mail" style={{ display: 'block' }}>
              <Flex justify="space-between" wrap gap={8}>
                <Typography.Text strong>{mail.subject}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(mail.createdAt)}</Typography.Text>
              </Flex>
              <div style={{ margin: '4px 0 8px' }}>
                <Tag>to {mail.to}</Tag>
              </div>
              <Flex vertical gap={4}>
                {mail.links.map((link) => (
                  <a key={link} href={link} style={{ wordBreak: 'break-all' }}>
                    <LinkOutlined /> {link}
                  </a>
                ))}
              </Flex>
              {mail.text && (
                <Collapse
                  ghost
                  size="small"
                  style={{ marginTop: 8 }}
                  items={[
                    {
                      key: 'body',
                      label: 'Message',
                      children: <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>{mail.text}</pre>,
                    },
                  ]}
                />
              )}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
