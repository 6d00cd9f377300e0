import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Col, Flex, Form, Image, Input, InputNumber, Row, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES, sortSizes } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice, priceSymbol } from '../../shared/format';
import { subLocationsOf, useLocations, useSubLocations } from '../../shared/lookups.api';
import { uploadImage, useUpdateInventory, type InventoryItem, type InventoryUpdate } from './inventory-item.api';
import { FALLBACK_IMAGE } from './item-ui';

type EditValues = {
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
  price?: number | null;
  payout?: number | null;
  location?: string | null;
  subLocation?: string | null;
  image?: string | null;
  notes?: string | null;
};

/** The edit card: option values, price, payout (Cost for store accounts), location, sub-location, image, notes. */
export function EditCard({ item, currency }: { item: InventoryItem; currency: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateInventory(item.id);
  const locations = useLocations();
  const subLocations = useSubLocations();
  const [uploading, setUploading] = useState(false);
  const template = item.productTemplate;
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  const location = Form.useWatch('location', form);
  const image = Form.useWatch('image', form);

  const initial: EditValues = {
    option1Value: item.option1Value,
    option2Value: item.option2Value,
    option3Value: item.option3Value,
    price: item.price,
    payout: isStoreAccount ? (item.cost ?? item.payout) : item.payout,
    location: item.location,
    subLocation: item.subLocation,
    image: item.image,
    notes: item.notes,
  };
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
    const changes: InventoryUpdate = {};
    const changed = <K extends keyof EditValues>(k: K) => (values[k] ?? null) !== (initial[k] ?? null);
    for (const k of ['option1Value', 'option2Value', 'option3Value', 'location', 'subLocation', 'image', 'notes'] as const) {
      if (changed(k)) changes[k] = values[k] ?? null;
    }
    if (changed('price') && typeof values.price === 'number') changes.price = values.price;
    if (changed('payout') && typeof values.payout === 'number') {
      if (isStoreAccount) changes.cost = values.payout;
      else changes.payout = values.payout;
    }
    if (Object.keys(changes).length === 0) {
      message.info('Nothing to save');
      return;
    }
    const key = 'item-save';
    message.open({ key, type: 'loading', content: INVENTORY_MESSAGES.saving });
    update.mutate(changes, {
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
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} onValuesChange={() => setDirty(true)} requiredMark={false}>
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
            <Form.Item name="price" label="Price" rules={[{ required: true, message: INVENTORY_MESSAGES.enterPrice }]}>
              <InputNumber aria-label="Price" prefix={priceSymbol(currency)} min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="payout"
              label={isStoreAccount ? 'Cost' : 'Payout'}
              extra={isStoreAccount ? undefined : `Fees ${formatPrice(item.payoutFee, currency)} · total ${formatPrice(item.total, currency)}`}
            >
              <InputNumber aria-label={isStoreAccount ? 'Cost' : 'Payout'} prefix={priceSymbol(currency)} min={0} precision={2} style={{ width: '100%' }} />
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
                  <Image src={image} width={56} height={56} style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 6 }} fallback={FALLBACK_IMAGE} />
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
