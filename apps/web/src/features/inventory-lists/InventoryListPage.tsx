import { useMemo } from 'react';
import { LIST_VIEWS, type ListViewKey } from '@backroom/domain';
import { useDocumentTitle } from '../../shared/hooks';
import { InventoryList } from './InventoryList';
import { listConfigOf } from './list-state';

/**
 * One staff list page per LIST_VIEWS entry: /findInventory, /buyingInventory, /requestInventory,
 * /incomingInventory, /pendingPriceChangeInventory, /requestedInventory, /readyToPrint,
 * /pendingWithdrawalInventory, /withdrawnInventory.
 */
export default function InventoryListPage({ view }: { view: ListViewKey }) {
  const config = useMemo(() => listConfigOf(view), [view]);
  useDocumentTitle(LIST_VIEWS[view].title);
  // a new list starts from its own state: the key drops the previous list's selection and dialogs
  return <InventoryList key={view} config={config} />;
}
