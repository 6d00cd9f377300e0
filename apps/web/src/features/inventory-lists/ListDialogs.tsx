import { App } from 'antd';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { AcceptDialog, AskPriceDialog, RequestPriceDialog, StoreRequestDialog, TrackingDialog, WithdrawDialog } from './lazy-dialogs';
import { useUpdateInventory, type FilterOptions } from './inventory-lists.api';
import type { ListActions } from './use-list-actions';

/** The dialogs a row or bulk action opens: accept at a location, withdraw, tracking, store request, ask a price. */
export function ListDialogs({
  actions,
  options,
  currency,
  isBuyingStore,
  staff = true,
}: {
  actions: ListActions;
  options: FilterOptions | undefined;
  currency: string;
  isBuyingStore: boolean;
  /** Staff may withdraw early with a fee; a consigner may not. */
  staff?: boolean;
}) {
  const { message } = App.useApp();
  const updateItem = useUpdateInventory();
  return (
    <>
      <AcceptDialog
        open={actions.accept !== null}
        title={actions.accept?.title ?? ''}
        description={actions.accept?.description ?? ''}
        showPaymentType={actions.accept?.showPaymentType ?? false}
        initialLocation={actions.accept?.location ?? null}
        options={options}
        busy={actions.busy}
        onCancel={() => actions.setAccept(null)}
        onSubmit={(v) => void actions.submitAccept(v)}
      />
      <WithdrawDialog
        status={actions.withdrawItem?.status ?? null}
        description={actions.withdrawItem ? actions.describe(actions.withdrawItem) : undefined}
        open={actions.withdrawItem !== null}
        currency={currency}
        busy={actions.busy}
        allowEarly={staff}
        onCancel={() => actions.setWithdrawItem(null)}
        onSubmit={async (call) => {
          if (!actions.withdrawItem) return;
          const ok = await actions.run(call.op, { id: actions.withdrawItem.id, ...call.body }, [actions.withdrawItem.id], 'Withdraw');
          if (ok) actions.setWithdrawItem(null);
        }}
      />
      <TrackingDialog
        item={actions.trackingItem}
        busy={updateItem.isPending}
        onCancel={() => actions.setTrackingItem(null)}
        onSubmit={(trackingCode) => {
          if (!actions.trackingItem) return;
          updateItem.mutate(
            { id: actions.trackingItem.id, body: { trackingCode } },
            {
              onSuccess: () => {
                message.success(INVENTORY_MESSAGES.trackingAdded);
                actions.setTrackingItem(null);
              },
              onError: (error) => message.error(errorMessage(error)),
            },
          );
        }}
      />
      <StoreRequestDialog
        item={actions.storeRequestItem}
        currency={currency}
        isBuyingStore={isBuyingStore}
        busy={actions.busy}
        onCancel={() => actions.setStoreRequestItem(null)}
        onSubmit={async (price) => {
          if (!actions.storeRequestItem) return;
          const ok = await actions.run('acceptStoreRequest', { id: actions.storeRequestItem.id, price }, [actions.storeRequestItem.id], 'Accept');
          if (ok) actions.setStoreRequestItem(null);
        }}
      />
      <RequestPriceDialog
        item={actions.requestPriceItem}
        currency={currency}
        busy={actions.busy}
        onCancel={() => actions.setRequestPriceItem(null)}
        onSubmit={async (requestedPrice) => {
          if (!actions.requestPriceItem) return;
          const ok = await actions.run('requestPriceChange', { id: actions.requestPriceItem.id, requestedPrice }, [actions.requestPriceItem.id], 'Price change', INVENTORY_MESSAGES.priceChangeFailed);
          if (ok) actions.setRequestPriceItem(null);
        }}
      />
      <AskPriceDialog
        item={actions.askPriceItem}
        currency={currency}
        busy={actions.busy}
        onCancel={() => actions.setAskPriceItem(null)}
        onSubmit={async (requestedPrice) => {
          if (!actions.askPriceItem) return;
          const ok = await actions.run('storeRequestPriceChange', { id: actions.askPriceItem.id, requestedPrice }, [actions.askPriceItem.id], 'Ask price');
          if (ok) actions.setAskPriceItem(null);
        }}
      />
    </>
  );
}
