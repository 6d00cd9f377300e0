import { Button, Collapse, Flex, Tag, Typography } from 'antd';
import { truncateSku } from '@backroom/domain';
import type { ProductGroup } from './inventory-lists.api';
import { InventoryCards } from './InventoryCards';
import { InventoryTable, type TableContext } from './InventoryTable';
import { ItemImage } from './ItemCells';

/** Grouped-by-product view: an accordion of products with their unit count and first items. */
export function GroupedInventory({
  ctx,
  groups,
  loading,
  isMobile,
  acceptAllBusy,
  onAcceptAll,
  onShowAll,
}: {
  ctx: TableContext;
  groups: ProductGroup[];
  loading: boolean;
  isMobile: boolean;
  acceptAllBusy: string | null;
  /** Accept All (Incoming and Requested). */
  onAcceptAll?: (group: ProductGroup) => void;
  /** A product with more items than the panel shows: list them all. */
  onShowAll: (group: ProductGroup) => void;
}) {
  return (
    <Collapse
      accordion
      className="br-inv-groups"
      data-testid="grouped-view"
      items={groups.map((group) => ({
        key: group.productId,
        label: (
          <Flex align="center" gap={12} style={{ minWidth: 0 }} data-testid="product-group">
            <ItemImage src={group.product.image} size={40} alt={group.product.title} />
            <Flex vertical style={{ minWidth: 0 }}>
              <span className="br-inv-title">{group.product.title}</span>
              <span className="br-inv-sub" title={group.product.sku}>
                {truncateSku(group.product.sku)}
              </span>
            </Flex>
          </Flex>
        ),
        extra: (
          <Flex gap={8} align="center" onClick={(e) => e.stopPropagation()}>
            <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="group-units">
              {group.units} {group.units === 1 ? 'unit' : 'units'}
            </Tag>
            {onAcceptAll && (
              <Button
                size="small"
                type="primary"
                loading={acceptAllBusy === group.productId}
                onClick={() => onAcceptAll(group)}
                data-testid="accept-all"
              >
                Accept All
              </Button>
            )}
          </Flex>
        ),
        children: (
          <Flex vertical gap={8}>
            {isMobile ? <InventoryCards ctx={ctx} items={group.items} /> : <InventoryTable ctx={ctx} items={group.items} loading={loading} compact />}
            {group.count > group.items.length && (
              <Typography.Text type="secondary">
                Showing {group.items.length} of {group.count} items.{' '}
                <Typography.Link onClick={() => onShowAll(group)}>Show all in the list</Typography.Link>
              </Typography.Text>
            )}
          </Flex>
        ),
      }))}
    />
  );
}

