import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Col, Flex, Form, Image, Input, InputNumber, Row, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { INVENTORY_FIELDS, INVENTORY_FORM_FIELDS, INVENTORY_MESSAGES, isMoneyLocked, sortSizes, type InventoryFormField } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { decimalsRule, formatPrice, priceSymbol } from '../../shared/format';
import { subLocationsOf, useLocations, useSubLocations } from '../../shared/lookups.api';
import { uploadImage, useUpdateInventory, type InventoryItem, type InventoryUpdate } from './inventory-item.api';
import { FALLBACK_IMAGE } from './item-ui';
import { ItemFieldInput } from './ItemFieldInput';
import { useLivePayout } from './useLivePayout';

// The fields come from the domain's one list (INVENTORY_FORM_FIELDS): those below have a widget of
// their own, any other is drawn by its kind (ItemFieldInput).
type EditValues = { [K in InventoryFormField]?: (typeof INVENTORY_FIELDS)[K]['kind'] extends 'money' ? number | null : string | null };
const DRAWN_HERE: ReadonlySet<InventoryFormField> = new Set(['option1Value', 'option2Value', 'option3Value', 'price', 'payout', 'location', 'subLocation', 'image', 'notes']);

/** The edit card: option values, price, payout (Cost for store accounts), location, sub-location, image, notes, and any other form field of the domain's list. */
export function EditCard({ item, currency }: { item: InventoryItem; currency: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateInventory(item.id);
  const locations = useLocations();
  const subLocations = useSubLocations();
  const [uploading, setUploading] = useState(false);
  const template = item.productTemplate;
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  // sold, paid or in a payout: the money is the ledger's (docs/statuses.md "Money statuses")
  const moneyLocked = isMoneyLocked({ status: item.status, payoutId: item.payoutId });
  const location = Form.useWatch('location', form);
  const image = Form.useWatch('image', form);
  const watched = {
    price: Form.useWatch('price', form),
    option1Value: Form.useWatch('option1Value', form),
    option2Value: Form.useWatch('option2Value', form),
    option3Value: Form.useWatch('option3Value', form),
  };
  const live = useLivePayout(form, item, watched, { active: !isStoreAccount && !moneyLocked });

  const initial = Object.fromEntries(INVENTORY_FORM_FIELDS.map((k) => [k, item[k]])) as EditValues;
  // a store account's payout is its Cost
  if (isStoreAccount) initial.payout = item.cost ?? item.payout;
  const initialRef = useRef(initial);
  initialRef.current = initial;

  // The saved item (or one changed from the header) is what the form shows next.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    form.setFieldsValue(initialRef.current);
    setDirty(false);
  }, [item.updatedAt, form]);

  // A changed location drops a sub-location of the old one.
  useEffect(() => {
    if (location === undefined) return;
    const sub = form.getFieldValue('subLocation') as string | null | undefined;
    if (sub && !subLocationsOf(subLocations.data, location).some((s) => s.name === sub)) form.setFieldValue('subLocation', null);
  }, [location, subLocations.data, form]);

  const save = (values: EditValues) => {
    const changes: Record<string, string | number | null> = {};
    for (const k of INVENTORY_FORM_FIELDS) {
      const value = values[k] ?? null;
      if (value === (initial[k] ?? null)) continue;
      // a payout the live quote filled in is the server's to work out from the price
      if (k === 'payout' && !isStoreAccount && !live.typed) continue;
      if (INVENTORY_FIELDS[k].kind !== 'money') changes[k] = value;
      else if (typeof value === 'number') changes[k === 'payout' && isStoreAccount ? 'cost' : k] = value;
      // the minimum price may be cleared (no minimum); price and payout may not
      else if (k === 'minimumPrice') changes[k] = null;
    }
    if (Object.keys(changes).length === 0) {
      message.info('Nothing to save');
      return;
    }
    const key = 'item-save';
    message.open({ key, type: 'loading', content: INVENTORY_MESSAGES.saving });
    update.mutate(changes as InventoryUpdate, {
      onSuccess: () => message.open({ key, type: 'success', content: INVENTORY_MESSAGES.saved }),
      onError: (error) => message.open({ key, type: 'error', content: errorMessage(error, INVENTORY_MESSAGES.unknownError), duration: 5 }),
    });
  };

  const valuesOf = (list: { value: string }[] | undefined, sort = false) => {
    const vals = (list ?? []).map((v) => v.value);
    return (sort ? sortSizes(vals) : vals).map((v) => ({ value: v, label: v }));
  };

  return (
    <Card title="Edit item" data-testid="edit-card">
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={save}
        onValuesChange={(changed: EditValues) => {
          setDirty(true);
          if ('payout' in changed) live.markTyped();
        }}
        requiredMark={false}
      >
        <Row gutter={12}>
          <Col xs={12} sm={8}>
            <Form.Item name="option1Value" label={template?.option1 ?? 'Option 1'}>
              <Select aria-label={template?.option1 ?? 'Option 1'} options={valuesOf(template?.option1Values, true)} showSearch />
            </Form.Item>
          </Col>
          {template?.option2 && (
            <Col xs={12} sm={8}>
              <Form.Item name="option2Value" label={template.option2}>
                <Select aria-label={template.option2} options={valuesOf(template.option2Values)} />
              </Form.Item>
            </Col>
          )}
          {template?.option3 && (
            <Col xs={12} sm={8}>
              <Form.Item name="option3Value" label={template.option3}>
                <Select aria-label={template.option3} options={valuesOf(template.option3Values)} allowClear />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} sm={8}>
            <Form.Item name="price" label="Price" rules={[{ required: true, message: INVENTORY_MESSAGES.enterPrice }, decimalsRule('Price')]}>
              <InputNumber aria-label="Price" prefix={priceSymbol(currency)} min={0} style={{ width: '100%' }} disabled={moneyLocked} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="payout"
              label={isStoreAccount ? 'Cost' : 'Payout'}
              extra={
                moneyLocked
                  ? 'Locked once sold: a mistake is corrected with Correct sale'
                  : isStoreAccount
                    ? undefined
                    : live.error
                      ? <Typography.Text type="danger">{live.error}</Typography.Text>
                      : (
                          <span data-testid="item-fees" style={{ opacity: live.loading ? 0.5 : 1 }}>
                            {live.fees ? `Fees ${formatPrice(live.fees.payoutFee, currency)} · total ${formatPrice(live.fees.total, currency)}` : 'Working out the fees…'}
                          </span>
                        )
              }
              rules={[decimalsRule(isStoreAccount ? 'Cost' : 'Payout')]}
            >
              <InputNumber aria-label={isStoreAccount ? 'Cost' : 'Payout'} prefix={priceSymbol(currency)} min={0} style={{ width: '100%' }} disabled={moneyLocked} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label="Quantity">
              <Typography.Text>{item.quantity}</Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="location" label="Location">
              <Select
                aria-label="Location"
                allowClear
                placeholder="Not placed yet"
                loading={locations.isPending}
                options={(locations.data ?? []).map((l) => ({ value: l.name, label: l.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="subLocation" label="Sub-location">
              <Select
                aria-label="Sub-location"
                allowClear
                placeholder="None"
                options={subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }))}
                notFoundContent={location ? 'This location has no sub-locations' : 'Pick a location first'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="image" hidden>
              <Input />
            </Form.Item>
            <Form.Item label="Image">
              <Flex gap={12} align="center">
                {image ? (
                  <Image src={image} alt="Item image" aria-label="Preview item image" width={56} height={56} style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 6 }} fallback={FALLBACK_IMAGE} />
                ) : null}
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  customRequest={({ file, onSuccess, onError }) => {
                    setUploading(true);
                    uploadImage(file as File)
                      .then((url) => {
                        form.setFieldValue('image', url);
                        onSuccess?.(url);
                      })
                      .catch((error: unknown) => {
                        message.error(errorMessage(error));
                        onError?.(error as Error);
                      })
                      .finally(() => setUploading(false));
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {image ? 'Replace image' : 'Upload image'}
                  </Button>
                </Upload>
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="notes" label="Notes">
              <Input.TextArea aria-label="Notes" autoSize={{ minRows: 2, maxRows: 6 }} placeholder="Anything staff should know about this item" />
            </Form.Item>
          </Col>
          {INVENTORY_FORM_FIELDS.filter((k) => !DRAWN_HERE.has(k)).map((k) => (
            <Col key={k} xs={24} sm={12}>
              <ItemFieldInput field={k} currency={currency} />
            </Col>
          ))}
        </Row>
        <Flex justify="end" align="center" gap={12}>
          {/* 'Saving' then 'Saved' (spec 8) stay beside the button until the next edit. */}
          {(update.isPending || (update.isSuccess && !dirty)) && (
            <Typography.Text type={update.isPending ? 'secondary' : 'success'} data-testid="save-state">
              {update.isPending ? INVENTORY_MESSAGES.saving : INVENTORY_MESSAGES.saved}
            </Typography.Text>
          )}
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="save-item">
            Save
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
