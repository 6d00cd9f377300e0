import { useState } from 'react';
import { App, Button, Flex, InputNumber, Modal, Tooltip, Typography } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { hasAtMostDecimals, INVENTORY_MESSAGES, MONEY_DECIMALS, tooManyDecimalsMessage } from '@backroom/domain';
import { formatPrice, priceSymbol } from '../../shared/format';
import type { InventoryItem, useItemAction } from './inventory-item.api';

export type ActionRunner = ReturnType<typeof useItemAction>;

/** Request price change (spec 5): a requested price above 0, sent for the item's owner to accept. */
export function RequestPriceChangeButton({ item, currency, disabled, run }: { item: InventoryItem; currency: string; disabled: boolean; run: ActionRunner }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState<number | null>(null);
  const submit = () => {
    if (price === null || price === undefined) {
      message.warning(INVENTORY_MESSAGES.enterPrice);
      return;
    }
    // requestedPrice must be above 0 (spec 5, spelling as in the product)
    if (price <= 0) {
      message.warning(INVENTORY_MESSAGES.priceChangeValue);
      return;
    }
    // more decimals than money takes: said, never rounded (the API refuses it the same way)
    if (!hasAtMostDecimals(price, MONEY_DECIMALS)) {
      message.warning(tooManyDecimalsMessage('Price', MONEY_DECIMALS));
      return;
    }
    run.mutate(
      { name: 'requestPriceChange', body: { requestedPrice: price } },
      {
        onSuccess: () => {
          message.success(INVENTORY_MESSAGES.priceChangeRequested(formatPrice(price, currency)));
          setOpen(false);
        },
        onError: () => message.error(INVENTORY_MESSAGES.priceChangeFailed),
      },
    );
  };
  return (
    <>
      <Tooltip title={disabled ? 'A price change can be requested for Active items only.' : undefined}>
        <Button
          icon={<DollarOutlined />}
          disabled={disabled}
          onClick={() => {
            setPrice(null);
            setOpen(true);
          }}
          data-testid="request-price-change"
        >
          Request price change
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title="Request price change"
        okText="Request"
        onOk={submit}
        confirmLoading={run.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">Current price {formatPrice(item.price, currency)}</Typography.Text>
          <InputNumber
            aria-label="Requested price"
            autoFocus
            prefix={priceSymbol(currency)}
            min={0}
            value={price}
            onChange={(v) => setPrice(typeof v === 'number' ? v : null)}
            style={{ width: '100%' }}
            onPressEnter={submit}
          />
        </Flex>
      </Modal>
    </>
  );
}
