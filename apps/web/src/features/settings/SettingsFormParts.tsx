// The store settings form's pieces: its values and their mapping to the API, its rules, and the
// small components its sections share (StoreSettingsForm.tsx lays the sections out).
import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Flex, Form, Skeleton, Switch, Tag, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { EMAIL_MESSAGE_EVENTS, MAX_AMOUNT_MINOR, STORE_SETTINGS_MESSAGES, formatDateLong, isWebAddress, normaliseHost, toMajor, type EmailMessageEvent, type LabelSettings, type TStoreSettingsPatch } from '@backroom/domain';
import { ApiError } from '../../shared/api';
import type { StoreSettings } from './settings.api';
import { useCurrentStore } from '../store/store.api';

// QR and barcode drawing load with the preview, not with the settings page
const LabelPreview = lazy(() => import('../labels/LabelPreview'));

type EmailTexts = Record<EmailMessageEvent, string>;

/** The form's values: the store as the API gives it, with '' for "none" where a select or text needs one. */
export type FormValues = Omit<StoreSettings, 'id' | 'handle' | 'consignerCname' | 'previousHosts' | 'maintenanceMode' | 'updatedAt' | 'customBarcode' | 'labelLayout' | 'emailMsgs' | 'marketplaceEmailMsgs'> & {
  customBarcode: string;
  /** 0: the standard layout; else the spec's label id (32, 101) */
  labelLayout: number;
  emailMsgs: EmailTexts;
  marketplaceEmailMsgs: EmailTexts;
};

const HOST_FIELDS = ['domain', 'consignerUrl', 'inStoreUrl'] as const;

const emailTexts = (msgs: Record<string, string> | null): EmailTexts =>
  Object.fromEntries(EMAIL_MESSAGE_EVENTS.map((e) => [e, msgs?.[e] ?? ''])) as EmailTexts;

export function toFormValues(s: StoreSettings): FormValues {
  const { id: _id, handle: _handle, consignerCname: _cname, previousHosts: _hosts, maintenanceMode: _m, updatedAt: _u, ...rest } = s;
  return { ...rest, customBarcode: s.customBarcode ?? '', labelLayout: s.labelLayout ?? 0, emailMsgs: emailTexts(s.emailMsgs), marketplaceEmailMsgs: emailTexts(s.marketplaceEmailMsgs) };
}

export function toBody(v: FormValues): TStoreSettingsPatch {
  return {
    ...v,
    customBarcode: v.customBarcode || null,
    labelLayout: v.labelLayout || null,
    shopifyTrackingParams: (v.shopifyTrackingParams ?? []).map((p) => ({ param: p.param ?? '', value: p.value ?? '' })),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules: the spec's messages (section 5), and ours where it has none (docs/people.md).

export const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
export const hostRule = (message: string | null): FormRule => ({
  validator: async (_rule, value: string | null | undefined) => {
    const host = normaliseHost(value ?? '');
    if (host === undefined) throw new Error(STORE_SETTINGS_MESSAGES.invalidDomain);
    if (host === null && message) throw new Error(message);
  },
});
export const webAddressRule = (message: string, opts: { allowRootPath?: boolean } = {}): FormRule => ({
  validator: async (_rule, value: string | null | undefined) => {
    if (value && value.trim() && !isWebAddress(value, opts)) throw new Error(message);
  },
});
export const listRule = (message: string): FormRule => ({ type: 'array', required: true, min: 1, message });
export const MAX_MONEY = toMajor(MAX_AMOUNT_MINOR);

export function Section({ id, icon, title, extra, children }: { id: string; icon: ReactNode; title: string; extra?: ReactNode; children: ReactNode }) {
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
export function SwitchRow({ name, label, help, disabled }: { name: keyof FormValues; label: string; help: string; disabled?: boolean }) {
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

export const SECTIONS = [
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

export const sectionId = (key: string) => `settings-${key}`;

/** A 409 names the address another store uses: show it under the field that holds it. */
export function showHostConflict(form: FormInstance<FormValues>, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  const host = error.message.split(' ')[0];
  for (const field of HOST_FIELDS) {
    if (normaliseHost(form.getFieldValue(field) ?? '') === host) form.setFields([{ name: field, errors: [error.message] }]);
  }
}

export function PreviousHosts({ hosts }: { hosts: StoreSettings['previousHosts'] }) {
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

/** The live preview of one label from the form's current label fields (drawn as the PDF is). */
export function LabelPreviewField({ form, settings, isMobile }: { form: FormInstance<FormValues>; settings: StoreSettings; isMobile: boolean }) {
  const store = useCurrentStore();
  const labelSize = Form.useWatch('labelSize', form) ?? settings.labelSize;
  const labelOptions = Form.useWatch('labelOptions', form) ?? settings.labelOptions;
  const customBarcode = Form.useWatch('customBarcode', form) ?? settings.customBarcode ?? '';
  const labelLayout = Form.useWatch('labelLayout', form) ?? settings.labelLayout ?? 0;
  const currency = Form.useWatch('currency', form) ?? settings.currency;
  const logo = Form.useWatch('logo', form) ?? settings.logo;
  const customShopifyUrl = Form.useWatch('customShopifyUrl', form) ?? settings.customShopifyUrl;
  const preview: LabelSettings = {
    labelSize: { width: Number(labelSize?.width), height: Number(labelSize?.height) },
    labelOptions: labelOptions ?? [],
    customBarcode: (customBarcode || null) as LabelSettings['customBarcode'],
    labelLayout: labelLayout === 32 || labelLayout === 101 ? labelLayout : null,
    currency,
    logo: logo || null,
    customShopifyUrl: customShopifyUrl || null,
    shopifyTrackingParams: settings.shopifyTrackingParams,
    shop: null,
    linkOrigin: store?.linkOrigin ?? window.location.origin,
    hasStorefront: store?.hasStorefront ?? false,
  };
  return (
    <Form.Item label="Preview">
      <Suspense fallback={<Skeleton.Node active style={{ width: 228, height: 128 }} />}>
        <LabelPreview settings={preview} maxWidth={isMobile ? 300 : 420} />
      </Suspense>
    </Form.Item>
  );
}
