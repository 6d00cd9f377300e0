import { useMemo } from 'react';
import { InventoryList } from './InventoryList';
import { productListConfig } from './list-state';

/**
 * The product page's inventory list (catalogue doc section 2, Product item): the staff list
 * component filtered to one product, every status, a row click opening /inventories/{id}.
 * Its query-string keys carry the `inv.` prefix so they never meet the product page's own.
 */
export function ProductInventoryList({ productId }: { productId: string }) {
  const config = useMemo(() => productListConfig(productId), [productId]);
  return <InventoryList key={productId} config={config} urlPrefix="inv." embedded openItemOnClick />;
}
