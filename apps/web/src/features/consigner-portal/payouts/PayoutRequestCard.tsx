// The consigner's balance and payout request on their Payout page (docs/consigner-account.md "Payouts
// on request"): what is ready to pay now and what is on hold (until when), and Request payout behind a
// confirmation when the store allows it (something payable, at least its minimum, no request open);
// an open request can be cancelled. Figures from GET /api/payouts/consigner/{id}/account (the ledger).
import { App, Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { formatDateLong, PAYOUT_ACCOUNT_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { usePayoutAccount, usePayoutRequestActions } from './portal-payouts.api';

type Props = { consignerId: string; money: (major: number) => string; isMobile: boolean };

export function PayoutRequestCard({ consignerId, money, isMobile }: Props) {
  const { message } = App.useApp();
  const account = usePayoutAccount(consignerId);
  const { ask, cancel } = usePayoutRequestActions(consignerId);
  const a = account.data;
  if (!a) return null;
  const open = a.request && (a.request.status === 'Open' || a.request.status === 'Paying') ? a.request : null;

  const onAsk = () =>
    ask.mutate(undefined, {
      onSuccess: () => void message.success(PAYOUT_ACCOUNT_MESSAGES.requested),
      onError: (error) => void message.error(errorMessage(error), 6),
    });
  const onCancel = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => void message.success(PAYOUT_ACCOUNT_MESSAGES.cancelled),
      onError: (error) => void message.error(errorMessage(error), 6),
    });

  const figure = (label: string, value: string, testId: string, sub?: string) => (
    <Flex vertical className="br-pp-balance-figure">
      <span className="br-pay-sub">{label}</span>
      <Typography.Text strong style={{ fontSize: 20 }} data-testid={testId}>
        {value}
      </Typography.Text>
      {sub && <span className="br-pay-sub">{sub}</span>}
    </Flex>
  );

  const cancelButton =
    open?.status === 'Open' ? (
      <Popconfirm title="Cancel your payout request?" okText="Cancel request" cancelText="Keep it" onConfirm={() => onCancel(open.id)}>
        <Button size="small" loading={cancel.isPending} data-testid="cancel-request">
          Cancel request
        </Button>
      </Popconfirm>
    ) : undefined;

  const first = a.heldUntil[0];
  // an online order not shipped yet has no payable day until it ships
  const firstDay = first ? (first.payableOn === null ? 'Payable once your online orders ship' : `Payable from ${formatDateLong(first.payableOn)}`) : undefined;
  const heldSub = firstDay ? `${firstDay}${a.heldUntil.length > 1 ? ` (${money(first.amount)}), the rest later` : ''}` : undefined;

  return (
    <section className="br-pp-balance" data-testid="payout-balance" aria-label="Your balance">
      <Flex gap={isMobile ? 12 : 32} wrap align={isMobile ? 'stretch' : 'center'} vertical={isMobile} justify="space-between">
        <Flex gap={isMobile ? 16 : 32} wrap>
          {figure('Ready to pay', money(a.payable), 'balance-payable', a.minimum > 0 ? `Minimum payout ${money(a.minimum)}` : undefined)}
          {(a.held > 0 || a.holdDays > 0) && figure('On hold', money(a.held), 'balance-held', heldSub ?? (a.holdDays > 0 ? `Sales are payable ${a.holdDays} days after the sale${a.holdFrom === 'shipping' ? ', online orders after they ship' : ''}` : undefined))}
        </Flex>
        {!open && (
          <Popconfirm
            title="Ask the store to pay you?"
            description={`A payout of ${money(a.payable)}, sent the way you chose in Settings.`}
            okText="Request payout"
            cancelText="Not now"
            onConfirm={onAsk}
            disabled={!a.canRequest}
          >
            <Button type="primary" icon={<DollarOutlined />} disabled={!a.canRequest} loading={ask.isPending} block={isMobile} size={isMobile ? 'large' : 'middle'} data-testid="request-payout">
              Request payout
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {!open && !a.canRequest && a.reason && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid="request-reason">
          {a.reason}
        </Typography.Text>
      )}
      {open && (
        <Alert
          style={{ marginTop: 12 }}
          type={open.status === 'Paying' ? 'success' : 'info'}
          showIcon
          data-testid="request-status"
          message={
            open.status === 'Paying'
              ? `The store is paying your request${open.payoutName ? ` (${open.payoutName})` : ''}.`
              : `You asked for a payout of ${money(open.amount)} on ${formatDateLong(open.createdAt)}. The store will pay it soon.`
          }
          // on a phone the button goes under the text: beside it, the text is squeezed to a few words a line
          action={!isMobile ? cancelButton : undefined}
          description={isMobile ? cancelButton : undefined}
        />
      )}
    </section>
  );
}
