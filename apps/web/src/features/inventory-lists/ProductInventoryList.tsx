import { useMemo } from 'react';
import { InventoryList } from './InventoryList';
import { consignerProductListConfig, productListConfig } from './list-state';

/**
 * The product page's inventory list (catalogue doc section 2, Product item): the staff list
 * component filtered to one product, every status, a row click opening /inventories/{id}.
 * Its query-string keys carry the `inv.` prefix so they never meet the product page's own.
 * With `consignerId` (the consigner portal's /productItem/{id}) it is that consigner's items, with
 * no item links (a consigner has no item screen).
 */
export function ProductInventoryList({ productId, consignerId }: { productId: string; consignerId?: string }) {
  const config = useMemo(() => (consignerId ? consignerProductListConfig(productId, consignerId) : productListConfig(productId)), [productId, consignerId]);
  return <InventoryList key={productId} config={config} urlPrefix="inv." embedded openItemOnClick={!consignerId} />;
}
