import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Form, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useProductTemplates } from '../../shared/lookups.api';
import { useCurrentStore } from '../store/store.api';
import { attachCode, createScannedItem, quoteFees, searchProducts, useProductDetail, type IntakeItem, type ProductHit, type ScanResult } from './scan.api';
import { ProductCell } from './ScanItemCells';

const optionsOf = (values: readonly { value: string }[] | undefined) => (values ?? []).map((v) => ({ value: v.value, label: v.value }));

/**
 * Unknown product (section 4): the scanned code is attached to an existing product and size as a GTIN,
 * so this and every later scan of it finds them.
 */
export function AttachCodeDialog({ code, onClose, onAttached }: { code: string; onClose: () => void; onAttached: () => void }) {
  const { message } = App.useApp();
  const templates = useProductTemplates();
  const [search, setSearch] = useState('');
  const [hits, setHits] = useState<ProductHit[]>([]);
  const [product, setProduct] = useState<ProductHit | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const text = search.trim();
    if (text.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchProducts(text, controller.signal)
        .then(setHits)
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const template = templates.data?.find((t) => t.id === product?.productTemplateId);

  const save = async () => {
    if (!product) return void message.warning(INVENTORY_MESSAGES.selectProduct);
    if (!product.productTemplateId) return void message.warning(INVENTORY_MESSAGES.selectProductTemplate);
    if (!size) return void message.warning(INVENTORY_MESSAGES.selectOption);
    setSaving(true);
    try {
      await attachCode({ product: product.id, size, code });
      void message.success(`${code} is now ${product.title}, size ${size}`);
      onAttached();
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title="Attach this code to a product" okText="Attach" onOk={save} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>
        No product has the code <Typography.Text code>{code}</Typography.Text>. Choose the product and size it belongs to; later scans of it will find them.
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label="Product">
          <Select
            aria-label="Product"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder="Search title or SKU"
            value={product?.id}
            onChange={(id) => {
              setProduct(hits.find((h) => h.id === id) ?? null);
              setSize(null);
            }}
            options={hits.map((h) => ({ value: h.id, label: `${h.title} · ${h.sku}` }))}
            notFoundContent={search.trim().length < 2 ? 'Type at least two characters' : 'No product found'}
          />
        </Form.Item>
        <Form.Item label={template?.option1 ?? 'Size'}>
          <Select aria-label="Size" showSearch placeholder="Select an option" value={size ?? undefined} onChange={setSize} options={optionsOf(template?.option1Values)} disabled={!product} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Several drop-offs match (section 4): staff choose the one in their hands. */
export function ChooseItemDialog({ result, onClose, onChoose }: { result: ScanResult; onClose: () => void; onChoose: (item: IntakeItem) => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const { message } = App.useApp();
  return (
    <Modal
      open
      title={`Which ${result.scanGTINProduct?.title ?? 'item'} is it?`}
      okText="Add"
      onCancel={onClose}
      onOk={() => {
        const item = result.scanGTINInventories.find((i) => i.id === chosen);
        if (!item) return void message.warning('Choose an item');
        onChoose(item);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{result.scanGTINInventories.length} drop-offs match this code.</Typography.Paragraph>
      <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} style={{ width: '100%' }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {result.scanGTINInventories.map((item) => (
            <Radio key={item.id} value={item.id}>
              <Space className="br-scan-choice" data-testid="choice">
                <ProductCell item={{ image: item.image, title: item.title, code: item.code }} />
                <Typography.Text type="secondary">
                  {[item.option1Value, item.option2Value, item.consigner ? `${item.consigner.firstName} ${item.consigner.lastName}` : null].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Space>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}

/**
 * No drop-off matches (section 4): a new item of the scanned product and size, for the chosen
 * consigner, added at the chosen location. Section 5's messages guard it.
 */
export function NewItemDialog({
  result,
  consigner,
  location,
  onClose,
  onCreated,
}: {
  result: ScanResult;
  consigner: string;
  location: string;
  onClose: () => void;
  onCreated: (items: IntakeItem[]) => void;
}) {
  const { message } = App.useApp();
  const store = useCurrentStore();
  const product = useProductDetail(result.scanGTINProduct?.id ?? null);
  const templates = useProductTemplates();
  const template = templates.data?.find((t) => t.id === product.data?.productTemplateId);
  const [size, setSize] = useState<string | null>(result.gtinSize);
  const [option2, setOption2] = useState<string | null>(null);
  const [option3, setOption3] = useState<string | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [quote, setQuote] = useState<{ payout: number; key: string } | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [saving, setSaving] = useState(false);
  const productId = result.scanGTINProduct?.id ?? '';

  // the payout of this price (section 5: fees need a consigner; a newer quote cancels the older)
  const quoteKey = JSON.stringify([price, quantity, size, option2, option3]);
  useEffect(() => {
    if (!price || price <= 0) return;
    const controller = new AbortController();
    setQuoting(true);
    const timer = setTimeout(() => {
      quoteFees({ productId, price, quantity: quantity ?? 1, consigner, option1Value: size, option2Value: option2, option3Value: option3 }, controller.signal)
        .then((q) => {
          setQuote({ payout: q.payout, key: quoteKey });
          setQuoting(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setQuoting(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [quoteKey, productId, consigner, price, quantity, size, option2, option3]);

  const hasOption2 = Boolean(template?.option2Values.length);
  const hasOption3 = Boolean(template?.option3Values.length);
  const validOption = (has: boolean, value: string | null) => (has ? Boolean(value) : !value);

  const save = async () => {
    if (!size) return void message.warning(INVENTORY_MESSAGES.selectOption);
    if (!price || price <= 0) return void message.warning(INVENTORY_MESSAGES.enterPrice);
    if (quoting || quote?.key !== quoteKey) return void message.warning(INVENTORY_MESSAGES.waitForFees);
    if (!quantity || quantity < 1) return void message.warning(INVENTORY_MESSAGES.enterQuantity);
    if (!validOption(hasOption2, option2)) return void message.warning(INVENTORY_MESSAGES.invalidOption2);
    if (!validOption(hasOption3, option3)) return void message.warning(INVENTORY_MESSAGES.invalidOption3);
    setSaving(true);
    try {
      const items = await createScannedItem({ productId, consigner, option1Value: size, option2Value: option2, option3Value: option3, price, quantity, location });
      onCreated(items);
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const symbol = priceSymbol(store?.currency);
  const payout = useMemo(() => (quote && quote.key === quoteKey ? `${symbol}${quote.payout.toFixed(2)}` : '—'), [quote, quoteKey, symbol]);

  return (
    <Modal open title="New item" okText="Add item" onOk={save} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      {result.scanGTINProduct && (
        <div style={{ marginBottom: 12 }}>
          <ProductCell item={{ image: result.scanGTINProduct.image, title: result.scanGTINProduct.title, code: result.scanGTINProduct.sku }} />
        </div>
      )}
      <Alert type="info" showIcon title="No drop-off of this consigner matches this code. Add it as a new item at this location." style={{ marginBottom: 12 }} />
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={template?.option1 ?? 'Size'}>
          <Select aria-label="Size" showSearch value={size ?? undefined} onChange={setSize} options={optionsOf(template?.option1Values)} placeholder="Select an option" />
        </Form.Item>
        {hasOption2 && (
          <Form.Item label={template?.option2 ?? 'Option 2'}>
            <Select aria-label={template?.option2 ?? 'Option 2'} value={option2 ?? undefined} onChange={setOption2} options={optionsOf(template?.option2Values)} allowClear />
          </Form.Item>
        )}
        {hasOption3 && (
          <Form.Item label={template?.option3 ?? 'Option 3'}>
            <Select aria-label={template?.option3 ?? 'Option 3'} value={option3 ?? undefined} onChange={setOption3} options={optionsOf(template?.option3Values)} allowClear />
          </Form.Item>
        )}
        <Space wrap size={16}>
          <Form.Item label="Price">
            <InputNumber aria-label="Price" prefix={symbol} min={0} value={price} onChange={(v) => setPrice(v)} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="Quantity">
            <InputNumber aria-label="Quantity" min={1} precision={0} value={quantity} onChange={(v) => setQuantity(v)} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="Payout">
            <Typography.Text strong data-testid="new-item-payout">
              {payout}
            </Typography.Text>
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
