// Sections of the store settings form that stand alone: Labels, Approvals & fees, Flags.
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { ControlOutlined, DeleteOutlined, PercentageOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import {
  PAYOUT_HOLD_DAYS_MAX,
  PAYOUT_HOLD_FROM,
  PAYOUT_HOLD_FROM_LABELS,
  TERM_REMINDER_DAYS_MAX,
  STORE_CREDIT_BONUS_MAX,
  CUSTOM_BARCODE_OPTIONS,
  LABEL_LAYOUT_NAMES,
  LABEL_MM_MAX,
  LABEL_MM_MIN,
  LABEL_OPTIONS,
  MAX_PERCENT,
  MAX_TRACKING_PARAMS,
  PEOPLE_MESSAGES,
  SPECIAL_LABEL_LAYOUTS,
  STORE_SETTINGS_MESSAGES,
  TEXT_LIMITS,
} from '@backroom/domain';
import type { StoreSettings } from './settings.api';
import { LabelPreviewField, MAX_MONEY, Section, SwitchRow, listRule, required, sectionId, webAddressRule, type FormValues } from './SettingsFormParts';
import { CheckboxChoices } from '../../shared/ui/CheckboxChoices';

/** Labels: what a label shows, its size, barcode and layout, a live preview, and the storefront link's parameters. */
export function LabelsSection({ form, settings, isMobile }: { form: FormInstance<FormValues>; settings: StoreSettings; isMobile: boolean }) {
  const half = isMobile ? 24 : 12;
  return (
    <Section id={sectionId('labels')} icon={<TagsOutlined />} title="Labels">
      <Form.Item name="labelOptions" label="Label shows" rules={[listRule(PEOPLE_MESSAGES.labelOptionRequired)]}>
        <CheckboxChoices options={[...LABEL_OPTIONS]} className="br-choice-grid br-choice-grid-wide" />
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
          <Form.Item name="labelLayout" label="Layout" extra="Standard: codes left, details right. The spec's labels 32 and 101 have layouts of their own.">
            <Select
              options={[{ value: 0, label: 'Standard' }, ...SPECIAL_LABEL_LAYOUTS.map((id) => ({ value: id, label: LABEL_LAYOUT_NAMES[id] }))]}
              aria-label="Label layout"
              data-testid="label-layout"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <LabelPreviewField form={form} settings={settings} isMobile={isMobile} />
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
  );
}

/** Approvals & fees: auto preapproval and its range, the warning, the fees and VAT. */
export function FeesSection({ who, symbol, isMobile }: { who: string; symbol: string; isMobile: boolean }) {
  const half = isMobile ? 24 : 12;
  const moneyInput = (label: string) => <InputNumber min={0} max={MAX_MONEY} step={1} precision={2} prefix={symbol} style={{ width: '100%' }} aria-label={label} />;
  const percentInput = (label: string) => <InputNumber min={0} max={MAX_PERCENT} step={0.5} precision={2} suffix="%" style={{ width: '100%' }} aria-label={label} />;
  return (
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
          <Form.Item name="markdownFloor" label="Markdown floor" extra="No markdown takes a price below it; 0 for none">
            {moneyInput('Markdown floor')}
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item name="termReminderDays" label="Consignment ending reminder" extra={`Days before an item's consignment ends that its ${who.toLowerCase()} is e-mailed (0: no reminders)`}>
            <InputNumber min={0} max={TERM_REMINDER_DAYS_MAX} step={1} precision={0} suffix="days" style={{ width: '100%' }} aria-label="Consignment ending reminder (days)" data-testid="term-reminder-days" />
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item name="vatRate" label="VAT rate">
            {percentInput('VAT rate')}
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item name="payoutHoldDays" label="Payout hold (days)" extra="Days after a sale before its money is ready to pay: refunds inside the hold need no claw-back (0: at once)">
            <InputNumber min={0} max={PAYOUT_HOLD_DAYS_MAX} step={1} precision={0} suffix="days" style={{ width: '100%' }} aria-label="Payout hold (days)" data-testid="payout-hold-days" />
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item
            name="payoutHoldFrom"
            label="Count the hold from"
            extra="For online (storefront) orders: the day of the sale, or the day the order ships. Counter sales always count from the sale"
          >
            <Select options={PAYOUT_HOLD_FROM.map((v) => ({ value: v, label: PAYOUT_HOLD_FROM_LABELS[v] }))} aria-label="Count the hold from" data-testid="payout-hold-from" />
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item name="payoutMinimum" label="Minimum payout" extra={`A payout run leaves out a ${who.toLowerCase()} whose ready money is below this (0: no minimum)`}>
            {moneyInput('Minimum payout')}
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item name="storeCreditBonus" label="Store credit bonus" extra={`Added to a payout a ${who.toLowerCase()} takes as store credit, e.g. 20 = 20% more (0: none)`}>
            <InputNumber min={0} max={STORE_CREDIT_BONUS_MAX} step={1} precision={0} suffix="%" style={{ width: '100%' }} aria-label="Store credit bonus" data-testid="store-credit-bonus" />
          </Form.Item>
        </Col>
      </Row>
      <Flex vertical gap={14}>
        <SwitchRow name="chargeTax" label="Charge VAT" help="VAT on the selling and transaction fees of every consigner" />
        <SwitchRow name="absorbDiscount" label="Absorb discounts" help={`Storefront discounts come out of the store's share, not the ${who.toLowerCase()}'s payout`} />
      </Flex>
    </Section>
  );
}

/** Flags: the store's switches, and maintenance mode (the operator's, shown only). */
export function FlagsSection({ settings }: { settings: StoreSettings }) {
  return (
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
  );
}
