import { useEffect, useState } from 'react';
import { Checkbox, Flex, InputNumber, Modal, Typography } from 'antd';
import { withdrawConfirmation, withdrawKind, type InventoryStatus } from '@backroom/domain';
import { priceSymbol } from '../format';

/** What the dialog asks for: a withdrawal now (optionally early, with a fee) or a withdrawal request. */
export type WithdrawCall =
  | { op: 'withdrawInventory'; body: { isWithdrawnEarly?: boolean; withdrawalFee?: number } }
  | { op: 'requestInventoryWithdrawal'; body: Record<string, never> };

/**
 * The one Withdraw dialog (item screen and lists), in the spec's words (catalogue doc section 4): a
 * Pending item is withdrawn after 'Are you sure you want to withdraw this item?' (Yes/No); an item on
 * hand gets a withdrawal request after 'Are you sure you want to request withdrawal of this item?'
 * (Okay). Staff may instead withdraw it now, early, charging the consigner a withdrawal fee.
 */
export function WithdrawDialog({
  status,
  description,
  open,
  currency,
  busy,
  allowEarly = true,
  onCancel,
  onSubmit,
}: {
  status: InventoryStatus | null;
  /** What the item is (title, code, size), shown under the question. */
  description?: string;
  open: boolean;
  currency: string;
  busy: boolean;
  /** Staff only: withdraw now, early, with a withdrawal fee (the server refuses it to a consigner). */
  allowEarly?: boolean;
  onCancel: () => void;
  onSubmit: (call: WithdrawCall) => void;
}) {
  const [early, setEarly] = useState(false);
  // empty: the fee of the item's consignment terms (docs/consignment-terms.md), 0 without terms
  const [fee, setFee] = useState<number | null>(null);
  useEffect(() => {
    if (open) {
      setEarly(false);
      setFee(null);
    }
  }, [open]);
  const kind = status ? withdrawKind(status) : null;
  const submit = () => {
    if (early) onSubmit({ op: 'withdrawInventory', body: fee === null ? { isWithdrawnEarly: true } : { isWithdrawnEarly: true, withdrawalFee: fee } });
    else if (kind === 'withdraw') onSubmit({ op: 'withdrawInventory', body: {} });
    else onSubmit({ op: 'requestInventoryWithdrawal', body: {} });
  };
  return (
    <Modal
      open={open}
      title="Withdraw"
      okText={kind === 'withdraw' ? 'Yes' : 'Okay'}
      cancelText={kind === 'withdraw' ? 'No' : 'Cancel'}
      onOk={submit}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text data-testid="withdraw-confirmation">{status ? withdrawConfirmation(status) : null}</Typography.Text>
        {description && <Typography.Text type="secondary">{description}</Typography.Text>}
        {allowEarly && (
          <Checkbox checked={early} onChange={(e) => setEarly(e.target.checked)} data-testid="withdraw-early">
            Withdraw now, early (charges the consigner a withdrawal fee)
          </Checkbox>
        )}
        {allowEarly && early && (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">Withdrawal fee</Typography.Text>
            <InputNumber
              aria-label="Withdrawal fee"
              prefix={priceSymbol(currency)}
              min={0}
              precision={2}
              value={fee}
              placeholder="By the item's terms"
              onChange={(v) => setFee(typeof v === 'number' ? v : null)}
              style={{ width: '100%' }}
              data-testid="withdraw-fee"
            />
            <Typography.Text type="secondary">Charged to the consigner&apos;s balance and taken from their next payout.</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
