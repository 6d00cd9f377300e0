import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, App, Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Switch, Tabs, Tag, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import {
  ControlOutlined,
  DeleteOutlined,
  FileTextOutlined,
  GlobalOutlined,
  MailOutlined,
  PercentageOutlined,
  PlusOutlined,
  SaveOutlined,
  ShopOutlined,
  SyncOutlined,
  TagsOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import {
  CURRENCY_CODES,
  CUSTOM_BARCODE_OPTIONS,
  EMAIL_MESSAGE_EVENTS,
  EMAIL_MESSAGE_LABELS,
  LABEL_MM_MAX,
  LABEL_MM_MIN,
  LABEL_OPTIONS,
  MAX_AMOUNT_MINOR,
  MAX_PERCENT,
  MAX_TRACKING_PARAMS,
  PAYOUT_OPTIONS,
  PEOPLE_MESSAGES,
  SIGNUP_INFO_OPTIONS,
  STORE_SETTINGS_MESSAGES,
  TEXT_LIMITS,
  consignerWord,
  formatDateLong,
  isWebAddress,
  normaliseHost,
  toMajor,
  type EmailMessageEvent,
  type TStoreSettingsPatch,
} from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { LogoField } from './LogoField';
import { ResyncPanel } from './ResyncPanel';
import { useSaveStoreSettings, useStoreSettings, type StoreSettings } from './settings.api';
import './settings.css';

type EmailTexts = Record<EmailMessageEvent, string>;

/** The form's values: the store as the API gives it, with '' for "none" where a select or text needs one. */
type FormValues = Omit<StoreSettings, 'id' | 'handle' | 'consignerCname' | 'previousHosts' | 'maintenanceMode' | 'updatedAt' | 'customBarcode' | 'emailMsgs' | 'marketplaceEmailMsgs'> & {
  customBarcode: string;
  emailMsgs: EmailTexts;
  marketplaceEmailMsgs: EmailTexts;
};

const HOST_FIELDS = ['domain', 'consignerUrl', 'inStoreUrl'] as const;

const emailTexts = (msgs: Record<string, string> | null): EmailTexts =>
  Object.fromEntries(EMAIL_MESSAGE_EVENTS.map((e) => [e, msgs?.[e] ?? ''])) as EmailTexts;

function toFormValues(s: StoreSettings): FormValues {
  const { id: _id, handle: _handle, consignerCname: _cname, previousHosts: _hosts, maintenanceMode: _m, updatedAt: _u, ...rest } = s;
  return { ...rest, customBarcode: s.customBarcode ?? '', emailMsgs: emailTexts(s.emailMsgs), marketplaceEmailMsgs: emailTexts(s.marketplaceEmailMsgs) };
}

function toBody(v: FormValues): TStoreSettingsPatch {
  return {
    ...v,
    customBarcode: v.customBarcode || null,
    shopifyTrackingParams: (v.shopifyTrackingParams ?? []).map((p) => ({ param: p.param ?? '', value: p.value ?? '' })),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules: the spec's messages (section 5), and ours where it has none (docs/people.md).

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
const hostRule = (message: string | null): FormRule => ({
  validator: async (_rule, value: string | null | undefined) => {
    const host = normaliseHost(value ?? '');
    if (host === undefined) throw new Error(STORE_SETTINGS_MESSAGES.invalidDomain);
    if (host === null && message) throw new Error(message);
  },
});
const webAddressRule = (message: string, opts: { allowRootPath?: boolean } = {}): FormRule => ({
  validator: async (_rule, value: string | null | undefined) => {
    if (value && value.trim() && !isWebAddress(value, opts)) throw new Error(message);
  },
});
const listRule = (message: string): FormRule => ({ type: 'array', required: true, min: 1, message });
const MAX_MONEY = toMajor(MAX_AMOUNT_MINOR);

function Section({ id, icon, title, extra, children }: { id: string; icon: ReactNode; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      id={id}
      className="br-settings-section"
      title={
        <Flex align="center" gap={8}>
          <span className="br-settings-icon">{icon}</span>
          {title}
        </Flex>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** A switch with its explanation beside it (a row of the flags and fees sections). */
function SwitchRow({ name, label, help, disabled }: { name: keyof FormValues; label: string; help: string; disabled?: boolean }) {
  return (
    <Flex gap={12} align="flex-start" className="br-switch-row">
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch disabled={disabled} aria-label={label} />
      </Form.Item>
      <div>
        <Typography.Text strong>{label}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{help}</Typography.Text>
      </div>
    </Flex>
  );
}

const SECTIONS = [
  { key: 'store', title: 'Store' },
  { key: 'domains', title: 'Domains' },
  { key: 'signup', title: 'Signup & payouts' },
  { key: 'labels', title: 'Labels' },
  { key: 'emails', title: 'E-mails' },
  { key: 'terms', title: 'Terms' },
  { key: 'fees', title: 'Approvals & fees' },
  { key: 'flags', title: 'Flags' },
  { key: 'storefront', title: 'Storefront' },
] as const;

const sectionId = (key: string) => `settings-${key}`;

/** A 409 names the address another store uses: show it under the field that holds it. */
function showHostConflict(form: FormInstance<FormValues>, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  const host = error.message.split(' ')[0];
  for (const field of HOST_FIELDS) {
    if (normaliseHost(form.getFieldValue(field) ?? '') === host) form.setFields([{ name: field, errors: [error.message] }]);
  }
}

function PreviousHosts({ hosts }: { hosts: StoreSettings['previousHosts'] }) {
  if (hosts.length === 0) return null;
  return (
    <div className="br-previous-hosts" data-testid="previous-hosts">
      <Typography.Text strong>Previous addresses still answering</Typography.Text>
      {hosts.map((h) => (
        <Flex key={h.host} gap={8} wrap align="center" style={{ marginTop: 6 }}>
          <Tag style={{ marginInlineEnd: 0 }}>{h.host}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {h.replacedBy ? `replaced by ${h.replacedBy} on ${formatDateLong(h.replacedAt)}; ` : `removed on ${formatDateLong(h.replacedAt)}; `}
            {h.expiresAt ? `answers until ${formatDateLong(h.expiresAt)}` : `answers until ${h.replacedBy} is reached, then 30 more days`}
          </Typography.Text>
        </Flex>
      ))}
    </div>
  );
}

function SettingsFormBody({ settings, withIntegrations }: { settings: StoreSettings; withIntegrations: boolean }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveStoreSettings(settings.id);
  const initialValues = useMemo(() => toFormValues(settings), [settings]);
  const [dirty, setDirty] = useState(false);
  const currency = Form.useWatch('currency', form) ?? settings.currency;
  const isBuyingStore = Form.useWatch('isBuyingStore', form) ?? settings.isBuyingStore;
  const storeName = Form.useWatch('name', form) ?? settings.name;
  const symbol = priceSymbol(currency);
  const who = consignerWord(isBuyingStore);

  const onFinish = (values: FormValues) =>
    save.mutate(toBody({ ...initialValues, ...values }), {
      onSuccess: (saved) => {
        message.success(PEOPLE_MESSAGES.settingsSaved);
        form.setFieldsValue(toFormValues(saved));
        setDirty(false);
      },
      onError: (error) => {
        showHostConflict(form, error);
        message.error(errorMessage(error), 5);
      },
    });

  const moneyInput = (label: string) => <InputNumber min={0} max={MAX_MONEY} step={1} precision={2} prefix={symbol} style={{ width: '100%' }} aria-label={label} />;
  const percentInput = (label: string) => <InputNumber min={0} max={MAX_PERCENT} step={0.5} precision={2} suffix="%" style={{ width: '100%' }} aria-label={label} />;
  const half = isMobile ? 24 : 12;

  const emailTab = (field: 'emailMsgs' | 'marketplaceEmailMsgs') =>
    EMAIL_MESSAGE_EVENTS.map((event) => (
      <Form.Item key={event} name={[field, event]} label={EMAIL_MESSAGE_LABELS[event]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={TEXT_LIMITS.long} placeholder="Added to this e-mail, e.g. opening hours or a thank-you" />
      </Form.Item>
    ));

  return (
    <Form
      form={form}
      name="storeSettings"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={() => setDirty(true)}
      onFinishFailed={({ errorFields }) => {
        if (errorFields[0]) form.scrollToField(errorFields[0].name, { block: 'center' });
      }}
      scrollToFirstError={false}
      className="br-settings-form"
    >
      <Flex gap={24} align="flex-start">
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          <Section id={sectionId('store')} icon={<ShopOutlined />} title="Store">
            <Row gutter={16}>
              <Col span={half}>
                <Form.Item name="name" label="Name" rules={[required(PEOPLE_MESSAGES.nameRequired)]}>
                  <Input maxLength={TEXT_LIMITS.name} />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="supportEmail" label="Support email" rules={[required(PEOPLE_MESSAGES.supportEmailRequired), { type: 'email', message: STORE_SETTINGS_MESSAGES.invalidSupportEmail }]} extra="Where consigners' questions and the Help menu go">
                  <Input maxLength={TEXT_LIMITS.email} inputMode="email" />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="redirectURL" label="Redirect URL" rules={[required(PEOPLE_MESSAGES.redirectUrlRequired), webAddressRule(STORE_SETTINGS_MESSAGES.invalidRedirectUrl)]} extra="The shop's own website: the back link of the password reset screen">
                  <Input maxLength={TEXT_LIMITS.url} placeholder="https://shop.example.com" inputMode="url" />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="currency" label="Currency" rules={[{ required: true, message: PEOPLE_MESSAGES.currencyRequired }]}>
                  <Select showSearch options={CURRENCY_CODES.map((c) => ({ value: c, label: `${c} (${priceSymbol(c)})` }))} aria-label="Currency" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="logo" label="Logo" rules={[webAddressRule(STORE_SETTINGS_MESSAGES.invalidLogo, { allowRootPath: true })]}>
                  <LogoField storeName={storeName} />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item label="Handle" extra="Chosen at signup; store landing and shared catalogue links use it">
                  <Input value={settings.handle} disabled aria-label="Handle" />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          <Section id={sectionId('domains')} icon={<GlobalOutlined />} title="Domains">
            <Typography.Paragraph type="secondary">
              The addresses this store answers on. After a change the previous address keeps working until the new one has been reached, then 30 more days.
            </Typography.Paragraph>
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item name="domain" label="Domain" rules={[hostRule(null)]} extra="The main address of the back office, e.g. backroom.shop.example.com">
                  <Input maxLength={TEXT_LIMITS.url} placeholder="backroom.shop.example.com" inputMode="url" />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="consignerUrl" label={`${who} portal URL`} rules={[hostRule(PEOPLE_MESSAGES.domainRequired)]} required>
                  <Input maxLength={TEXT_LIMITS.url} placeholder="consign.shop.example.com" inputMode="url" />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="inStoreUrl" label="In-store URL" rules={[hostRule(PEOPLE_MESSAGES.domainRequired)]} required>
                  <Input maxLength={TEXT_LIMITS.url} placeholder="instore.shop.example.com" inputMode="url" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label="Consigner CNAME" extra="Point the portal URL's DNS CNAME record at this address. Set by the Backroom operator.">
                  <Input value={settings.consignerCname ?? ''} placeholder="Not set" readOnly disabled aria-label="Consigner CNAME" data-testid="consigner-cname" />
                </Form.Item>
              </Col>
            </Row>
            <PreviousHosts hosts={settings.previousHosts} />
          </Section>

          <Section id={sectionId('signup')} icon={<UserAddOutlined />} title={`${who} signup & payouts`}>
            <Form.Item name="signupInfo" label="Signup info" rules={[listRule(STORE_SETTINGS_MESSAGES.signupInfoRequired)]} extra={`What a new ${who.toLowerCase()} is asked for`}>
              <Checkbox.Group options={[...SIGNUP_INFO_OPTIONS]} className="br-choice-grid" />
            </Form.Item>
            <Form.Item name="payoutOptions" label="Payout options" rules={[listRule(PEOPLE_MESSAGES.payoutOptionRequired)]}>
              <Checkbox.Group options={[...PAYOUT_OPTIONS]} className="br-choice-grid" />
            </Form.Item>
            <Form.Item name="bankFields" label="Bank details collected" rules={[{ required: true }]}>
              <Radio.Group className="br-radio-stack">
                <Radio value="routing">
                  <Typography.Text strong>International</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">Routing type with ABA routing number, SWIFT code or IBAN</Typography.Text>
                </Radio>
                <Radio value="local">
                  <Typography.Text strong>Local</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">Account name, account number, bank and account type only</Typography.Text>
                </Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="shipInstructions" label="Ship instructions" rules={[required(PEOPLE_MESSAGES.shipInstructionsRequired)]} extra={`Shown to ${who.toLowerCase()}s who ship or drop off items`}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={TEXT_LIMITS.long} />
            </Form.Item>
          </Section>

          <Section id={sectionId('labels')} icon={<TagsOutlined />} title="Labels">
            <Form.Item name="labelOptions" label="Label shows" rules={[listRule(PEOPLE_MESSAGES.labelOptionRequired)]}>
              <Checkbox.Group options={[...LABEL_OPTIONS]} className="br-choice-grid br-choice-grid-wide" />
            </Form.Item>
            <Row gutter={16}>
              <Col span={isMobile ? 12 : 6}>
                <Form.Item name={['labelSize', 'width']} label="Width" rules={[{ required: true, message: PEOPLE_MESSAGES.widthRequired }]}>
                  <InputNumber min={LABEL_MM_MIN} max={LABEL_MM_MAX} suffix="mm" style={{ width: '100%' }} aria-label="Label width" />
                </Form.Item>
              </Col>
              <Col span={isMobile ? 12 : 6}>
                <Form.Item name={['labelSize', 'height']} label="Height" rules={[{ required: true, message: PEOPLE_MESSAGES.heightRequired }]}>
                  <InputNumber min={LABEL_MM_MIN} max={LABEL_MM_MAX} suffix="mm" style={{ width: '100%' }} aria-label="Label height" />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="customBarcode" label="Custom barcode" extra="The code printed as a barcode, or none">
                  <Select options={[{ value: '', label: 'None' }, ...CUSTOM_BARCODE_OPTIONS.map((o) => ({ value: o, label: o }))]} aria-label="Custom barcode" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="customShopifyUrl" label="Custom storefront URL" rules={[webAddressRule(STORE_SETTINGS_MESSAGES.invalidUrl)]} extra="Where Scan To Shop codes lead, when not the storefront's own address">
                  <Input maxLength={TEXT_LIMITS.url} placeholder="https://shop.example.com" inputMode="url" />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Text strong>Tracking parameters</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              Added to storefront links on labels, e.g. utm_source = label.
            </Typography.Paragraph>
            <Form.List name="shopifyTrackingParams">
              {(fields, { add, remove }) => (
                <Flex vertical gap={8}>
                  {fields.map((field) => (
                    <Flex key={field.key} gap={8} align="flex-start">
                      <Form.Item name={[field.name, 'param']} rules={[required(STORE_SETTINGS_MESSAGES.trackingParamRequired)]} style={{ flex: 1, marginBottom: 0 }}>
                        <Input placeholder="Parameter" maxLength={TEXT_LIMITS.name} aria-label="Tracking parameter" />
                      </Form.Item>
                      <Form.Item name={[field.name, 'value']} style={{ flex: 1, marginBottom: 0 }}>
                        <Input placeholder="Value" maxLength={TEXT_LIMITS.name} aria-label="Tracking value" />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label="Remove tracking parameter" />
                    </Flex>
                  ))}
                  <div>
                    <Button icon={<PlusOutlined />} onClick={() => add({ param: '', value: '' })} disabled={fields.length >= MAX_TRACKING_PARAMS}>
                      Add parameter
                    </Button>
                  </div>
                </Flex>
              )}
            </Form.List>
          </Section>

          <Section id={sectionId('emails')} icon={<MailOutlined />} title="E-mails">
            <Typography.Paragraph type="secondary">A paragraph of your own added to each e-mail {who.toLowerCase()}s receive. Leave empty for none.</Typography.Paragraph>
            <Tabs
              items={[
                { key: 'emailMsgs', label: `${who} e-mails`, children: emailTab('emailMsgs'), forceRender: true },
                { key: 'marketplaceEmailMsgs', label: 'Marketplace e-mails', children: emailTab('marketplaceEmailMsgs'), forceRender: true },
              ]}
            />
          </Section>

          <Section id={sectionId('terms')} icon={<FileTextOutlined />} title="Terms">
            <Form.Item name="termsOfService" label="Terms of service" extra={`${who}s accept these at signup`}>
              <Input.TextArea autoSize={{ minRows: 6, maxRows: 18 }} maxLength={TEXT_LIMITS.long} showCount />
            </Form.Item>
          </Section>

          <Section id={sectionId('fees')} icon={<PercentageOutlined />} title="Approvals & fees">
            <SwitchRow name="autoPreapproval" label="Auto preapproval" help={`Items a ${who.toLowerCase()} prices within the range around the lowest listing go straight to drop off`} />
            <Row gutter={16} style={{ marginTop: 16 }}>
              <Col span={half}>
                <Form.Item name="minApproval" label="Min approval" extra="How far below the lowest listing a price may be">
                  {moneyInput('Min approval')}
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="maxApproval" label="Max approval" extra="How far above the lowest listing a price may be">
                  {moneyInput('Max approval')}
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="warnAmount" label="Warn amount" extra="Warn when a price is this much above the lowest listing; 0 for never">
                  {moneyInput('Warn amount')}
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="warnText" label="Warn text">
                  <Input maxLength={TEXT_LIMITS.note} placeholder="This price is well above the lowest listing." />
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="payoutFee" label="Payout fee" extra="Transaction fee: a percent of each sale price">
                  {percentInput('Payout fee')}
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="upPrice" label="Price increase" extra="Added to prices on the storefront">
                  {moneyInput('Price increase')}
                </Form.Item>
              </Col>
              <Col span={half}>
                <Form.Item name="vatRate" label="VAT rate">
                  {percentInput('VAT rate')}
                </Form.Item>
              </Col>
            </Row>
            <Flex vertical gap={14}>
              <SwitchRow name="chargeTax" label="Charge VAT" help="VAT on the selling and transaction fees of every consigner" />
              <SwitchRow name="absorbDiscount" label="Absorb discounts" help={`Storefront discounts come out of the store's share, not the ${who.toLowerCase()}'s payout`} />
            </Flex>
          </Section>

          <Section id={sectionId('flags')} icon={<ControlOutlined />} title="Flags">
            <Flex vertical gap={14}>
              <SwitchRow name="isBuyingStore" label="Buying store" help="The store buys items outright: consigners are called Sellers" />
              <SwitchRow name="onlineMarketplace" label="Online marketplace" help="Consigners with marketplace access list items at ONLINE MARKETPLACE and ship them when sold" />
              <SwitchRow name="prioritizeStore" label="Prioritize store items" help="The store's own items come first in inventory priority order" />
              <SwitchRow name="safeInventoryStatusMode" label="Safe inventory status mode" help="Sold, Pending sale and Paid items keep their status when edited by hand" />
              <SwitchRow name="livePriceChanges" label="Live price changes" help="Send price changes to the storefront as they are saved" />
              <SwitchRow name="automatedPayout" label="Automated payout" help="Bank payouts are sent by the payout provider instead of marked paid by hand" />
              <Flex gap={12} align="flex-start" className="br-switch-row">
                <Switch checked={settings.maintenanceMode} disabled aria-label="Maintenance mode" />
                <div>
                  <Typography.Text strong>Maintenance mode</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">Set by the Backroom operator: while on, everyone sees the maintenance page.</Typography.Text>
                </div>
              </Flex>
            </Flex>
          </Section>

          <Section id={sectionId('storefront')} icon={<SyncOutlined />} title="Storefront">
            <ResyncPanel />
          </Section>

          <div className={`br-save-bar${dirty ? ' br-save-bar-dirty' : ''}`}>
            <Typography.Text type="secondary" className="br-save-hint">
              {dirty ? 'You have unsaved changes' : 'All changes saved'}
            </Typography.Text>
            <Flex gap={8}>
              <Button
                onClick={() => {
                  form.resetFields();
                  setDirty(false);
                }}
                disabled={!dirty || save.isPending}
              >
                Reset
              </Button>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="save-settings">
                Save settings
              </Button>
            </Flex>
          </div>
        </Flex>
        {!isMobile && (
          <div className="br-settings-nav">
            <Anchor
              offsetTop={84}
              targetOffset={84}
              items={[...SECTIONS, ...(withIntegrations ? [{ key: 'integrations', title: 'Integrations' }, { key: 'shopify', title: 'Shopify' }] : [])].map((s) => ({ key: s.key, href: `#${sectionId(s.key)}`, title: s.title }))}
              onClick={(e) => e.preventDefault()}
            />
          </div>
        )}
      </Flex>
    </Form>
  );
}

/**
 * The store settings form (Settings access): loads GET /api/stores/{id}, saves with PUT.
 * `withIntegrations`: the side navigation also leads to the Integrations card below the form.
 */
export function StoreSettingsForm({ storeId, withIntegrations = false }: { storeId: string; withIntegrations?: boolean }) {
  const settings = useStoreSettings(storeId);
  if (settings.isPending) {
    return (
      <Flex vertical gap={16} data-testid="settings-loading">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </Flex>
    );
  }
  if (settings.isError) return <Alert type="error" showIcon title="The settings could not be loaded" description={errorMessage(settings.error)} />;
  return <SettingsFormBody key={settings.data.id} settings={settings.data} withIntegrations={withIntegrations} />;
}
