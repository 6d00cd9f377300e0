import { useMemo, useState, type HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Avatar, Button, Card, Col, Empty, Flex, Form, Input, Radio, Row, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckOutlined, DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { formatMoney, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, toMinor, ZCounterSaleBody, type PaymentMethod } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { CreditPicker } from './CreditPicker';
import { ItemPicker, optionText } from './ItemPicker';
import { ReceiptView } from './ReceiptView';
import { saleOfReusedKey, useCompleteSale, type CreditHolder, type Sale, type SellableItem } from './sell.api';
import { RecentSales } from './RecentSales';
import './sell.css';

type Customer = { customerName?: string; customerEmail?: string };

/** A fresh key per sale: a sale sent twice (a double tap, a retry after a lost answer) is recorded once. */
const newSaleKey = () => `sell-${crypto.randomUUID()}`;

const validateWith = (field: 'customerName' | 'customerEmail') => async (_: unknown, value: string | undefined) => {
  const parsed = ZCounterSaleBody.shape[field].safeParse(value ?? '');
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid value');
};

/**
 * /sell (Orders access; not in the spec: docs/payouts.md's counter sale, docs/sales.md). Items are added by
 * scanning or typing their code or by search; the price of each and the total show; the payment
 * method and an optional customer complete the sale, then the receipt prints, is e-mailed or undone.
 */
export default function SellPage() {
  useDocumentTitle('Counter sale');
  const [params, setParams] = useSearchParams();
  const receiptId = params.get('receipt');
  const isMobile = useIsMobile();
  const recent = <RecentSales current={receiptId} onOpen={(id) => setParams({ receipt: id })} />;
  return (
    <Row gutter={[16, 16]} style={{ maxWidth: 1300 }}>
      <Col xs={24} lg={16}>
        {receiptId ? <ReceiptView id={receiptId} onNewSale={() => setParams({})} /> : <Register onDone={(id) => setParams({ receipt: id })} />}
      </Col>
      <Col xs={24} lg={8}>
        {isMobile && !receiptId ? null : recent}
      </Col>
      {isMobile && !receiptId && <Col xs={24}>{recent}</Col>}
    </Row>
  );
}

function Register({ onDone }: { onDone: (orderId: string) => void }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const [items, setItems] = useState<SellableItem[]>([]);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [holder, setHolder] = useState<CreditHolder | null>(null);
  const [saleKey, setSaleKey] = useState(newSaleKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  // a sale key that came back with another basket: that sale, shown until the next sale or refusal
  const [recorded, setRecorded] = useState<Sale | null>(null);
  // an item scanned or picked again: said in the basket until the next add (docs/sales.md, "The basket")
  const [already, setAlready] = useState<SellableItem | null>(null);
  const [form] = Form.useForm<Customer>();
  const complete = useCompleteSale();
  const inSale = useMemo(() => new Set(items.map((i) => i.id)), [items]);
  const totalMinor = items.reduce((sum, i) => sum + toMinor(i.price) * i.quantity, 0);

  const add = (item: SellableItem) => {
    setRefusal(null);
    setRecorded(null);
    setAlready(null);
    if (inSale.has(item.id)) {
      setAlready(item);
      message.info(`${item.code} is already in this sale`);
      return;
    }
    setItems((list) => [...list, item]);
  };
  const remove = (id: string) => {
    setItems((list) => list.filter((i) => i.id !== id));
    if (already?.id === id) setAlready(null);
  };

  const submit = async () => {
    if (!items.length) return;
    if (!method) {
      message.warning('Choose the payment method: cash, card, other or store credit');
      return;
    }
    if (method === 'store_credit' && !holder) {
      message.warning('Choose the consigner whose store credit pays this sale');
      return;
    }
    const customer = await form.validateFields();
    complete.mutate(
      { lines: items.map((i) => ({ inventoryId: i.id })), paymentMethod: method, creditConsignerId: method === 'store_credit' ? holder?.consignerId : null, customerName: customer.customerName || null, customerEmail: customer.customerEmail || null, saleKey },
      {
        onSuccess: (result) => {
          setRecorded(null);
          message.success(result.message);
          if (result.receipt === 'sent') message.info(`Receipt e-mailed to ${result.sale.customer.email}`);
          if (result.receipt === 'limited') message.warning('The receipt was not e-mailed: too many were sent to this address lately. Print it instead.', 6);
          setItems([]);
          setAlready(null);
          setMethod(null);
          setHolder(null);
          setSaleKey(newSaleKey());
          form.resetFields();
          onDone(result.sale.id);
        },
        // the server says why (an item sold meanwhile, ...); the sale stays as it is to be fixed
        onError: (error) => {
          const earlier = saleOfReusedKey(error);
          // its key named another sale: this basket was not sold; the next attempt is a new sale
          if (earlier) setSaleKey(newSaleKey());
          setRecorded(earlier);
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  const itemCell = (item: SellableItem) => (
    <Flex gap={10} align="center" style={{ minWidth: 0 }}>
      <Avatar shape="square" size={isMobile ? 40 : 44} src={item.image ?? undefined} style={{ flex: 'none' }}>
        {item.title.slice(0, 1)}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis strong>
          {item.title}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {item.code}
          {optionText(item) ? ` · ${optionText(item)}` : ''}
          {item.quantity > 1 ? ` · × ${item.quantity}` : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
  const removeButton = (item: SellableItem) => (
    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(item.id)} aria-label={`Remove ${item.code}`} data-testid="remove-line" />
  );
  const columns: TableColumnsType<SellableItem> = [
    { title: 'Item', key: 'item', render: (_, item) => itemCell(item) },
    { title: 'Consigner', dataIndex: 'consignerName', width: 170, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: 'Price', dataIndex: 'price', width: 120, align: 'right', render: (v: number, item) => <span data-testid="line-price">{formatPrice(v * item.quantity, currency)}</span> },
    { title: '', key: 'remove', width: 56, align: 'right', render: (_, item) => removeButton(item) },
  ];

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Scan an item's label or search for it to start a sale." data-testid="sale-empty" />;

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Flex align="center" gap={10}>
            {!isMobile && <ShoppingCartOutlined />}
            <span>Counter sale</span>
            {items.length > 0 && (
              <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="sale-count">
                {items.length} {items.length === 1 ? 'item' : 'items'}
              </Tag>
            )}
          </Flex>
        }
        styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
      >
        <ItemPicker
          currency={currency}
          inSale={inSale}
          onAdd={add}
          onRefused={(m) => {
            setRecorded(null);
            setAlready(null);
            setRefusal(m);
            message.error(m, 5);
          }}
        />
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setRefusal(null) }}
            title={refusal}
            action={
              recorded ? (
                <Button size="small" onClick={() => onDone(recorded.id)} data-testid="open-recorded-sale">
                  Open {recorded.name}
                </Button>
              ) : undefined
            }
            style={{ marginTop: 12 }}
            data-testid="sell-refusal"
          />
        )}
        {already && (
          <Alert
            type="info"
            showIcon
            closable={{ onClose: () => setAlready(null) }}
            title={`${already.code} is already in this sale`}
            description={`${already.title}: each item is sold once; it is highlighted below.`}
            style={{ marginTop: 12 }}
            data-testid="sell-already"
          />
        )}
        <div style={{ marginTop: 16 }}>
          {isMobile ? (
            items.length === 0 ? (
              empty
            ) : (
              <Flex vertical gap={8} data-testid="sale-lines">
                {items.map((item) => (
                  <div key={item.id} className={item.id === already?.id ? 'br-sell-line br-sell-line-again' : 'br-sell-line'} data-testid="sale-line">
                    <Flex justify="space-between" align="center" gap={8}>
                      {itemCell(item)}
                      <Flex align="center" gap={2} style={{ flex: 'none' }}>
                        <Typography.Text strong data-testid="line-price">
                          {formatPrice(item.price * item.quantity, currency)}
                        </Typography.Text>
                        {removeButton(item)}
                      </Flex>
                    </Flex>
                  </div>
                ))}
              </Flex>
            )
          ) : (
            <Table<SellableItem>
              rowKey="id"
              dataSource={items}
              columns={columns}
              pagination={false}
              tableLayout="fixed"
              size="middle"
              onRow={() => ({ 'data-testid': 'sale-line' }) as HTMLAttributes<HTMLElement>}
              rowClassName={(item) => (item.id === already?.id ? 'br-sell-line-again' : '')}
              locale={{ emptyText: empty }}
            />
          )}
        </div>
      </Card>

      <Card styles={{ body: { padding: isMobile ? 12 : 24 } }} data-testid="sale-summary">
        <Flex justify="space-between" align="baseline" style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">Total</Typography.Text>
          <span className="br-sell-total" data-testid="sale-total">
            {formatMoney(totalMinor, currency)}
          </span>
        </Flex>
        <Typography.Text type="secondary">Payment method</Typography.Text>
        <Radio.Group
          className="br-sell-pay"
          optionType="button"
          buttonStyle="solid"
          size="large"
          value={method}
          onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          style={{ display: 'flex', width: '100%', margin: '6px 0 16px' }}
          data-testid="payment-method"
        />
        {method === 'store_credit' && <CreditPicker currency={currency} totalMinor={totalMinor} holder={holder} onChange={setHolder} />}
        <Form form={form} layout={isMobile ? 'vertical' : 'horizontal'} labelCol={isMobile ? undefined : { flex: '120px' }} requiredMark={false} onFinish={() => void submit()}>
          <Form.Item name="customerName" label="Customer name" rules={[{ validator: validateWith('customerName') }]} style={{ marginBottom: 12 }}>
            <Input placeholder="Optional" autoComplete="off" maxLength={200} data-testid="customer-name" />
          </Form.Item>
          <Form.Item name="customerEmail" label="E-mail" extra="The receipt is e-mailed when one is given." rules={[{ validator: validateWith('customerEmail') }]}>
            <Input type="email" inputMode="email" placeholder="Optional" autoComplete="off" maxLength={254} data-testid="customer-email" />
          </Form.Item>
        </Form>
        <Button type="primary" size="large" block icon={<CheckOutlined />} disabled={items.length === 0} loading={complete.isPending} onClick={() => void submit()} data-testid="complete-sale">
          Complete sale{items.length ? ` · ${formatMoney(totalMinor, currency)}` : ''}
        </Button>
      </Card>
    </Flex>
  );
}

