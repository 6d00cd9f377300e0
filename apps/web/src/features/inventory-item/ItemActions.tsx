import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { canRequestPriceChange, canWithdraw, deleteConfirmation, hasArea, INVENTORY_MESSAGES, LIST_VIEWS, statusLabel } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { WithdrawDialog, type WithdrawCall } from '../../shared/ui/WithdrawDialog';
import { useItemAction, type InventoryItem } from './inventory-item.api';
import { useMe } from '../auth/auth.api';
import { CorrectSaleButton, isCorrectable } from './CorrectSaleButton';
import { RequestPriceChangeButton, type ActionRunner } from './RequestPriceChangeButton';

const RELOAD_AFTER_DELETE_MS = 1000;

/** The Actions card: the pending price change, Request price change, Withdraw and Delete (spec 4). */
export function ItemActions({ item, currency, isBuyingStore, onDeleted }: { item: InventoryItem; currency: string; isBuyingStore: boolean; onDeleted: (message: string) => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const action = useItemAction(item.id);
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  const pendingPrice = item.status === 'RequestPriceChange' && item.requestedPrice !== null;
  const me = useMe().data;
  const user = me?.status === 'signedIn' ? me.user : null;
  // a correction of the sale: staff with Orders access (the API refuses everyone else)
  const correctable = isCorrectable(item) && user?.kind === 'employee' && hasArea(user.accessControls, 'Orders');

  return (
    <Card title="Actions" data-testid="item-actions">
      <Flex vertical gap={12}>
        {pendingPrice && (
          <Alert
            type="info"
            showIcon
            data-testid="pending-price-change"
            title={INVENTORY_MESSAGES.pendingPriceChange(priceSymbol(currency), item.requestedPrice!.toFixed(2))}
          />
        )}
        <Flex wrap gap={8}>
          {!isStoreAccount && (
            <RequestPriceChangeButton item={item} currency={currency} disabled={!canRequestPriceChange(item.status)} run={action} />
          )}
          {canWithdraw(item.status) && <WithdrawButton item={item} currency={currency} run={action} />}
          {correctable && <CorrectSaleButton item={item} currency={currency} />}
          {deleteConfirmation(item.status) && (
            <Popconfirm
              title={deleteConfirmation(item.status)}
              okText="Yes"
              cancelText="No"
              onConfirm={() =>
                action.mutateAsync({ name: 'deleteInventory' }).then(
                  (result) => {
                    message.success(result.message);
                    onDeleted(result.message);
                    // The page reloads 1 second after a deletion (spec 4): back to the list the item was in.
                    const list = Object.values(LIST_VIEWS).find((v) => v.filter.status === item.status);
                    window.setTimeout(() => navigate(list?.route ?? '/findInventory', { replace: true }), RELOAD_AFTER_DELETE_MS);
                  },
                  (error: unknown) => {
                    message.error(errorMessage(error));
                  },
                )
              }
            >
              <Button danger icon={<DeleteOutlined />} data-testid="delete-item">
                Delete
              </Button>
            </Popconfirm>
          )}
        </Flex>
        {!canWithdraw(item.status) && !deleteConfirmation(item.status) && (isStoreAccount || !canRequestPriceChange(item.status)) && (
          <Typography.Text type="secondary">
            Price changes, withdrawals and deletion do not apply to an item that is {statusLabel(item.status, { isBuyingStore })}
            {correctable ? '; a mistake in its sale is corrected with Correct sale' : ''}.
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** The Withdraw button and its dialog (the shared one, in the spec's words). */
function WithdrawButton({ item, currency, run }: { item: InventoryItem; currency: string; run: ActionRunner }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const submit = (call: WithdrawCall) =>
    run.mutate(
      { name: call.op, body: call.body },
      {
        onSuccess: (result) => {
          message.success(result.message);
          setOpen(false);
        },
        onError: (error) => message.error(errorMessage(error)),
      },
    );
  return (
    <>
      <Button icon={<RollbackOutlined />} onClick={() => setOpen(true)} data-testid="withdraw-item">
        Withdraw
      </Button>
      <WithdrawDialog status={item.status} open={open} currency={currency} busy={run.isPending} onCancel={() => setOpen(false)} onSubmit={submit} />
    </>
  );
}
