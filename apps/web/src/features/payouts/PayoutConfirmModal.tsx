import { Alert, Avatar, Divider, Flex, Modal, Tag, Typography } from 'antd';
import { PEOPLE_MESSAGES, ZERO_PAYOUT_WARNING, type ConsignerShare } from '@backroom/domain';
import { formatPrice, initials } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { consignerName, type ConsignerLike } from './parts';
import { usePayoutPreview } from './payouts.api';

export type ConfirmShare = ConsignerShare & { consigner: ConsignerLike | null; zeroPayoutItems: number };

/**
 * 'You are going to make a payout!' (people doc section 2): each consigner with their total (store
 * currency, 2 decimals), their items and cheques, and the payout's total. OK stays disabled while the
 * payout is being made, so a double click makes one payout.
 */
export function PayoutConfirmModal({
  open,
  shares,
  itemCount,
  totalMinor,
  currency,
  word,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  shares: readonly ConfirmShare[];
  itemCount: number;
  totalMinor: number;
  currency: string;
  word: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const isMobile = useIsMobile();
  const money = (minor: number) => formatPrice(minor / 100, currency);
  const zeroItems = shares.reduce((n, s) => n + s.zeroPayoutItems, 0);
  // what the server would send (fees owed taken, docs/payouts.md "Net payable"); the items' sums until it answers
  const preview = usePayoutPreview(
    shares.flatMap((s) => s.itemIds),
    open,
  ).data;
  const planned = new Map((preview?.consigners ?? []).map((p) => [p.consignerId, p]));
  const total = preview ? Math.round(preview.total * 100) : totalMinor;
  return (
    <Modal
      open={open}
      title={PEOPLE_MESSAGES.payoutConfirmTitle}
      okText={`Pay ${money(total)}`}
      onOk={onConfirm}
      onCancel={pending ? undefined : onCancel}
      confirmLoading={pending}
      cancelButtonProps={{ disabled: pending }}
      okButtonProps={{ 'data-testid': 'confirm-payout' } as Record<string, string>}
      closable={!pending}
      mask={{ closable: !pending }}
      width={isMobile ? undefined : 560}
      destroyOnHidden
      data-testid="payout-confirm"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {itemCount} {itemCount === 1 ? 'item' : 'items'} to {shares.length} {shares.length === 1 ? word.toLowerCase() : `${word.toLowerCase()}s`}.
        Their items are marked paid when the payout is.
      </Typography.Paragraph>
      <Flex vertical className="br-pay-shares" data-testid="payout-shares">
        {shares.map((share) => {
          const name = consignerName(share.consigner);
          const plan = planned.get(share.consignerId);
          return (
            <Flex key={share.consignerId} align="center" gap={12} className="br-pay-share" data-testid="payout-share">
              <Avatar style={{ background: '#1f4e79', flex: 'none' }}>{initials(name)}</Avatar>
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong ellipsis data-testid="share-name">
                  {name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {share.itemIds.length} {share.itemIds.length === 1 ? 'item' : 'items'} · {share.cheques} {share.cheques === 1 ? 'cheque' : 'cheques'}
                </Typography.Text>
              </Flex>
              <Flex vertical align="end">
                <Typography.Text strong className="br-pay-amount" data-testid="share-total">
                  {money(plan ? Math.round(plan.total * 100) : share.totalMinor)}
                </Typography.Text>
                {plan && plan.carried !== 0 && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="share-deduction">
                    {money(Math.round(plan.gross * 100))} {plan.carried < 0 ? `less ${money(Math.round(-plan.carried * 100))} fees owed` : `plus ${money(Math.round(plan.carried * 100))} owed to them`}
                  </Typography.Text>
                )}
                {plan?.storeCredit && (
                  // taken as store credit (docs/consigner-account.md "Store credit"): settled at once, with the bonus
                  <Tag color="green" style={{ marginInlineEnd: 0, marginTop: 2 }} data-testid="share-store-credit">
                    Store credit{plan.creditBonus ? ` + ${money(Math.round(plan.creditBonus * 100))} bonus` : ''}
                  </Tag>
                )}
              </Flex>
            </Flex>
          );
        })}
      </Flex>
      <Divider style={{ margin: '12px 0' }} />
      <Flex justify="space-between" align="baseline">
        <Typography.Text>Total</Typography.Text>
        <Typography.Text strong style={{ fontSize: 18 }} data-testid="payout-total">
          {money(total)}
        </Typography.Text>
      </Flex>
      {preview && preview.carried < 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={`Fees owed taken: ${money(Math.round(-preview.carried * 100))}`}
          description={`Early-withdrawal fees and other charges the ${word.toLowerCase()}s owe are taken from this payout, never below zero; the rest stays owed for the next one.`}
          data-testid="payout-deduction"
        />
      )}
      {preview?.consigners.some((c) => c.storeCredit) && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title="Store credit is paid at once"
          description={`A ${word.toLowerCase()} who takes payouts as store credit gets it now, with the store's bonus: their share is settled into their credit when you confirm.`}
          data-testid="payout-store-credit"
        />
      )}
      {zeroItems > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={ZERO_PAYOUT_WARNING}
          description={`${zeroItems} of the chosen ${zeroItems === 1 ? 'item pays' : 'items pay'} its ${word.toLowerCase()} nothing after fees.`}
          data-testid="zero-payout-warning"
        />
      )}
    </Modal>
  );
}
