// The list's operations: one item's action from its row, bulk accept and decline, Accept All of a
// product group, and the dialogs they open. Inline answers show their message, background jobs
// their warnings and progress.
import { useState } from 'react';
import { App } from 'antd';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { fetchProductItems, isQueued, useInventoryOperation, type ListItem, type ListOperation, type ListOperationBody, type ProductGroup } from './inventory-lists.api';
import type { AcceptValues } from './dialogs';
import type { TrackedJob } from './JobProgress';
import type { ListConfig } from './list-state';
import type { RowActionKey } from './row-actions';

type AcceptTarget = {
  ids: string[];
  op: ListOperation;
  title: string;
  description: string;
  showPaymentType: boolean;
  bulk: boolean;
  /** The drop-off's own location, offered first. */
  location?: string | null;
};

export function useListActions({
  config,
  selectedIds,
  selectedRows,
  setSelectedIds,
}: {
  config: ListConfig;
  selectedIds: string[];
  selectedRows: ListItem[];
  setSelectedIds: (next: (current: string[]) => string[]) => void;
}) {
  const { message } = App.useApp();
  const operation = useInventoryOperation();
  const [job, setJob] = useState<TrackedJob | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [accept, setAccept] = useState<AcceptTarget | null>(null);
  const [acceptAllBusy, setAcceptAllBusy] = useState<string | null>(null);
  const [withdrawItem, setWithdrawItem] = useState<ListItem | null>(null);
  const [trackingItem, setTrackingItem] = useState<ListItem | null>(null);
  const [storeRequestItem, setStoreRequestItem] = useState<ListItem | null>(null);
  const [askPriceItem, setAskPriceItem] = useState<ListItem | null>(null);
  const [requestPriceItem, setRequestPriceItem] = useState<ListItem | null>(null);
  const acceptOp: ListOperation = config.fixedStatus === 'Requested' ? 'bulkAcceptRequestToSell' : 'bulkAcceptInventory';

  const markBusy = (ids: string[], on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** Runs an operation: inline answers show their message, background jobs their warnings and progress. */
  const run = async (op: ListOperation, body: ListOperationBody, ids: string[], jobLabel: string, failure?: string): Promise<boolean> => {
    markBusy(ids, true);
    try {
      const answer = await operation.mutateAsync({ op, body });
      if (isQueued(answer)) {
        message.warning(answer.message);
        message.info(INVENTORY_MESSAGES.bulkConfirmed);
        setJob({ id: answer.jobId, label: jobLabel });
      } else {
        message.success(answer.message);
      }
      setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
      return true;
    } catch (error) {
      // the spec's failure text first where it has one ('Failed to request price change.'), then the reason
      message.error(failure ? `${failure} ${errorMessage(error)}` : errorMessage(error));
      return false;
    } finally {
      markBusy(ids, false);
    }
  };

  const describe = (item: ListItem) => [item.product.title, item.code, item.option1Value].filter(Boolean).join(' · ');

  const handleAction = (item: ListItem, key: RowActionKey) => {
    const one = { id: item.id };
    switch (key) {
      case 'accept':
        setAccept({ ids: [item.id], op: 'acceptInventory', title: 'Accept inventory', description: describe(item), showPaymentType: item.buyingId !== null, bulk: false, location: item.location });
        return;
      case 'acceptRequest':
        setAccept({ ids: [item.id], op: 'acceptRequestToSell', title: 'Accept drop-off request', description: describe(item), showPaymentType: false, bulk: false });
        return;
      case 'decline':
        void run('declineInventory', one, [item.id], 'Decline');
        return;
      case 'cancelDropoff':
        // the consigner's own drop-off: POST cancelDropoff (people doc section 7)
        if (config.key === 'portal') {
          void run('cancelDropoff', { ids: [item.id] }, [item.id], 'Cancel drop-off');
          return;
        }
        void run('deleteInventory', one, [item.id], 'Delete');
        return;
      case 'delete':
        void run('deleteInventory', one, [item.id], 'Delete');
        return;
      case 'requestPrice':
        setRequestPriceItem(item);
        return;
      case 'acceptStorePrice':
        void run('acceptStoreRequestPrice', one, [item.id], 'Accept price');
        return;
      case 'declineStorePrice':
        void run('declineStoreRequestPrice', one, [item.id], 'Refuse price');
        return;
      case 'askPrice':
        setAskPriceItem(item);
        return;
      case 'buy':
        void run('storeBuyRequestedInventory', one, [item.id], 'Buy');
        return;
      case 'acceptStoreRequest':
        setStoreRequestItem(item);
        return;
      case 'acceptPrice':
        void run('acceptInventoryPrice', one, [item.id], 'Accept price');
        return;
      case 'declinePrice':
        void run('declineInventoryPrice', one, [item.id], 'Decline price');
        return;
      case 'acceptWithdrawal':
        void run('acceptInventoryWithdrawal', one, [item.id], 'Accept withdrawal');
        return;
      case 'declineWithdrawal':
        void run('declineInventoryWithdrawal', one, [item.id], 'Decline withdrawal');
        return;
      case 'withdraw':
        setWithdrawItem(item);
        return;
    }
  };

  const openBulkAccept = () =>
    setAccept({
      ids: selectedIds,
      op: acceptOp,
      title: `Accept ${selectedIds.length} ${selectedIds.length === 1 ? 'item' : 'items'}`,
      description: 'The selected items are accepted at this location in the background.',
      showPaymentType: config.fixedStatus === 'Pending' && selectedRows.some((r) => r.buyingId !== null),
      bulk: true,
    });

  const acceptAll = async (group: ProductGroup) => {
    if (!config.fixedStatus) return;
    setAcceptAllBusy(group.productId);
    try {
      const items = await fetchProductItems(group.productId, config.fixedStatus);
      const ids = items.map((i) => i.id);
      setAccept({
        ids,
        op: acceptOp,
        title: `Accept all: ${group.product.title}`,
        description: `${ids.length} ${ids.length === 1 ? 'item' : 'items'} (${group.units} ${group.units === 1 ? 'unit' : 'units'}) are accepted at this location.`,
        showPaymentType: config.fixedStatus === 'Pending' && items.some((i) => i.buyingId !== null),
        bulk: true,
      });
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setAcceptAllBusy(null);
    }
  };

  const submitAccept = async (values: AcceptValues) => {
    if (!accept) return;
    const place = { location: values.location, subLocation: values.subLocation ?? null, paymentType: values.paymentType ?? null };
    const body = accept.bulk ? { ids: accept.ids, ...place } : { id: accept.ids[0], ...place };
    const ok = await run(accept.op, body, accept.ids, 'Accepting');
    if (ok) setAccept(null);
  };

  return {
    busy: operation.isPending,
    run,
    describe,
    handleAction,
    job,
    setJob,
    busyIds,
    accept,
    setAccept,
    acceptAllBusy,
    openBulkAccept,
    acceptAll,
    submitAccept,
    withdrawItem,
    setWithdrawItem,
    trackingItem,
    setTrackingItem,
    storeRequestItem,
    setStoreRequestItem,
    askPriceItem,
    setAskPriceItem,
    requestPriceItem,
    setRequestPriceItem,
  };
}

export type ListActions = ReturnType<typeof useListActions>;
