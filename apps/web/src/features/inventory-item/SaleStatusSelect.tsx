// The status control of the item screen and the bulk table (docs/statuses.md "Money statuses"): any
// status that does not mean money, or a money step through its real path: "Record a sale at this
// price" (POST /api/sales, the counter's recordSale) for an Active item, "Undo sale" (POST
// /api/sales/{id}/undo) for a sold one. Never a bare Sold, Pending sale or Paid.
import { useState } from 'react';
import { App, Modal, Radio, Select, Space, Typography, type SelectProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { INVENTORY_STATUSES, isMoneyStatus, isSellableNow, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, statusLabel, type InventoryStatus, type PaymentMethod } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useCompleteSale, useUndoSale } from '../sell/sell.api';
import { useCurrentStore } from '../store/store.api';
import { itemKeys } from './inventory-item.api';

const SELL = 'sale:record';
const UNDO = 'sale:undo';

type SaleItem = { id: string; code: string; status: InventoryStatus; price: number; orderId: string | null; order?: { id: string; name: string } | null };

type Props = {
  item: SaleItem;
  /** the status shown (the bulk table's draft), the item's own by default */
  value?: InventoryStatus;
  onChange: (status: InventoryStatus) => void;
  disabled?: boolean;
  size?: SelectProps['size'];
  testId?: string;
};

/** The options: plain statuses, the money status the item is in (shown, not choosable), and the sale or undo. */
function statusOptionsOf(item: SaleItem, isBuyingStore: boolean, currency: string): SelectProps['options'] {
  const plain = INVENTORY_STATUSES.filter((st) => !isMoneyStatus(st) || st === item.status).map((st) => ({
    value: st as string,
    label: statusLabel(st, { isBuyingStore }),
    disabled: isMoneyStatus(st),
  }));
  const money =
    isSellableNow(item.status)
      ? [{ value: SELL, label: `Record a sale at ${formatPrice(item.price, currency)}`, disabled: false }]
      : (item.status === 'Sold' || item.status === 'PendingSale') && item.orderId
        ? [{ value: UNDO, label: `Undo sale${item.order ? ` ${item.order.name}` : ''}`, disabled: false }]
        : [];
  return money.length ? [{ label: 'Money (through the sale)', title: 'money', options: money }, { label: 'Status', title: 'status', options: plain }] : plain;
}

export function SaleStatusSelect({ item, value, onChange, disabled, size, testId = 'status-select' }: Props) {
  const { message, modal } = App.useApp();
  const store = useCurrentStore();
  const queryClient = useQueryClient();
  const complete = useCompleteSale();
  const undo = useUndoSale();
  const [selling, setSelling] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const currency = store?.currency ?? 'USD';

  const refresh = () => queryClient.invalidateQueries({ queryKey: itemKeys.all });

  const recordSale = async () => {
    try {
      const result = await complete.mutateAsync({ lines: [{ inventoryId: item.id }], paymentMethod: method, saleKey: `sell-${crypto.randomUUID()}` });
      message.success(result.message);
      setSelling(false);
      await refresh();
    } catch (error) {
      message.error(errorMessage(error, 'The sale could not be recorded'), 5);
    }
  };

  const confirmUndo = () => {
    const orderId = item.orderId;
    if (!orderId) return;
    modal.confirm({
      title: `Undo sale${item.order ? ` ${item.order.name}` : ''}?`,
      content: `${item.code} goes back on sale and the consigner's ledger gets the reversing entries.`,
      okText: 'Undo sale',
      okButtonProps: { danger: true, 'data-testid': 'confirm-undo-sale' } as never,
      onOk: async () => {
        try {
          const result = await undo.mutateAsync(orderId);
          message.success(result.message);
          await refresh();
        } catch (error) {
          message.error(errorMessage(error, 'The sale could not be undone'), 5);
        }
      },
    });
  };

  const choose = (v: string) => {
    if (v === SELL) setSelling(true);
    else if (v === UNDO) confirmUndo();
    else onChange(v as InventoryStatus);
  };

  return (
    <>
      <Select
        aria-label="Status"
        data-testid={testId}
        size={size}
        value={value ?? item.status}
        disabled={disabled}
        options={statusOptionsOf(item, store?.isBuyingStore ?? false, currency)}
        onChange={choose}
        style={{ width: '100%' }}
        popupMatchSelectWidth={false}
      />
      <Modal
        open={selling}
        title={`Record a sale of ${item.code}`}
        okText={`Record sale at ${formatPrice(item.price, currency)}`}
        okButtonProps={{ loading: complete.isPending, 'data-testid': 'confirm-record-sale' } as never}
        onOk={() => void recordSale()}
        onCancel={() => setSelling(false)}
        destroyOnHidden
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>
            A counter sale at the item's price: the item becomes Sold and its consigner is credited in the ledger. Undo it from the receipt or here.
          </Typography.Text>
          <Radio.Group
            aria-label="Payment method"
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            optionType="button"
          />
        </Space>
      </Modal>
    </>
  );
}
