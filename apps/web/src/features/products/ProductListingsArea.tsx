import { Button, Card, Empty, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ProductInventoryList } from '../inventory-lists';

/**
 * The product's inventory list for staff (spec 2, Product item: "the inventory list for that product
 * with filter"): the inventory lists' component filtered to this product (a row opens
 * /inventories/{id}). The consigner's own listings are features/consigner-portal/products.
 */
export function ProductListingsArea({ productId, listingCount, onAddInventory }: { productId: string; listingCount: number; onAddInventory?: () => void }) {
  return (
    <Card
      title={<><UnorderedListOutlined /> Listings</>}
      extra={
        listingCount > 0 ? (
          <Typography.Text type="secondary" data-testid="listing-count">
            {listingCount} {listingCount === 1 ? 'listing' : 'listings'}
          </Typography.Text>
        ) : undefined
      }
      data-testid="product-listings"
      data-product-id={productId}
    >
      {listingCount === 0 ? (
        <Empty description="No inventory of this product yet.">
          {onAddInventory && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAddInventory}>
              Add Inventory
            </Button>
          )}
        </Empty>
      ) : (
        <ProductInventoryList productId={productId} />
      )}
    </Card>
  );
}
