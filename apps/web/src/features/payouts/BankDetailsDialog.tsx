import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Tag, Typography } from 'antd';
import { BankOutlined, CopyOutlined } from '@ant-design/icons';
import { ROUTING_TYPE_LABELS } from '@backroom/domain';
import { isBankPayout } from '../../shared/bank-form';
import { formatPrice } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import type { PayoutShare } from './payouts.api';

const na = <Typography.Text type="secondary">—</Typography.Text>;

/** A value people copy into their bank's site, with a copy button. */
function Copyable({ value }: { value: string | null }): ReactNode {
  if (!value) return na;
  return (
    <Typography.Text copyable={{ icon: <CopyOutlined />, tooltips: ['Copy', 'Copied'] }} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Typography.Text>
  );
}

/**
 * Bank Details (people doc section 2, Payouts list): how to pay this consigner their share, by bank
 * (routing type, account holder, bank, numbers) or by a payout account's e-mail (PayPal, Zelle).
 * Staff who may not see bank details get the account number and IBAN masked by the server.
 */
export function BankDetailsDialog({ share, currency, onClose }: { share: PayoutShare | null; currency: string; onClose: () => void }) {
  const isMobile = useIsMobile();
  const details = share?.bankDetails;
  const bank = isBankPayout(details?.payoutType ?? share?.payoutType);
  const items = !details
    ? []
    : bank
      ? [
          { key: 'routingType', label: 'Routing type', children: details.routingType ? ROUTING_TYPE_LABELS[details.routingType] : 'Local account' },
          { key: 'accountName', label: 'Account holder', children: <Copyable value={details.accountName} /> },
          { key: 'bank', label: 'Bank', children: details.bank || na },
          ...(details.routingType !== 'ibanNumber' || details.accountNumber ? [{ key: 'accountNumber', label: 'Account number', children: <Copyable value={details.accountNumber} /> }] : []),
          ...(details.routingNumber ? [{ key: 'routingNumber', label: 'Routing number', children: <Copyable value={details.routingNumber} /> }] : []),
          ...(details.swiftCode ? [{ key: 'swiftCode', label: 'SWIFT code', children: <Copyable value={details.swiftCode} /> }] : []),
          ...(details.ibanNumber ? [{ key: 'ibanNumber', label: 'IBAN', children: <Copyable value={details.ibanNumber} /> }] : []),
          ...(details.branchCode ? [{ key: 'branchCode', label: 'Branch code', children: <Copyable value={details.branchCode} /> }] : []),
          ...(details.bankType ? [{ key: 'bankType', label: 'Account type', children: details.bankType }] : []),
        ]
      : [{ key: 'email', label: `${details.payoutType ?? 'Payout'} account`, children: <Copyable value={details.email} /> }];

  const hasDetails = details
    ? bank
      ? [details.accountName, details.accountNumber, details.ibanNumber, details.routingNumber, details.swiftCode].some(Boolean)
      : Boolean(details.email)
    : false;

  return (
    <Modal
      open={share !== null}
      onCancel={onClose}
      title={
        <Flex align="center" gap={8} wrap>
          <BankOutlined />
          <span>Bank Details</span>
          {share && <Typography.Text type="secondary" style={{ fontWeight: 400 }}>· {share.name}</Typography.Text>}
        </Flex>
      }
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      width={isMobile ? undefined : 560}
      data-testid="bank-details"
    >
      {share && (
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8} className="br-pay-bank-head">
            <Flex vertical>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                To pay in this payout
              </Typography.Text>
              <Typography.Text strong style={{ fontSize: 20 }} className="br-pay-amount" data-testid="bank-share-total">
                {formatPrice(share.total, currency)}
              </Typography.Text>
            </Flex>
            <Tag color={bank ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }} data-testid="bank-payout-type">
              {share.payoutType ?? details?.payoutType ?? 'No payout type'}
            </Tag>
          </Flex>
          {details?.masked && (
            <Alert type="info" showIcon title="Account numbers are partly hidden: only Admins with Consigners access see them in full." data-testid="bank-masked" />
          )}
          {!hasDetails ? (
            <Alert type="warning" showIcon title={`${share.name} has no payout details on file.`} />
          ) : (
            <Descriptions size="small" bordered={!isMobile} column={1} items={items} styles={isMobile ? { label: { width: 120 } } : { label: { width: 170 } }} data-testid="bank-fields" />
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {share.email}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
