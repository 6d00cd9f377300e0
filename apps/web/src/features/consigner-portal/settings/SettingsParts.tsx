// The consigner's settings screen: its Notifications fields and its read-only bank details.
import type { ReactNode } from 'react';
import { Alert, Descriptions, Flex, Form, Switch, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ROUTING_TYPE_LABELS, helpHref, maskAccountNumber, type TConsigner, type TNotificationSettings } from '@backroom/domain';
import { isBankPayout } from '../../../shared/bank-form';
import { useIsMobile } from '../../../shared/hooks';

/** The e-mails a consigner may turn off (people doc section 3, emailNotifications' detailed form), in plain words. */
const NOTIFICATIONS: { key: keyof TNotificationSettings; label: string; help: string }[] = [
  { key: 'onInventoryAccept', label: 'My drop-off is accepted', help: 'When the store takes the items you dropped off into stock.' },
  { key: 'onProductSold', label: 'An item of mine sells', help: 'When one of your items is sold.' },
  { key: 'onPayout', label: 'I am paid', help: 'When the store pays you for your sold items.' },
  { key: 'onPriceAcceptOrDecline', label: 'My price change is answered', help: 'When the store accepts or declines a new price you asked for.' },
  { key: 'onWithdrawAcceptOrDecline', label: 'My withdrawal is answered', help: 'When the store accepts or declines your request to take an item back.' },
  // docs/consignment-terms.md "Reminders"
  { key: 'onConsignmentEnding', label: 'Consignment ending reminders', help: 'A week before an item’s consignment ends, so you can ask to renew or to pick it up.' },
];

/**
 * The master switch and the e-mails. Each row is the label of its switch: the whole row (56 px
 * high, the full width) is what a finger taps.
 */
export function NotificationFields({ on }: { on: boolean }) {
  return (
    <Flex vertical data-testid="notification-fields">
      <Flex component="label" justify="space-between" align="center" gap={16} className="br-ps-switch-row br-ps-master" data-testid="notify-row-all">
        <span className="br-ps-label">
          <Typography.Text strong>E-mail notifications</Typography.Text>
          <Typography.Text type="secondary" className="br-ps-help">
            {on ? 'The store e-mails you about the events turned on below.' : 'Off: the store sends you none of the e-mails below.'}
          </Typography.Text>
        </span>
        <Form.Item name="emailNotifications" valuePropName="checked" noStyle>
          <Switch aria-label="E-mail notifications" data-testid="notify-all" />
        </Form.Item>
      </Flex>
      {NOTIFICATIONS.map((n) => (
        <Flex
          component="label"
          key={n.key}
          justify="space-between"
          align="center"
          gap={16}
          className={`br-ps-switch-row${on ? '' : ' br-ps-switch-row-off'}`}
          data-testid={`notify-row-${n.key}`}
        >
          <span className="br-ps-label">
            <Typography.Text>{n.label}</Typography.Text>
            <Typography.Text type="secondary" className="br-ps-help">
              {n.help}
            </Typography.Text>
          </span>
          <Form.Item name={['notificationSettings', n.key]} valuePropName="checked" noStyle>
            <Switch disabled={!on} aria-label={n.label} data-testid={`notify-${n.key}`} />
          </Form.Item>
        </Flex>
      ))}
    </Flex>
  );
}

/** Bank details once submitted: read-only, with the way to change them (spec section 2 and 5). */
export function BankReadOnly({ consigner, supportEmail }: { consigner: TConsigner; supportEmail: string | null }) {
  const isMobile = useIsMobile();
  const bank = consigner.bankData;
  const na = <Typography.Text type="secondary">—</Typography.Text>;
  const show = (v: string | null | undefined): ReactNode => (v ? v : na);
  const items =
    bank && isBankPayout(consigner.payoutType)
      ? [
          { key: 'payoutType', label: 'Payout type', children: consigner.payoutType },
          ...(bank.routingType ? [{ key: 'routingType', label: 'Routing type', children: ROUTING_TYPE_LABELS[bank.routingType] }] : []),
          { key: 'accountName', label: 'Account holder', children: show(bank.accountName) },
          ...(bank.bank ? [{ key: 'bank', label: 'Bank', children: bank.bank }] : []),
          ...(bank.accountNumber ? [{ key: 'accountNumber', label: 'Account number', children: maskAccountNumber(bank.accountNumber) }] : []),
          ...(bank.routingNumber ? [{ key: 'routingNumber', label: 'Routing number', children: bank.routingNumber }] : []),
          ...(bank.swiftCode ? [{ key: 'swiftCode', label: 'SWIFT code', children: bank.swiftCode }] : []),
          ...(bank.ibanNumber ? [{ key: 'ibanNumber', label: 'IBAN', children: maskAccountNumber(bank.ibanNumber) }] : []),
          ...(bank.branchCode ? [{ key: 'branchCode', label: 'Branch code', children: bank.branchCode }] : []),
          ...(bank.bankType ? [{ key: 'bankType', label: 'Account type', children: bank.bankType }] : []),
        ]
      : [
          { key: 'payoutType', label: 'Payout type', children: show(consigner.payoutType) },
          { key: 'email', label: `${consigner.payoutType ?? 'Payout'} account`, children: show(bank?.email) },
        ];
  return (
    <Flex vertical gap={16} data-testid="bank-readonly">
      <Alert
        type="warning"
        showIcon
        icon={<LockOutlined />}
        title="Your bank details can no longer be changed here"
        description={
          <span data-testid="bank-warning">
            Bank information cannot be changed after submission. To change it, visit the store in person or e-mail{' '}
            {supportEmail ? (
              <a href={helpHref(supportEmail)} data-testid="bank-support-mail">
                {supportEmail}
              </a>
            ) : (
              'the store'
            )}
            .
          </span>
        }
      />
      <Descriptions column={1} size="small" bordered={!isMobile} items={items} styles={{ label: { width: isMobile ? 130 : 200 } }} data-testid="bank-details" />
    </Flex>
  );
}
