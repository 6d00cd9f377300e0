import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Popconfirm, Result, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { MailOutlined, PlusOutlined, PrinterOutlined, UndoOutlined } from '@ant-design/icons';
import { PAYMENT_METHOD_LABELS, ZSaleReceiptBody } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatDateTime, formatPrice } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { optionText } from './ItemPicker';
import { useEmailReceipt, useSale, useUndoSale, type Sale } from './sell.api';

/** The receipt as it prints: the shop, the sale, its lines and total, the payment. */
function ReceiptPaper({ sale }: { sale: Sale }) {
  const money = (major: number) => formatPrice(major, sale.store.currency);
  const undone = sale.status === 'undone';
  const lines = sale.lines.filter((l) => l.active || undone);
  return (
    <div className="br-receipt-paper" data-testid="receipt">
      <Flex vertical align="center" style={{ textAlign: 'center', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {sale.store.name}
        </Typography.Title>
        <Typography.Text type="secondary">{sale.store.supportEmail}</Typography.Text>
      </Flex>
      <Flex justify="space-between" wrap gap={4} style={{ marginBottom: 4 }}>
        <Typography.Text strong data-testid="receipt-name">
          Receipt {sale.name}
        </Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(sale.orderDate)}</Typography.Text>
      </Flex>
      {sale.createdByName && <Typography.Text type="secondary">Served by {sale.createdByName}</Typography.Text>}
      {(sale.customer.firstName || sale.customer.email) && (
        <div>
          <Typography.Text type="secondary">Customer: {[sale.customer.firstName, sale.customer.email].filter(Boolean).join(' · ')}</Typography.Text>
        </div>
      )}
      {undone && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '12px 0' }}
          title={`Sale undone${sale.undoneAt ? ` ${formatDateTime(sale.undoneAt)}` : ''}${sale.undoneByName ? ` by ${sale.undoneByName}` : ''}`}
          description="Its items are back on sale."
          data-testid="receipt-undone"
        />
      )}
      <table style={{ marginTop: 12 }}>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} data-testid="receipt-line" className={undone ? 'br-receipt-undone' : undefined}>
              <td>
                <div>{l.title}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[l.code, optionText(l), l.quantity > 1 ? `× ${l.quantity}` : ''].filter(Boolean).join(' · ')}
                </Typography.Text>
              </td>
              <td className="br-receipt-amount">{money(l.price * l.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th className="br-receipt-amount" data-testid="receipt-total">
              {money(sale.total)}
            </th>
          </tr>
        </tfoot>
      </table>
      {sale.paymentMethod && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>Paid by {PAYMENT_METHOD_LABELS[sale.paymentMethod].toLowerCase()}</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        Thank you for shopping with us.
      </Typography.Paragraph>
    </div>
  );
}

function EmailReceiptButton({ sale }: { sale: Sale }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ email: string }>();
  const send = useEmailReceipt();
  const submit = async () => {
    const { email } = await form.validateFields();
    send.mutate(
      { id: sale.id, email },
      {
        onSuccess: (result) => {
          message.success(result.message);
          setOpen(false);
        },
        onError: (error) => void message.error(errorMessage(error), 6),
      },
    );
  };
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="email-receipt">
        E-mail
      </Button>
      <Modal title={`E-mail receipt ${sale.name}`} open={open} okText="Send" onOk={() => void submit()} confirmLoading={send.isPending} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ email: sale.customer.email ?? '' }} onFinish={() => void submit()}>
          <Form.Item
            name="email"
            label="E-mail"
            rules={[
              {
                validator: async (_, value: string) => {
                  const parsed = ZSaleReceiptBody.shape.email.safeParse(value ?? '');
                  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Please enter a valid email');
                },
              },
            ]}
          >
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A sale's receipt on the counter: print it, e-mail it, undo the sale while its items are unpaid. */
export function ReceiptView({ id, onNewSale }: { id: string; onNewSale: () => void }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const sale = useSale(id);
  const undo = useUndoSale();

  if (sale.isPending) return <Card data-testid="receipt-loading"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (sale.isError) {
    const missing = sale.error instanceof ApiError && (sale.error.status === 404 || sale.error.status === 400);
    return (
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? 'Sale not found' : 'The sale could not be loaded'}
          subTitle={missing ? undefined : errorMessage(sale.error)}
          extra={<Button type="primary" onClick={onNewSale}>New sale</Button>}
        />
      </Card>
    );
  }
  const s = sale.data;
  const undoButton =
    s.status === 'undone' ? null : s.canUndo ? (
      <Popconfirm
        title={`Undo sale ${s.name}?`}
        description="Its items go back on sale and the sale is marked undone."
        okText="Undo sale"
        okButtonProps={{ danger: true, loading: undo.isPending }}
        onConfirm={() =>
          undo.mutateAsync(s.id).then(
            (result) => void message.success(result.message),
            (error: unknown) => void message.error(errorMessage(error), 6),
          )
        }
      >
        <Button danger icon={<UndoOutlined />} data-testid="undo-sale">
          Undo sale
        </Button>
      </Popconfirm>
    ) : (
      <Tooltip title={s.undoBlockedReason}>
        <Button danger disabled icon={<UndoOutlined />} data-testid="undo-sale">
          Undo sale
        </Button>
      </Tooltip>
    );

  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>Sale {s.name}</span>
          {s.status === 'undone' ? <Tag color="orange">Undone</Tag> : <Tag color="green">Completed</Tag>}
        </Flex>
      }
      extra={
        isMobile ? null : (
          <Button type="primary" icon={<PlusOutlined />} onClick={onNewSale} data-testid="new-sale">
            New sale
          </Button>
        )
      }
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
      data-testid="receipt-view"
    >
      <Flex gap={8} wrap justify={isMobile ? 'flex-start' : 'center'} style={{ marginBottom: 16 }}>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-receipt">
          Print
        </Button>
        <EmailReceiptButton sale={s} />
        {undoButton}
      </Flex>
      <ReceiptPaper sale={s} />
      {isMobile && (
        <Button type="primary" size="large" block icon={<PlusOutlined />} onClick={onNewSale} data-testid="new-sale" style={{ marginTop: 16 }}>
          New sale
        </Button>
      )}
      {createPortal(
        <div className="br-print-root">
          <ReceiptPaper sale={s} />
        </div>,
        document.body,
      )}
    </Card>
  );
}
