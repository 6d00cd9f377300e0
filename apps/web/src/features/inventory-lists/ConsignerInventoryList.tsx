import { useMemo } from 'react';
import { InventoryList } from './InventoryList';
import { consignerListConfig } from './list-state';

/**
 * The consigner screen's inventory (people doc section 2, Consigner detail): the staff list component
 * filtered to one consigner, status Active by default, searchable and filterable, a row opening
 * /inventories/{id}. Its query-string keys carry the `inv.` prefix so they never meet the page's own.
 */
export function ConsignerInventoryList({ consignerId }: { consignerId: string }) {
  const config = useMemo(() => consignerListConfig(consignerId), [consignerId]);
  return <InventoryList key={consignerId} config={config} urlPrefix="inv." embedded openItemOnClick />;
}
