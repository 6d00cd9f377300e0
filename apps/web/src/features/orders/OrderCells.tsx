import { Flex, Tag, Tooltip, Typography } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { formatDateShort, LINE_FLAG_LABELS, ORDER_SOURCE_LABELS, truncateSku } from '@backroom/domain';
import { RouteLink } from '../../shared/ui/RouteLink';
import type { OrderItemRow } from './orders.api';

/** The order of a line: its name (a link), date and source, and the tags of an undone or unpaid order. */
export function OrderCell({ row }: { row: OrderItemRow }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <RouteLink to={`/orders/${row.order.id}`} className="br-order-name" data-testid="order-link">
        {row.order.name}
      </RouteLink>
      <Flex gap={4} wrap align="center">
        <Typography.Text type="secondary" className="br-order-sub">
          {formatDateShort(row.order.orderDate)}
        </Typography.Text>
        {row.order.source !== 'counter' && <Tag className="br-order-tag">{ORDER_SOURCE_LABELS[row.order.source]}</Tag>}
        {row.order.status === 'undone' && (
          <Tooltip title="This sale was undone: its items are back on sale">
            <Tag color="red" className="br-order-tag" data-testid="undone-tag">
              Undone
            </Tag>
          </Tooltip>
        )}
        {row.order.status === 'open' && row.order.financialStatus === 'pending' && (
          <Tag color="gold" className="br-order-tag">
            Awaiting payment
          </Tag>
        )}
      </Flex>
    </Flex>
  );
}

/** The item of a line: its title (a link when the store has the item), flags, and code, SKU and options. */
export function ItemCell({ row }: { row: OrderItemRow }) {
  const title = row.item?.title || row.title;
  const sub = [row.item?.code, truncateSku(row.item?.sku || row.sku), [row.item?.option1Value, row.item?.option2Value, row.item?.option3Value].filter(Boolean).join(' · ')].filter(Boolean);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex gap={6} align="center" wrap>
        {row.item ? (
          <RouteLink to={`/inventories/${row.item.id}`} className="br-order-item-title" data-testid="item-link">
            {title}
          </RouteLink>
        ) : (
          <span className="br-order-item-title">{title}</span>
        )}
        {row.flag ? (
          <Tooltip title={row.flag.message}>
            <Tag color="volcano" icon={<ExclamationCircleOutlined />} className="br-order-tag" data-testid="flag-tag">
              {LINE_FLAG_LABELS[row.flag.code]}
            </Tag>
          </Tooltip>
        ) : (
          !row.item && (
            <Tooltip title="No item of the store has this line's SKU as its code">
              <Tag className="br-order-tag">No item</Tag>
            </Tooltip>
          )
        )}
      </Flex>
      <Typography.Text type="secondary" className="br-order-sub" ellipsis>
        {sub.join(' · ')}
      </Typography.Text>
    </Flex>
  );
}
