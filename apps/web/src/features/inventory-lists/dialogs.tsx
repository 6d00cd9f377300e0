// The small dialogs of the inventory lists: accept at a location, tracking code,
// the store-request acceptance and the store asking a consigner for a new price.
import { useEffect, useMemo } from 'react';
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { INVENTORY_MESSAGES, PAYMENT_TYPES, checkStoreRequestPrice, currencySymbol, statusLabel, toMinor, type PaymentType } from '@backroom/domain';
import type { FilterOptions, ListItem } from './inventory-lists.api';
import { money } from './row-actions';
import { decimalsRule } from '../../shared/format';

export interface AcceptValues {
  location: string;
  subLocation?: string;
  paymentType?: PaymentType;
}

/** Accept at a location and optional sub-location; bought items also take a payment type (cash or Checkbooks). */
export function AcceptDialog({
  open,
  title,
  description,
  showPaymentType,
  initialLocation,
  options,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  description: string;
  showPaymentType: boolean;
  initialLocation: string | null;
  options: FilterOptions | undefined;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: AcceptValues) => void;
}) {
  const [form] = Form.useForm<AcceptValues>();
  const location = Form.useWatch('location', form);
  const subLocations = useMemo(() => (options?.subLocations ?? []).filter((s) => s.locationName === location), [options, location]);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // a drop-off already names the store location it was brought to
    if (initialLocation && options?.locations.some((l) => l.value === initialLocation)) form.setFieldValue('location', initialLocation);
  }, [open, form, initialLocation, options]);
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      okText="Accept"
      onOk={() => form.submit()}
      confirmLoading={busy}
    >
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onSubmit} requiredMark={false} data-testid="accept-form">
        <Form.Item name="location" label="Location" rules={[{ required: true, message: INVENTORY_MESSAGES.locationRequired }]}>
          <Select
            placeholder="Select a location"
            options={(options?.locations ?? []).map((l) => ({ value: l.value, label: l.label }))}
            onChange={() => form.setFieldValue('subLocation', undefined)}
            data-testid="accept-location"
          />
        </Form.Item>
        <Form.Item name="subLocation" label="Sub-location (optional)">
          <Select
            allowClear
            placeholder={location ? (subLocations.length ? 'Select a sub-location' : 'This location has no sub-locations') : 'Pick a location first'}
            disabled={!location || subLocations.length === 0}
            options={subLocations.map((s) => ({ value: s.name, label: s.name }))}
            data-testid="accept-sublocation"
          />
        </Form.Item>
        {showPaymentType && (
          <Form.Item name="paymentType" label="Payment type" rules={[{ required: true, message: 'Please select a payment type' }]}>
            <Radio.Group options={PAYMENT_TYPES.map((p) => ({ value: p.value, label: p.label }))} data-testid="accept-payment-type" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The Add tracking modal: a Sold item at ONLINE MARKETPLACE gets the code the consigner shipped with. */
export function TrackingDialog({
  item,
  busy,
  onCancel,
  onSubmit,
}: {
  item: ListItem | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (trackingCode: string) => void;
}) {
  const [form] = Form.useForm<{ trackingCode: string }>();
  useEffect(() => {
    if (item) form.setFieldsValue({ trackingCode: item.trackingCode ?? '' });
  }, [item, form]);
  return (
    <Modal
      title={item?.trackingCode ? 'Tracking' : 'Add tracking'}
      open={item !== null}
      onCancel={onCancel}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={busy}
    >
      {item && (
        <Typography.Paragraph type="secondary">
          {item.product.title} · {item.code}
          {item.order ? ` · order ${item.order.name}` : ''}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.trackingCode.trim())} data-testid="tracking-form">
        <Form.Item name="trackingCode" label="Tracking code" rules={[{ required: true, whitespace: true, message: 'Please enter a tracking code' }]}>
          <Input placeholder="e.g. 1Z999AA10123456784" autoFocus data-testid="tracking-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Accepted Inventory modal (Consignment): read-only details, price editable when a range exists. */
export function StoreRequestDialog({
  item,
  currency,
  isBuyingStore,
  busy,
  onCancel,
  onSubmit,
}: {
  item: ListItem | null;
  currency: string;
  isBuyingStore: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (price: number) => void;
}) {
  const [form] = Form.useForm<{ price: number }>();
  const range = item?.storeRequestPriceRange ?? null;
  useEffect(() => {
    if (item) form.setFieldsValue({ price: item.price });
  }, [item, form]);
  return (
    <Modal title="Accepted Inventory" open={item !== null} onCancel={onCancel} okText="Accept" onOk={() => form.submit()} confirmLoading={busy}>
      {item && (
        <Descriptions
          column={1}
          size="small"
          style={{ marginBottom: 12 }}
          items={[
            { key: 'title', label: 'Product', children: item.product.title },
            { key: 'sku', label: 'SKU', children: item.product.sku },
            { key: 'size', label: 'Size', children: [item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ') },
            { key: 'status', label: 'Status', children: statusLabel(item.status, { isBuyingStore }) },
            {
              key: 'consigner',
              label: 'Consigner',
              children: item.consigner ? `${item.consigner.firstName} ${item.consigner.lastName}` : '—',
            },
            ...(range ? [{ key: 'range', label: 'Requested price range', children: `${money(range.low, currency)} – ${money(range.high, currency)}` }] : []),
          ]}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.price)} data-testid="store-request-form">
        <Form.Item
          name="price"
          label="Price"
          rules={[
            { required: true, message: INVENTORY_MESSAGES.enterPrice },
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined || !range) return;
                const refused = checkStoreRequestPrice(toMinor(value), { low: toMinor(range.low), high: toMinor(range.high) });
                if (refused) throw new Error(refused);
              },
            },
          ]}
        >
          <InputNumber min={0} disabled={!range} prefix={currencySymbol(currency)} style={{ width: 200 }} data-testid="store-request-price" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** For a Requested item, the store asks the consigner for a new price (-> StoreRequestPriceChange). */
export function AskPriceDialog({
  item,
  currency,
  busy,
  onCancel,
  onSubmit,
}: {
  item: ListItem | null;
  currency: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (requestedPrice: number) => void;
}) {
  const [form] = Form.useForm<{ requestedPrice: number }>();
  useEffect(() => {
    if (item) form.resetFields();
  }, [item, form]);
  return (
    <Modal title="Ask for a new price" open={item !== null} onCancel={onCancel} okText="Send" onOk={() => form.submit()} confirmLoading={busy}>
      {item && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${item.product.title} is listed at ${money(item.price, currency)}. The consigner accepts your price or cancels the drop-off.`}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.requestedPrice)} data-testid="ask-price-form">
        <Form.Item
          name="requestedPrice"
          label="New price"
          rules={[
            { required: true, message: INVENTORY_MESSAGES.enterPrice },
            { type: 'number', min: 0.01, message: INVENTORY_MESSAGES.priceChangeValue },
          ]}
        >
          <InputNumber min={0} prefix={currencySymbol(currency)} style={{ width: 200 }} data-testid="ask-price-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The consigner's price change request (catalogue doc sections 4 and 5): an Active or RequestPriceChange
 * item gets a requested price the store accepts or declines. Empty: 'Please enter a price'; zero or less:
 * 'You must set the valuee for the price change'.
 */
export function RequestPriceDialog({
  item,
  currency,
  busy,
  onCancel,
  onSubmit,
}: {
  item: ListItem | null;
  currency: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (requestedPrice: number) => void;
}) {
  const [form] = Form.useForm<{ requestedPrice: number | null }>();
  useEffect(() => {
    if (item) form.resetFields();
  }, [item, form]);
  return (
    <Modal
      title="Request price change"
      open={item !== null}
      onCancel={onCancel}
      okText="Request"
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="request-price-dialog"
    >
      {item && (
        <Typography.Paragraph type="secondary">
          {item.product.title} · {item.code}
          {item.option1Value ? ` · ${item.option1Value}` : ''} is listed at {money(item.price, currency)}. The store accepts or declines the new price.
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={(v) => v.requestedPrice !== null && onSubmit(v.requestedPrice)} data-testid="request-price-form">
        <Form.Item
          name="requestedPrice"
          label="New price"
          rules={[
            { required: true, message: INVENTORY_MESSAGES.enterPrice },
            {
              validator: async (_, value: number | null | undefined) => {
                if (value !== null && value !== undefined && !(value > 0)) throw new Error(INVENTORY_MESSAGES.priceChangeValue);
              },
            },
            decimalsRule('Price'),
          ]}
        >
          <InputNumber prefix={currencySymbol(currency)} style={{ width: '100%', maxWidth: 240 }} inputMode="decimal" autoFocus data-testid="request-price-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
