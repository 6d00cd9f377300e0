import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { ExclamationCircleOutlined, ExportOutlined, MailOutlined, PhoneOutlined, SyncOutlined, UserOutlined } from '@ant-design/icons';
import { consignerWord, formatDateLong, LINE_FLAG_LABELS, ORDER_SOURCE_LABELS, PAYMENT_METHOD_LABELS, truncateSku, type InventoryStatus, type PaymentMethod } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatDateTime, formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { RouteLink } from '../../shared/ui/RouteLink';
import { StatusTag } from '../inventory-lists/ItemCells';
import { useCurrentStore } from '../store/store.api';
import { useOrder, useResyncOrder, type Order, type OrderLine } from './orders.api';
import './orders.css';

/** /orders/{id} (Orders access; people doc section 2, Order detail). */
export default function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  useDocumentTitle(order.data ? `Order ${order.data.name}` : 'Order');

  if (order.isPending) {
    return (
      <Card style={{ maxWidth: 1100 }} data-testid="order-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (order.isError) {
    const notFound = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? 'Order not found' : 'We could not load this order'}
        subTitle={notFound ? 'It may belong to another store, or the address is wrong.' : errorMessage(order.error)}
        extra={
          <Link to="/findOrders">
            <Button type="primary">Orders</Button>
          </Link>
        }
        data-testid="order-not-found"
      />
    );
  }
  return <OrderScreen order={order.data} />;
}

function paymentTag(order: Order) {
  if (order.cancelledAt) return <Tag color="red">Cancelled</Tag>;
  if (order.status === 'undone') return <Tag color="red">Undone</Tag>;
  if (order.financialStatus === 'paid') return <Tag color="green">Paid</Tag>;
  if (order.financialStatus === 'pending') return <Tag color="gold">Awaiting payment</Tag>;
  return <Tag>{order.financialStatus}</Tag>;
}

function OrderScreen({ order }: { order: Order }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const isBuyingStore = store?.isBuyingStore ?? false;
  const resync = useResyncOrder(order.id);
  const flaggedCount = order.lineItems.filter((l) => l.flag).length;

  const onResync = () =>
    resync.mutate(undefined, {
      onSuccess: () => void message.success('Line items resynced'),
      onError: (error) => void message.error(errorMessage(error), 6),
    });

  const { first_name: firstName, email, phone } = order.customer;
  const contact = email ? (
    <a href={`mailto:${email}`} data-testid="customer-contact">
      <MailOutlined /> {email}
    </a>
  ) : phone ? (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} data-testid="customer-contact">
      <PhoneOutlined /> {phone}
    </a>
  ) : (
    <Typography.Text type="secondary" data-testid="customer-contact">
      No e-mail or phone
    </Typography.Text>
  );

  const resyncButton = (
    <Button icon={<SyncOutlined spin={resync.isPending} />} onClick={onResync} disabled={!order.resyncable || resync.isPending} data-testid="resync-order" block={isMobile}>
      Resync Line Items
    </Button>
  );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Card styles={{ body: { padding: isMobile ? 16 : 24 } }} data-testid="order-header">
        <Flex gap={16} justify="space-between" align={isMobile ? 'stretch' : 'center'} vertical={isMobile}>
          <Flex vertical gap={6} style={{ minWidth: 0 }}>
            <Typography.Title level={isMobile ? 4 : 3} style={{ margin: 0 }} data-testid="order-title">
              Order {order.name}
            </Typography.Title>
            <Flex gap={6} wrap align="center">
              {paymentTag(order)}
              <Tag>{ORDER_SOURCE_LABELS[order.source]}</Tag>
              <Typography.Text type="secondary">{formatDateLong(order.orderDate)}</Typography.Text>
            </Flex>
          </Flex>
          <Flex gap={8} vertical={isMobile}>
            {order.shopifyAdminUrl && (
              <Button icon={<ExportOutlined />} href={order.shopifyAdminUrl} target="_blank" rel="noopener noreferrer" data-testid="view-in-shopify" block={isMobile}>
                View in Shopify
              </Button>
            )}
            {order.resyncable ? (
              resyncButton
            ) : (
              <Tooltip title="Recorded at the counter: it has no storefront or import source to resync it from">{resyncButton}</Tooltip>
            )}
          </Flex>
        </Flex>
        {flaggedCount > 0 && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            icon={<ExclamationCircleOutlined />}
            title={`${flaggedCount} ${flaggedCount === 1 ? 'line needs' : 'lines need'} attention`}
            description="Nothing was sold twice: read each flagged line below and settle it with the customer or the consigner."
            data-testid="order-flagged"
          />
        )}
        {order.cancelledAt ? (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title={`Cancelled in Shopify on ${formatDateLong(order.cancelledAt)}${order.status === 'undone' ? ': its items are back on sale.' : '.'}`}
            data-testid="order-cancelled"
          />
        ) : order.status === 'undone' && (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title={`This sale was undone${order.undoneAt ? ` on ${formatDateLong(order.undoneAt)}` : ''}${order.undoneByName ? ` by ${order.undoneByName}` : ''}: its items are back on sale.`}
          />
        )}
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={<><UserOutlined /> Customer</>} size="small" style={{ height: '100%' }} data-testid="order-customer">
            <Flex vertical gap={6} className="br-order-contact">
              <Typography.Text strong style={{ fontSize: 16 }} data-testid="customer-name">
                {firstName || <Typography.Text type="secondary">No name</Typography.Text>}
              </Typography.Text>
              {contact}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Sale" size="small" style={{ height: '100%' }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'total', label: 'Total', children: <strong data-testid="order-total">{formatPrice(order.total, currency)}</strong> },
                ...(order.paymentMethod ? [{ key: 'method', label: 'Payment', children: PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ?? order.paymentMethod }] : []),
                { key: 'date', label: 'Ordered', children: formatDateTime(order.orderDate) },
                ...(order.createdByName ? [{ key: 'by', label: 'Recorded by', children: order.createdByName }] : []),
              ]}
            />
          </Card>
        </Col>
      </Row>

      <Card
        title={
          <Flex gap={8} align="center">
            <span>Line items</span>
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }}>{order.lineItems.length}</Tag>
          </Flex>
        }
        styles={{ body: { paddingBlock: 4, paddingInline: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
        data-testid="order-lines"
      >
        {order.lineItems.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This order has no line items." />
        ) : (
          order.lineItems.map((line) => <LineItem key={line.id} line={line} currency={currency} isBuyingStore={isBuyingStore} />)
        )}
      </Card>
    </Flex>
  );
}

function LineItem({ line, currency, isBuyingStore }: { line: OrderLine; currency: string; isBuyingStore: boolean }) {
  const item = line.item;
  const sub = [item?.code, truncateSku(item?.sku || line.sku), [item?.option1Value, item?.option2Value, item?.option3Value].filter(Boolean).join(' · ')].filter(Boolean);
  return (
    <Flex className="br-order-line" gap={12} justify="space-between" align="flex-start" data-testid="order-line">
      <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Flex gap={6} align="center" wrap>
          {item ? (
            <RouteLink to={`/inventories/${item.id}`} className="br-order-item-title" data-testid="line-item-link">
              {line.title}
            </RouteLink>
          ) : (
            <span className="br-order-item-title">{line.title}</span>
          )}
          {line.flag ? (
            <Tag color="volcano" icon={<ExclamationCircleOutlined />} className="br-order-tag" data-testid="line-flag">
              {LINE_FLAG_LABELS[line.flag.code]}
            </Tag>
          ) : (
            !item && (
              <Tooltip title="No item of the store has this line's SKU as its code">
                <Tag className="br-order-tag">No item</Tag>
              </Tooltip>
            )
          )}
        </Flex>
        {sub.length > 0 && (
          <Typography.Text type="secondary" className="br-order-sub">
            {sub.join(' · ')}
          </Typography.Text>
        )}
        {line.flag && (
          <Typography.Text type="danger" className="br-order-flag-message" data-testid="line-flag-message">
            {line.flag.message}
          </Typography.Text>
        )}
        {item?.consigner && (
          <span className="br-order-sub">
            {consignerWord(isBuyingStore)}: <RouteLink to={`/consigners/${item.consigner.id}`}>{item.consigner.name}</RouteLink>
          </span>
        )}
      </Flex>
      <Flex vertical align="flex-end" gap={4} style={{ flex: 'none' }}>
        <strong style={{ whiteSpace: 'nowrap' }}>
          {formatPrice(line.price, currency)}
          {line.quantity > 1 && <Typography.Text type="secondary"> × {line.quantity}</Typography.Text>}
        </strong>
        {item && <StatusTag status={item.status as InventoryStatus} isBuyingStore={isBuyingStore} />}
        {!line.active && <Tag color="red" className="br-order-tag">Undone</Tag>}
      </Flex>
    </Flex>
  );
}
