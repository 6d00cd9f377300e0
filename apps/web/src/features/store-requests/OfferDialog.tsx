import { useEffect } from 'react';
import { App, Descriptions, Form, InputNumber, Modal, Radio, Select } from 'antd';
import { checkStoreRequestPrice, INVENTORY_MESSAGES, sortSizes, STORE_REQUEST_MESSAGES, statusLabel, toMinor, type TStoreRequestProduct } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatPrice, priceSymbol } from '../../shared/format';
import { useProductTemplates } from '../../shared/lookups.api';
import { useMakeOffer } from './store-requests.api';

type Values = { option1Value?: string; option2Value?: string; option3Value?: string; saleType: 'Consignment' | 'Buying'; price: number | null };

/**
 * A consigner answers a store request: size (and the template's other options), on consignment or
 * for the store to buy, and a price that must lie in the request's range (checked here for the red
 * border, and by the server against the store's own range).
 */
export function OfferDialog({
  product,
  location,
  currency,
  isBuyingStore,
  saleType = 'Consignment',
  onClose,
  onOffered,
}: {
  product: TStoreRequestProduct | null;
  location: string;
  currency: string;
  isBuyingStore: boolean;
  /** How the offer starts: the sale type the consigner filtered by, else Consignment. */
  saleType?: 'Consignment' | 'Buying';
  onClose: () => void;
  onOffered: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const templates = useProductTemplates();
  const template = templates.data?.find((t) => t.id === product?.productTemplateId) ?? null;
  const offer = useMakeOffer();
  const range = product?.priceRange ?? null;
  useEffect(() => {
    if (product) form.setFieldsValue({ option1Value: undefined, option2Value: undefined, option3Value: undefined, saleType, price: null });
  }, [product, form, saleType]);

  const sizes = sortSizes(template ? template.option1Values.map((o) => o.value) : (product?.sizes ?? []));
  const submit = (v: Values) =>
    offer.mutate(
      {
        productId: product!.id,
        option1Value: v.option1Value ?? null,
        option2Value: v.option2Value ?? null,
        option3Value: v.option3Value ?? null,
        price: v.price!,
        location,
        saleType: v.saleType,
      },
      {
        onSuccess: () => {
          void message.success(STORE_REQUEST_MESSAGES.offered);
          onOffered();
        },
        onError: (error) => {
          const text = errorMessage(error, 'Your offer could not be sent');
          // the server's range check answers like the form's own: on the price field, in red
          if (error instanceof ApiError && text === INVENTORY_MESSAGES.priceOutOfRange) form.setFields([{ name: 'price', errors: [text] }]);
          void message.error(text, 5);
        },
      },
    );

  return (
    <Modal title="Offer an item" open={product !== null} onCancel={onClose} okText="Send offer" onOk={() => form.submit()} confirmLoading={offer.isPending} destroyOnHidden>
      {product && (
        <Descriptions
          column={1}
          size="small"
          style={{ marginBottom: 12 }}
          items={[
            { key: 'title', label: 'Product', children: product.title },
            { key: 'sku', label: 'SKU', children: product.sku },
            { key: 'location', label: 'Location', children: location },
            { key: 'range', label: 'Requested price range', children: range ? `${formatPrice(range.low, currency)} – ${formatPrice(range.high, currency)}` : 'Any price' },
          ]}
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit} data-testid="offer-form">
        <Form.Item name="option1Value" label={template?.option1 ?? 'Size'} rules={[{ required: true, message: `Please select a ${(template?.option1 ?? 'size').toLowerCase()}` }]}>
          <Select options={sizes.map((s) => ({ label: s, value: s }))} placeholder="Select" showSearch data-testid="offer-size" />
        </Form.Item>
        {template?.option2 && (
          <Form.Item name="option2Value" label={template.option2} rules={[{ required: true, message: `Please select a ${template.option2.toLowerCase()}` }]}>
            <Select options={template.option2Values.map((o) => ({ label: o.value, value: o.value }))} placeholder="Select" data-testid="offer-option2" />
          </Form.Item>
        )}
        {template?.option3 && (
          <Form.Item name="option3Value" label={template.option3} rules={[{ required: true, message: `Please select a ${template.option3.toLowerCase()}` }]}>
            <Select options={template.option3Values.map((o) => ({ label: o.value, value: o.value }))} placeholder="Select" data-testid="offer-option3" />
          </Form.Item>
        )}
        <Form.Item name="saleType" label="How you offer it">
          <Radio.Group
            optionType="button"
            options={[
              { label: 'Consignment', value: 'Consignment' },
              { label: statusLabel('Buying', { isBuyingStore }), value: 'Buying' },
            ]}
            data-testid="offer-sale-type"
          />
        </Form.Item>
        <Form.Item
          name="price"
          label="Price"
          rules={[
            { required: true, message: INVENTORY_MESSAGES.enterPrice },
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined) return;
                if (value <= 0) throw new Error(INVENTORY_MESSAGES.enterPrice);
                const refused = range ? checkStoreRequestPrice(toMinor(value), { low: toMinor(range.low), high: toMinor(range.high) }) : null;
                if (refused) throw new Error(refused);
              },
            },
          ]}
        >
          <InputNumber min={0} prefix={priceSymbol(currency)} style={{ width: 200 }} data-testid="offer-price" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
