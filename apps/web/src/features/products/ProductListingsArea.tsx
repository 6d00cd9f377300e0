import { Button, Card, Empty, Flex, Statistic, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ProductInventoryList } from '../inventory-lists';

/**
 * The product's inventory list (spec 2, Product item: "the inventory list for that product with
 * filter"): for staff the inventory lists' component filtered to this product (a row opens
 * /inventories/{id}); consigners see the count of their own listings.
 */
export function ProductListingsArea({
  productId,
  listingCount,
  onAddInventory,
  consignerView,
}: {
  productId: string;
  listingCount: number;
  onAddInventory?: () => void;
  consignerView?: boolean;
}) {
  return (
    <Card
      title={<><UnorderedListOutlined /> {consignerView ? 'Your listings' : 'Listings'}</>}
      extra={
        !consignerView && listingCount > 0 ? (
          <Typography.Text type="secondary" data-testid="listing-count">
            {listingCount} {listingCount === 1 ? 'listing' : 'listings'}
          </Typography.Text>
        ) : undefined
      }
      data-testid="product-listings"
      data-product-id={productId}
    >
      {listingCount === 0 ? (
        <Empty description={consignerView ? 'You have no listings of this product yet.' : 'No inventory of this product yet.'}>
          {onAddInventory && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAddInventory}>
              Add Inventory
            </Button>
          )}
        </Empty>
      ) : !consignerView ? (
        // staff: the inventory list itself, filtered to this product (features/inventory-lists)
        <ProductInventoryList productId={productId} />
      ) : (
        <Flex vertical gap={4}>
          <Statistic value={listingCount} suffix={listingCount === 1 ? 'listing' : 'listings'} data-testid="listing-count" />
          <Typography.Text type="secondary">
            {consignerView ? 'Your items of this product, in every status.' : 'Items of this product in every status, from every consigner.'}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
