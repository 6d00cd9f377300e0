import { Button, Collapse, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { truncateSku } from '@backroom/domain';
import { RouteLink } from '../../shared/ui/RouteLink';
import { errorMessage } from '../../shared/api';
import { useGroupItems, type InventoryQuery, type ListItem, type ProductGroup } from './inventory-lists.api';
import { InventoryCards } from './InventoryCards';
import { InventoryTable, type TableContext } from './InventoryTable';
import { ItemImage } from './ItemCells';

const NO_ITEMS: ListItem[] = [];

/**
 * Grouped-by-product view: an accordion of products with their unit count; a product's first items
 * are read when its panel is opened (the panels are drawn on first opening).
 */
export function GroupedInventory({
  ctx,
  query,
  groups,
  isMobile,
  acceptAllBusy,
  onAcceptAll,
  onShowAll,
}: {
  ctx: TableContext;
  /** The list's query: an opened group's items are read with its filters and sort. */
  query: InventoryQuery;
  groups: ProductGroup[];
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
            {/* the product's own page (catalogue doc section 2, Product item) */}
            <RouteLink to={`/products/${group.productId}`} aria-label={`Product page of ${group.product.title}`} data-testid="group-product-link" className="br-inv-group-link">
              <AppstoreOutlined />
              {isMobile ? null : ' Product page'}
            </RouteLink>
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
        children: <GroupItems ctx={ctx} query={query} group={group} isMobile={isMobile} onShowAll={onShowAll} />,
      }))}
    />
  );
}

/** An opened group: its first items, read for that product with the list's filters and sort. */
function GroupItems({ ctx, query, group, isMobile, onShowAll }: { ctx: TableContext; query: InventoryQuery; group: ProductGroup; isMobile: boolean; onShowAll: (group: ProductGroup) => void }) {
  const page = useGroupItems(query, group.productId);
  const items = page.data ? (page.data.rows as ListItem[]) : NO_ITEMS;
  if (page.isError) return <Empty description={errorMessage(page.error, 'The items could not be loaded.')} />;
  return (
    <Flex vertical gap={8}>
      {isMobile ? page.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : <InventoryCards ctx={ctx} items={items} /> : <InventoryTable ctx={ctx} items={items} loading={page.isFetching} compact />}
      {!page.isPending && group.count > items.length && (
        <Typography.Text type="secondary">
          Showing {items.length} of {group.count} items.{' '}
          <Typography.Link onClick={() => onShowAll(group)}>Show all in the list</Typography.Link>
        </Typography.Text>
      )}
    </Flex>
  );
}

