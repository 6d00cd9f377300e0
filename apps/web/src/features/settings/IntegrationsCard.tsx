import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Popconfirm, Radio, Skeleton, Switch, Tag, Typography } from 'antd';
import { ApiOutlined, CheckCircleFilled, KeyOutlined, LockOutlined } from '@ant-design/icons';
import { INTEGRATION_MESSAGES, MAX_CREDENTIAL_LENGTH, type IntegrationMode, type TIntegration, type TIntegrationUpdate } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { useSaveIntegration, useStoreIntegrations } from './integrations.api';
import './settings.css';

const MODE_LABELS: Record<IntegrationMode, string> = { sandbox: 'Sandbox', live: 'Live' };

/** A credential's state: set (with its last four characters when long enough) or not. */
function CredentialState({ credential }: { credential: TIntegration['credentials'][number] }) {
  if (!credential.isSet) return <Tag style={{ marginInlineEnd: 0 }}>Not set</Tag>;
  return (
    <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
      Set{credential.lastFour ? ` ····${credential.lastFour}` : ''}
    </Tag>
  );
}

/**
 * One integration: turned on or off, its mode, and its credentials. Credentials are typed into
 * password inputs and sent; the server keeps them encrypted and answers only whether each is set.
 */
function IntegrationPanel({ integration }: { integration: TIntegration }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const save = useSaveIntegration(integration.kind);
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const anySet = integration.credentials.some((c) => c.isSet);
  const allSet = integration.credentials.every((c) => c.isSet);
  const [editing, setEditing] = useState(!anySet);
  const [busy, setBusy] = useState<'enabled' | 'mode' | 'credentials' | string | null>(null);
  const testId = `integration-${integration.kind}`;

  const submit = (body: TIntegrationUpdate, what: string, onDone?: () => void) => {
    setBusy(what);
    save.mutate(body, {
      onSuccess: () => {
        message.success(INTEGRATION_MESSAGES.saved);
        onDone?.();
      },
      onError: (error) => message.error(errorMessage(error), 5),
      onSettled: () => setBusy(null),
    });
  };

  const onSaveCredentials = (values: Record<string, string | undefined>) => {
    const credentials = Object.fromEntries(Object.entries(values).filter(([, v]) => v && v.trim()) as [string, string][]);
    if (Object.keys(credentials).length === 0) {
      message.warning('Enter at least one credential to save');
      return;
    }
    submit({ credentials }, 'credentials', () => {
      form.resetFields();
      setEditing(false);
    });
  };

  return (
    <div className={`br-integration${integration.ready ? ' br-integration-on' : ''}`} data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap={12}>
        <div style={{ minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 15 }}>
              {integration.label}
            </Typography.Text>
            <Tag color={integration.ready ? 'green' : undefined} style={{ marginInlineEnd: 0 }} data-testid={`${testId}-state`}>
              {integration.ready ? 'On' : 'Off'}
            </Tag>
            {integration.mode && (
              <Tag color={integration.mode === 'live' ? 'volcano' : 'blue'} style={{ marginInlineEnd: 0 }} data-testid={`${testId}-mode`}>
                {MODE_LABELS[integration.mode]}
              </Tag>
            )}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {integration.purpose}
          </Typography.Paragraph>
        </div>
        <Switch
          checked={integration.enabled}
          disabled={!integration.enabled && !allSet}
          loading={busy === 'enabled'}
          onChange={(enabled) => submit({ enabled }, 'enabled')}
          aria-label={`${integration.label} on`}
        />
      </Flex>
      {!integration.enabled && !allSet && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Enter {integration.credentials.length > 1 ? 'every credential' : 'the credential'} to turn it on.
        </Typography.Text>
      )}

      {integration.hasMode && integration.mode && (
        <Flex align="center" gap={12} wrap className="br-integration-row">
          <Typography.Text>Environment</Typography.Text>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            value={integration.mode}
            disabled={busy === 'mode'}
            onChange={(e) => submit({ mode: e.target.value as IntegrationMode }, 'mode')}
            options={(['sandbox', 'live'] as const).map((m) => ({ value: m, label: MODE_LABELS[m] }))}
            aria-label={`${integration.label} environment`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {integration.mode === 'live' ? 'Real money moves.' : 'Test money: nothing is paid.'} Each environment has its own keys.
          </Typography.Text>
        </Flex>
      )}

      <div className="br-credentials">
        {integration.credentials.map((c) => (
          <Flex key={c.field} align="center" justify="space-between" gap={8} className="br-credential" data-testid={`${testId}-${c.field}`}>
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              <KeyOutlined style={{ color: '#8c96a3' }} />
              <Typography.Text>{c.label}</Typography.Text>
            </Flex>
            <Flex align="center" gap={4}>
              <CredentialState credential={c} />
              {c.isSet && (
                <Popconfirm
                  title={`Remove the ${c.label}?`}
                  description={integration.enabled ? `${integration.label} will be turned off.` : undefined}
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => submit({ credentials: { [c.field]: null }, ...(integration.enabled ? { enabled: false } : {}) }, `remove-${c.field}`)}
                >
                  <Button size="small" type="link" danger loading={busy === `remove-${c.field}`} aria-label={`Remove the ${c.label}`}>
                    Remove
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </Flex>
        ))}
      </div>

      {editing ? (
        <Form form={form} layout="vertical" onFinish={onSaveCredentials} className="br-integration-form" requiredMark={false} autoComplete="off">
          <div className={isMobile ? undefined : 'br-credential-inputs'}>
            {integration.credentials.map((c) => (
              <Form.Item key={c.field} name={c.field} label={c.isSet ? `New ${c.label}` : c.label} style={{ marginBottom: 12 }}>
                <Input.Password
                  prefix={<LockOutlined style={{ color: '#8c96a3' }} />}
                  maxLength={MAX_CREDENTIAL_LENGTH}
                  autoComplete="new-password"
                  placeholder={c.isSet ? 'Leave empty to keep the saved one' : `Paste the ${c.label}`}
                  aria-label={c.label}
                />
              </Form.Item>
            ))}
          </div>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={busy === 'credentials'} data-testid={`${testId}-save`}>
              Save credentials
            </Button>
            {anySet && (
              <Button
                onClick={() => {
                  form.resetFields();
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
            )}
          </Flex>
        </Form>
      ) : (
        <div>
          <Button icon={<KeyOutlined />} onClick={() => setEditing(true)} data-testid={`${testId}-replace`}>
            Replace credentials
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The store's outside services (Settings, Admins only): the payout providers (Checkbook, PayPal
 * Payouts) and the Linnworks order import. Outside the store form: each change saves on its own.
 */
export function IntegrationsCard() {
  const integrations = useStoreIntegrations();
  const title = (
    <Flex align="center" gap={8}>
      <span className="br-settings-icon">
        <ApiOutlined />
      </span>
      Integrations
    </Flex>
  );
  if (integrations.isPending) {
    return (
      <Card title={title} className="br-settings-section" data-testid="integrations-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (integrations.isError) {
    return (
      <Card title={title} className="br-settings-section">
        <Alert type="error" showIcon title="The integrations could not be loaded" description={errorMessage(integrations.error)} />
      </Card>
    );
  }
  const { automatedPayout, integrations: list } = integrations.data;
  return (
    <Card id="settings-integrations" title={title} className="br-settings-section" data-testid="integrations-card">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Outside services this store pays and sells through. Keys and secrets are stored encrypted and never shown again: you see only whether each is set.
        </Typography.Text>
        {!automatedPayout && (
          <Alert
            type="info"
            showIcon
            data-testid="automated-payout-off"
            title="Automated payout is off"
            description="Payouts are marked paid by hand. Turn on Automated payout under Flags to send them through the payout providers below."
          />
        )}
        {list.map((integration) => (
          <IntegrationPanel key={integration.kind} integration={integration} />
        ))}
      </Flex>
    </Card>
  );
}
