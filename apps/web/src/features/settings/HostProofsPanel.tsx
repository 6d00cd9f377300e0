import { Alert, App, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined, SyncOutlined } from '@ant-design/icons';
import { formatDateLong, type TStoreHostProof } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useStoreHosts, useVerifyStoreHosts } from './settings.api';

const FIELD_LABELS: Record<TStoreHostProof['fields'][number], string> = { domain: 'Domain', consignerUrl: 'Portal URL', inStoreUrl: 'In-store URL' };

function StateTag({ host }: { host: TStoreHostProof }) {
  if (host.state === 'proven')
    return (
      <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
        Proven on {formatDateLong(host.provenAt!)}
      </Tag>
    );
  if (host.state === 'failed')
    return (
      <Tag color="error" icon={<CloseCircleFilled />} style={{ marginInlineEnd: 0 }}>
        Check failed
      </Tag>
    );
  return <Tag style={{ marginInlineEnd: 0 }}>Not proven</Tag>;
}

/** One copyable value with its label (a DNS name, a record value, a file address or its content). */
function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="br-host-proof-line">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text code copyable={{ text: value, tooltips: [`Copy ${label.toLowerCase()}`, 'Copied'] }} data-testid={testId} className="br-host-proof-value">
        {value}
      </Typography.Text>
    </div>
  );
}

function HostProof({ host, checking, onCheck }: { host: TStoreHostProof; checking: boolean; onCheck: () => void }) {
  return (
    <div className="br-host-proof" data-testid={`host-proof-${host.host}`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{host.host}</Typography.Text>
          <Typography.Text type="secondary">{host.fields.map((f) => FIELD_LABELS[f]).join(', ')}</Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <span data-testid="host-proof-state">
            <StateTag host={host} />
          </span>
          {host.state !== 'proven' && (
            <Button size="small" icon={<SyncOutlined spin={checking} />} loading={checking} onClick={onCheck} data-testid="host-proof-check">
              Check now
            </Button>
          )}
        </Flex>
      </Flex>
      {host.state === 'failed' && host.checkError && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={host.checkError} data-testid="host-proof-error" />}
      {host.state !== 'proven' && (
        <div className="br-host-proof-how">
          <Typography.Text>Add this DNS record at your DNS provider:</Typography.Text>
          <Copyable label="TXT name" value={host.dnsRecord.name} testId="host-proof-dns-name" />
          <Copyable label="TXT value" value={host.dnsRecord.value} testId="host-proof-dns-value" />
          <Typography.Text>Or, if this address is served by your own web server, publish this file:</Typography.Text>
          <Copyable label="File" value={host.wellKnownFile.url} testId="host-proof-file-url" />
          <Copyable label="Content" value={host.wellKnownFile.content} testId="host-proof-file-content" />
        </div>
      )}
    </div>
  );
}

/**
 * The proof that the store owns each of its saved addresses (docs/security.md, "A store's own hosts,
 * once proven"): links in e-mails use an address only once it is proven. Admins only.
 */
export function HostProofsPanel({ storeId }: { storeId: string }) {
  const { message } = App.useApp();
  const hosts = useStoreHosts(storeId);
  const verify = useVerifyStoreHosts(storeId);
  if (hosts.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (hosts.isError) return <Alert type="error" showIcon title={errorMessage(hosts.error)} />;
  const check = (host: string) =>
    verify.mutate(
      { host },
      {
        onSuccess: (answer) => {
          const state = answer.hosts.find((h) => h.host === host)?.state;
          if (state === 'proven') message.success(`${host} is proven`);
          else message.warning(`${host} is not proven yet`);
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );
  return (
    <div className="br-host-proofs" data-testid="host-proofs">
      <Flex gap={8} align="center" style={{ marginBottom: 4 }}>
        <SafetyCertificateOutlined />
        <Typography.Text strong>Proof of ownership</Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        E-mailed links (password resets, invites, verification) use an address only after you prove the store owns it; until then they use the Backroom address.
        Changing an address means proving it again. Links now point at{' '}
        <Typography.Text code data-testid="host-proofs-link-origin">
          {hosts.data.linkOrigin}
        </Typography.Text>
        .
      </Typography.Paragraph>
      <Flex vertical gap={8}>
        {hosts.data.hosts.map((h) => (
          <HostProof key={h.host} host={h} checking={verify.isPending && verify.variables?.host === h.host} onCheck={() => check(h.host)} />
        ))}
      </Flex>
    </div>
  );
}
