import { useMemo, useState } from 'react';
import { Alert, Anchor, App, Button, Card, Col, Flex, Form, Input, Radio, Row, Select, Skeleton, Tabs, Typography } from 'antd';
import { FileTextOutlined, GlobalOutlined, MailOutlined, SaveOutlined, ShopOutlined, SyncOutlined, UserAddOutlined } from '@ant-design/icons';
import { CURRENCY_CODES, EMAIL_MESSAGE_EVENTS, EMAIL_MESSAGE_LABELS, PAYOUT_OPTIONS, PEOPLE_MESSAGES, SIGNUP_INFO_OPTIONS, STORE_SETTINGS_MESSAGES, TEXT_LIMITS, consignerWord } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { HostProofsPanel } from './HostProofsPanel';
import { LogoField } from './LogoField';
import { ResyncPanel } from './ResyncPanel';
import { useSaveStoreSettings, useStoreSettings, type StoreSettings } from './settings.api';
import { FeesSection, FlagsSection, LabelsSection } from './SettingsSections';
import { PreviousHosts, SECTIONS, Section, hostRule, listRule, required, sectionId, showHostConflict, toBody, toFormValues, webAddressRule, type FormValues } from './SettingsFormParts';
import './settings.css';
import { CheckboxChoices } from '../../shared/ui/CheckboxChoices';


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
            {withIntegrations && <HostProofsPanel storeId={settings.id} />}
          </Section>

          <Section id={sectionId('signup')} icon={<UserAddOutlined />} title={`${who} signup & payouts`}>
            <Form.Item name="signupInfo" label="Signup info" rules={[listRule(STORE_SETTINGS_MESSAGES.signupInfoRequired)]} extra={`What a new ${who.toLowerCase()} is asked for`}>
              <CheckboxChoices options={[...SIGNUP_INFO_OPTIONS]} className="br-choice-grid" />
            </Form.Item>
            <Form.Item name="payoutOptions" label="Payout options" rules={[listRule(PEOPLE_MESSAGES.payoutOptionRequired)]}>
              <CheckboxChoices options={[...PAYOUT_OPTIONS]} className="br-choice-grid" />
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

          <LabelsSection form={form} settings={settings} isMobile={isMobile} />

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

          <FeesSection who={who} symbol={symbol} isMobile={isMobile} />

          <FlagsSection settings={settings} />

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
