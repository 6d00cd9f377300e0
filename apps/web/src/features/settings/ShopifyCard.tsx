import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, Select, Skeleton, Switch, Tag, Typography } from 'antd';
import { ApiOutlined, CheckCircleFilled, KeyOutlined, LockOutlined, ShopOutlined } from '@ant-design/icons';
import { MAX_CREDENTIAL_LENGTH, STOREFRONT_MESSAGES, type TStorefrontConnection, type TStorefrontConnectionTestResult, type TStorefrontConnectionUpdate } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useLocations } from '../../shared/lookups.api';
import { useIsMobile } from '../../shared/hooks';
import { useSaveStorefrontConnection, useStorefrontConnection, useTestStorefrontConnection } from './storefront-connection.api';
import './settings.css';

type SecretState = TStorefrontConnection['credentials'][number];

function SecretTag({ state }: { state: SecretState }) {
  if (!state.isSet) return <Tag style={{ marginInlineEnd: 0 }}>Not set</Tag>;
  return (
    <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
      Set{state.lastFour ? ` ····${state.lastFour}` : ''}
    </Tag>
  );
}

type CredentialsForm = { shopDomain?: string; accessToken?: string; webhookSecret?: string };

/** The shop and its two secrets: typed into password inputs, kept encrypted, never shown again. */
const secretOf = (c: TStorefrontConnection, field: SecretState['field']): SecretState => c.credentials.find((s) => s.field === field) ?? { field, label: field, isSet: false, lastFour: null };

function CredentialsEditor({ connection, onDone }: { connection: TStorefrontConnection; onDone: () => void }) {
  const accessToken = secretOf(connection, 'accessToken');
  const webhookSecret = secretOf(connection, 'webhookSecret');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const save = useSaveStorefrontConnection();
  const [form] = Form.useForm<CredentialsForm>();
  const submit = (values: CredentialsForm) => {
    const body: TStorefrontConnectionUpdate = {};
    if (values.shopDomain?.trim() && values.shopDomain.trim() !== connection.shopDomain) body.shopDomain = values.shopDomain.trim();
    if (values.accessToken?.trim()) body.accessToken = values.accessToken.trim();
    if (values.webhookSecret?.trim()) body.webhookSecret = values.webhookSecret.trim();
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        message.success(STOREFRONT_MESSAGES.saved);
        form.resetFields(['accessToken', 'webhookSecret']);
        onDone();
      },
      onError: (error) => message.error(errorMessage(error), 5),
    });
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="off" initialValues={{ shopDomain: connection.shopDomain ?? '' }} className="br-integration-form">
      <div className={isMobile ? undefined : 'br-credential-inputs'}>
        <Form.Item name="shopDomain" label="Shop" extra="my-shop or my-shop.myshopify.com" style={{ marginBottom: 12 }}>
          <Input prefix={<ShopOutlined style={{ color: '#8c96a3' }} />} maxLength={200} placeholder="my-shop.myshopify.com" aria-label="Shop" />
        </Form.Item>
        <Form.Item name="accessToken" label={accessToken.isSet ? 'New Admin API access token' : 'Admin API access token'} style={{ marginBottom: 12 }}>
          <Input.Password
            prefix={<LockOutlined style={{ color: '#8c96a3' }} />}
            maxLength={MAX_CREDENTIAL_LENGTH}
            autoComplete="new-password"
            placeholder={accessToken.isSet ? 'Leave empty to keep the saved one' : 'shpat_…'}
            aria-label="Admin API access token"
          />
        </Form.Item>
        <Form.Item
          name="webhookSecret"
          label={webhookSecret.isSet ? 'New webhook signing secret' : 'Webhook signing secret'}
          extra="The app's API secret key: Shopify signs its webhooks with it"
          style={{ marginBottom: 12 }}
        >
          <Input.Password
            prefix={<LockOutlined style={{ color: '#8c96a3' }} />}
            maxLength={MAX_CREDENTIAL_LENGTH}
            autoComplete="new-password"
            placeholder={webhookSecret.isSet ? 'Leave empty to keep the saved one' : "Paste the app's API secret key"}
            aria-label="Webhook signing secret"
          />
        </Form.Item>
      </div>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="shopify-save-credentials">
          Save
        </Button>
        {connection.shopDomain && accessToken.isSet && <Button onClick={onDone}>Cancel</Button>}
      </Flex>
    </Form>
  );
}

type LocationsForm = { byLocation: Record<string, string | undefined>; publicationIds: string[] };

/**
 * Which Backroom locations sell online (ONLINE MARKETPLACE included) and the Shopify location each
 * stocks; the sales channels a new product is published to. Choices come from Test connection.
 */
function LocationsEditor({ connection, shop }: { connection: TStorefrontConnection; shop: TStorefrontConnectionTestResult['shopDetails'] }) {
  const { message } = App.useApp();
  const locations = useLocations();
  const save = useSaveStorefrontConnection();
  const [form] = Form.useForm<LocationsForm>();
  const shopifyOptions = useMemo(() => {
    const known = new Map<string, string>();
    for (const l of connection.locations) known.set(l.shopifyLocationId, l.shopifyLocationName ?? l.shopifyLocationId);
    for (const l of shop?.locations ?? []) known.set(l.id, l.name);
    return [...known.entries()].map(([value, label]) => ({ value, label }));
  }, [connection.locations, shop]);
  const initial: LocationsForm = {
    byLocation: Object.fromEntries(connection.locations.map((l) => [l.location, l.shopifyLocationId])),
    publicationIds: connection.publicationIds,
  };
  if (locations.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const submit = (values: LocationsForm) => {
    const chosen = Object.entries(values.byLocation ?? {}).filter(([, id]) => Boolean(id)) as [string, string][];
    save.mutate(
      { locations: chosen.map(([location, shopifyLocationId]) => ({ location, shopifyLocationId })), ...(shop ? { publicationIds: values.publicationIds ?? [] } : {}) },
      {
        onSuccess: () => message.success(STOREFRONT_MESSAGES.saved),
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark={false} data-testid="shopify-locations">
      <Typography.Text strong>Locations that sell online</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '2px 0 12px' }}>
        Items at these locations are on sale in the shop, stocked at the Shopify location chosen. Leave a location empty to keep its items off the shop.
      </Typography.Paragraph>
      {shopifyOptions.length === 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Test the connection to choose among the shop's locations" />}
      <div className="br-shopify-locations">
        {(locations.data ?? []).map((l) => (
          <Flex key={l.name} align="center" gap={12} className="br-shopify-location" wrap>
            <Typography.Text style={{ flex: '1 1 140px', minWidth: 0 }}>{l.name}</Typography.Text>
            <Form.Item name={['byLocation', l.name]} style={{ flex: '1 1 200px', margin: 0 }}>
              <Select allowClear placeholder="Not sold online" options={shopifyOptions} aria-label={`Shopify location for ${l.name}`} disabled={shopifyOptions.length === 0} />
            </Form.Item>
          </Flex>
        ))}
      </div>
      {shop && shop.publications.length > 0 && (
        <Form.Item name="publicationIds" label="Publish new products to" style={{ marginTop: 12, marginBottom: 0 }}>
          <Checkbox.Group options={shop.publications.map((p) => ({ value: p.id, label: p.title }))} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 12 }} disabled={shopifyOptions.length === 0} data-testid="shopify-save-locations">
        Save locations
      </Button>
    </Form>
  );
}

/**
 * Settings' Shopify card (Admins only; docs/storefront-sync.md "Connection"): the shop, its secrets,
 * Test connection, the locations that sell online, and turning the sync on.
 */
export function ShopifyCard() {
  const { message } = App.useApp();
  const connection = useStorefrontConnection();
  const save = useSaveStorefrontConnection();
  const test = useTestStorefrontConnection();
  const [editing, setEditing] = useState<boolean | null>(null);
  const title = (
    <Flex align="center" gap={8}>
      <span className="br-settings-icon">
        <ShopOutlined />
      </span>
      Shopify
    </Flex>
  );
  if (connection.isPending) {
    return (
      <Card title={title} className="br-settings-section" data-testid="shopify-loading">
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  }
  if (connection.isError) {
    return (
      <Card title={title} className="br-settings-section">
        <Alert type="error" showIcon title="The Shopify connection could not be loaded" description={errorMessage(connection.error)} />
      </Card>
    );
  }
  const c = connection.data;
  const complete = Boolean(c.shopDomain) && c.credentials.every((s) => s.isSet);
  const showEditor = editing ?? !complete;
  const result = test.data;
  const toggle = (enabled: boolean) =>
    save.mutate({ enabled }, { onSuccess: () => message.success(STOREFRONT_MESSAGES.saved), onError: (error) => message.error(errorMessage(error), 5) });

  return (
    <Card id="settings-shopify" title={title} className="br-settings-section" data-testid="shopify-card">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="flex-start" gap={12}>
          <div style={{ minWidth: 0 }}>
            <Flex align="center" gap={8} wrap>
              <Typography.Text strong style={{ fontSize: 15 }}>
                {c.shopName ?? c.shopDomain ?? 'No shop connected'}
              </Typography.Text>
              <Tag color={c.ready ? 'green' : undefined} style={{ marginInlineEnd: 0 }} data-testid="shopify-state">
                {c.ready ? 'Syncing' : 'Off'}
              </Tag>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {c.shopName && c.shopDomain ? `${c.shopDomain}. ` : ''}Items on sale at the locations below are published to the shop as variants of their product; orders come back as sales.
            </Typography.Paragraph>
          </div>
          <Switch checked={c.enabled} disabled={!c.enabled && (!complete || c.locations.length === 0)} loading={save.isPending && save.variables?.enabled !== undefined} onChange={toggle} aria-label="Shopify sync on" />
        </Flex>
        {!c.enabled && (!complete || c.locations.length === 0) && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Enter the shop and both secrets, test the connection and choose the locations that sell online to turn the sync on.
          </Typography.Text>
        )}

        <div className="br-credentials">
          {c.credentials.map((s) => (
            <Flex key={s.field} align="center" justify="space-between" gap={8} className="br-credential" data-testid={`shopify-${s.field}`}>
              <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                <KeyOutlined style={{ color: '#8c96a3' }} />
                <Typography.Text>{s.label}</Typography.Text>
              </Flex>
              <SecretTag state={s} />
            </Flex>
          ))}
        </div>

        {showEditor ? (
          <CredentialsEditor connection={c} onDone={() => setEditing(false)} />
        ) : (
          <Flex gap={8} wrap>
            <Button icon={<KeyOutlined />} onClick={() => setEditing(true)} data-testid="shopify-edit">
              Change shop or secrets
            </Button>
          </Flex>
        )}

        <Flex vertical gap={8}>
          <div>
            <Button icon={<ApiOutlined />} onClick={() => test.mutate({})} loading={test.isPending} disabled={!c.shopDomain || !secretOf(c, 'accessToken').isSet} data-testid="shopify-test">
              Test connection
            </Button>
          </div>
          {result?.ok && result.shopDetails && (
            <Alert
              type="success"
              showIcon
              data-testid="shopify-test-result"
              title={`Connected to ${result.shopDetails.name}`}
              description={`${result.shopDetails.domain} · ${result.shopDetails.currency} · ${result.shopDetails.locations.length} location${result.shopDetails.locations.length === 1 ? '' : 's'}`}
            />
          )}
          {result && !result.ok && <Alert type="error" showIcon data-testid="shopify-test-result" title="Shopify did not accept the connection" description={result.reason} />}
          {test.isError && <Alert type="error" showIcon title={errorMessage(test.error)} />}
        </Flex>

        {complete && <LocationsEditor key={`${c.updatedAt}-${result?.shopDetails?.domain ?? ''}`} connection={c} shop={result?.shopDetails ?? null} />}
      </Flex>
    </Card>
  );
}
