// Correct sale (docs/sales.md "Corrections"): a sold or paid item's price and payout are locked, so a
// mistake found after the sale is corrected here, as ledger entries with who and why. A new price
// without a payout has its fees worked out again by the item's consigner type, on the server.
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { hasAtMostDecimals, MONEY_DECIMALS, tooManyDecimalsMessage, type ZInventoryAdjustmentBody } from '@backroom/domain';
import type { z } from 'zod';
import { errorMessage } from '../../shared/api';
import { formatPrice, priceSymbol } from '../../shared/format';
import { useCorrectSale, type InventoryItem } from './inventory-item.api';

type Fields = { price: number | null; payout: number | null; reason: string; reversal: boolean };

const moneyRule = (label: string) => ({
  validator: (_: unknown, v: number | null) => (v === null || v === undefined || hasAtMostDecimals(v, MONEY_DECIMALS) ? Promise.resolve() : Promise.reject(new Error(tooManyDecimalsMessage(label, MONEY_DECIMALS)))),
});

/** Whether a correction applies: a sold or paid item of a consigner (an item the store bought has no sale of theirs). */
export function isCorrectable(item: InventoryItem): boolean {
  return (item.status === 'Sold' || item.status === 'Paid') && item.buyingId === null && item.paymentType === null;
}

export function CorrectSaleButton({ item, currency }: { item: InventoryItem; currency: string }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Fields>();
  const correct = useCorrectSale(item.id);
  const paid = item.status === 'Paid';

  const submit = (fields: Fields) => {
    const body: z.input<typeof ZInventoryAdjustmentBody> = {
      reason: fields.reason,
      ...(fields.price !== null && fields.price !== undefined ? { price: fields.price } : {}),
      ...(fields.payout !== null && fields.payout !== undefined ? { payout: fields.payout } : {}),
      ...(paid ? { reversal: true } : {}),
    };
    correct.mutate(body, {
      onSuccess: (result) => {
        message.success(result.message);
        setOpen(false);
      },
      onError: (error) => message.error(errorMessage(error)),
    });
  };

  return (
    <>
      <Button icon={<AuditOutlined />} onClick={() => setOpen(true)} data-testid="correct-sale">
        Correct sale
      </Button>
      <Modal
        open={open}
        title={`Correct the sale of ${item.code}`}
        okText="Record correction"
        onOk={() => form.submit()}
        confirmLoading={correct.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="correct-sale-dialog"
      >
        <Typography.Paragraph type="secondary">
          Sold at {formatPrice(item.price, currency)}, consigner&apos;s payout {formatPrice(item.payout, currency)}. The differences are written to the consigner&apos;s
          ledger with your name and the reason, and show on their report.
        </Typography.Paragraph>
        <Form form={form} name="correctSale" layout="vertical" preserve={false} initialValues={{ price: item.price, payout: null, reason: '', reversal: false }} onFinish={submit}>
          <Form.Item name="price" label="Price" rules={[moneyRule('Price')]}>
            <InputNumber aria-label="Price" prefix={priceSymbol(currency)} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="payout" label="Payout" extra="Leave empty to work it out from the fees of the new price." rules={[moneyRule('Payout')]}>
            <InputNumber aria-label="Payout" prefix={priceSymbol(currency)} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: 'Say why the sale is corrected' }, { max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          {paid && (
            <>
              <Alert type="warning" showIcon title="This item is already paid to its consigner: the correction is a reversing entry that their next payout settles." />
              <Form.Item
                name="reversal"
                valuePropName="checked"
                rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error('Confirm the reversing entry'))) }]}
                style={{ marginTop: 12, marginBottom: 0 }}
              >
                <Checkbox>Record a reversing entry</Checkbox>
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
