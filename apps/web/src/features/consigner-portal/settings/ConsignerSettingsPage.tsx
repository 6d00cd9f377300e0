import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Divider, Flex, Form, Spin, Switch, Tabs, Typography, type FormRule } from 'antd';
import { BankOutlined, BellOutlined, LockOutlined, LogoutOutlined, SaveOutlined, UserOutlined } from '@ant-design/icons';
import {
  PAYOUT_OPTIONS,
  ROUTING_TYPE_LABELS,
  ZConsignerUpdate,
  helpHref,
  maskAccountNumber,
  type SignedInUser,
  type TConsigner,
  type TNotificationSettings,
} from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { BANK_FORM_FIELDS, fromBankData, isBankPayout, toBankData, type BankFormField, type BankFormValues } from '../../../shared/bank-form';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { PayoutFields } from '../../../shared/ui/PayoutFields';
import { useSignOut } from '../../auth/auth.api';
import { addConsignerFieldError, type AddConsignerValues } from '../../consigners/consigner-form';
import type { ConsignerChange } from '../../consigners/consigners.api';
import { ProfileFields } from '../../consigners/ProfileFields';
import { useCurrentStore } from '../../store/store.api';
import { useOwnConsigner, useSaveOwnDetails } from './portal-settings.api';
import '../../../shared/touch.css';
import './portal-settings.css';

type TabKey = 'profile' | 'notifications' | 'bank';
const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'idNumber'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The five e-mails a consigner may turn off (people doc section 3, emailNotifications' detailed form), in plain words. */
const NOTIFICATIONS: { key: keyof TNotificationSettings; label: string; help: string }[] = [
  { key: 'onInventoryAccept', label: 'My drop-off is accepted', help: 'When the store takes the items you dropped off into stock.' },
  { key: 'onProductSold', label: 'An item of mine sells', help: 'When one of your items is sold.' },
  { key: 'onPayout', label: 'I am paid', help: 'When the store pays you for your sold items.' },
  { key: 'onPriceAcceptOrDecline', label: 'My price change is answered', help: 'When the store accepts or declines a new price you asked for.' },
  { key: 'onWithdrawAcceptOrDecline', label: 'My withdrawal is answered', help: 'When the store accepts or declines your request to take an item back.' },
];

type FormValues = Pick<AddConsignerValues, ProfileField> &
  BankFormValues & {
    emailNotifications: boolean;
    notificationSettings: TNotificationSettings;
  };

/**
 * The consigner's settings (/settings; people doc section 2 "Consigner settings", section 5 bank rules):
 * tabs Profile, Notifications and Bank over one form with one Save, a Logout button, a spinner until the
 * consigner is loaded, and 'Your details have been updated successfully.' in a dialog. Bank details are
 * the shared payout fields until submitted, then read-only with the way to change them (the store's
 * support address). The e-mail is the sign-in's: shown, not editable here.
 */
export default function ConsignerSettingsPage({ user }: { user: SignedInUser }) {
  useDocumentTitle('Settings');
  const isMobile = useIsMobile();
  const consigner = useOwnConsigner(user.id);
  const navigate = useNavigate();
  const { mutate: signOut, isPending: signingOut } = useSignOut();
  const [tab, setTab] = useState<TabKey>('profile');
  // Spec 2: Logout clears the stored store handle and support e-mail, then signs out (as the menu's Logout).
  const logout = () => signOut({ clearStore: true }, { onSettled: () => navigate('/login', { replace: true }) });

  const logoutButton = (
    <Button icon={<LogoutOutlined />} onClick={logout} loading={signingOut} danger data-testid="settings-logout">
      Logout
    </Button>
  );

  return (
    <Card
      className="br-portal-settings br-touch"
      title={
        <Flex align="center" gap={10}>
          {!isMobile && <UserOutlined />}
          <span>Settings</span>
        </Flex>
      }
      extra={logoutButton}
      style={{ maxWidth: 880 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      {consigner.isPending ? (
        <Flex justify="center" align="center" style={{ minHeight: 240 }} data-testid="settings-loading">
          <Spin size="large" />
        </Flex>
      ) : consigner.isError ? (
        <Alert type="error" showIcon title={errorMessage(consigner.error, 'Your details could not be loaded.')} action={<Button onClick={() => void consigner.refetch()}>Try again</Button>} />
      ) : (
        // a new form after each save: it starts from the record as saved
        <SettingsForm key={consigner.data.updatedAt} consigner={consigner.data} tab={tab} setTab={setTab} />
      )}
    </Card>
  );
}

function initialValues(c: TConsigner, payoutOptions: readonly string[]): Partial<FormValues> {
  const bank = fromBankData(c.payoutType, c.bankData);
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    address: c.address ?? '',
    idNumber: c.idNumber ?? '',
    emailNotifications: c.emailNotifications,
    notificationSettings: { ...c.notificationSettings },
    ...bank,
    payoutType: bank.payoutType ?? payoutOptions[0],
    routingType: bank.routingType ?? 'abaNumber',
  };
}

function SettingsForm({ consigner, tab, setTab }: { consigner: TConsigner; tab: TabKey; setTab: (tab: TabKey) => void }) {
  const { modal } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const bankFields = store?.bankFields ?? 'routing';
  const payoutOptions: readonly string[] = store?.payoutOptions?.length ? store.payoutOptions : PAYOUT_OPTIONS;
  const save = useSaveOwnDetails(consigner.id);
  const [form] = Form.useForm<FormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const payoutType = Form.useWatch('payoutType', form);
  const routingType = Form.useWatch('routingType', form);
  const notificationsOn = Form.useWatch('emailNotifications', form) ?? consigner.emailNotifications;
  const bankOpen = consigner.canEditBankData && !consigner.bankDataSubmitted;
  const initial = useMemo(() => initialValues(consigner, payoutOptions), [consigner, payoutOptions]);

  // the profile fields: the domain's rules of PUT /api/consigners/{id} (the e-mail is not sent)
  const profileRule = (field: keyof AddConsignerValues): FormRule[] => [
    {
      validator: async (_, value: string | undefined) => {
        if (field === 'email' || !(PROFILE_FIELDS as readonly string[]).includes(field)) return;
        const schema = ZConsignerUpdate.shape[field as ProfileField];
        const result = schema.safeParse(field === 'idNumber' ? (value ?? '').trim() || null : (value ?? '').trim());
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
      },
    },
  ];
  // the bank fields: the store's bank rules (the domain's, as the server checks them)
  const bankRule = (field: BankFormField): FormRule[] => [
    {
      validator: async () => {
        const problem = addConsignerFieldError(form.getFieldsValue(true) as Partial<AddConsignerValues>, field, bankFields);
        if (problem) throw new Error(problem);
      },
    },
  ];

  const submit = async (change: ConsignerChange) => {
    try {
      await save.mutateAsync(change);
      modal.success({ title: 'Your details have been updated successfully.', okText: 'OK', centered: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const onSave = async () => {
    setFailure(null);
    // bank details are sent only when the consigner filled them in (before submission)
    const bankTouched = bankOpen && form.isFieldsTouched([...BANK_FORM_FIELDS]);
    const fields: (string | string[])[] = [...PROFILE_FIELDS, ...(bankTouched ? BANK_FORM_FIELDS : [])];
    try {
      await form.validateFields(fields);
    } catch (error) {
      // show a tab with a problem: the one open when it has one, else the first
      const tabOf = (name: string | number): TabKey => ((BANK_FORM_FIELDS as readonly string[]).includes(String(name)) ? 'bank' : 'profile');
      const withErrors = ((error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? []).map((f) => tabOf(f.name[0]!));
      if (withErrors.length && !withErrors.includes(tab)) setTab(withErrors[0]!);
      return;
    }
    const v = form.getFieldsValue(true) as FormValues;
    const t = (s: string | undefined) => (s ?? '').trim();
    const change: ConsignerChange = {
      firstName: t(v.firstName),
      lastName: t(v.lastName),
      phone: t(v.phone),
      address: t(v.address),
      idNumber: t(v.idNumber) || null,
      emailNotifications: v.emailNotifications,
      notificationSettings: v.notificationSettings,
    };
    if (!bankTouched) return submit(change);
    // Bank information cannot be changed by the consigner after submission (spec section 5): say so first.
    modal.confirm({
      title: 'Submit your bank details?',
      content: 'Check them carefully: once submitted, only the store can change them.',
      okText: 'Submit and save',
      cancelText: 'Check again',
      centered: true,
      onOk: () => submit({ ...change, payoutType: v.payoutType, bankData: toBankData(v, bankFields) }),
      onCancel: () => setTab('bank'),
    });
  };

  const tabs: { key: TabKey; label: ReactNode; children: ReactNode }[] = [
    {
      key: 'profile',
      label: (
        <span>
          <UserOutlined /> Profile
        </span>
      ),
      children: <ProfileFields rule={profileRule} emailDisabled="Your e-mail is how you sign in: ask the store to change it." />,
    },
    {
      key: 'notifications',
      label: (
        <span>
          <BellOutlined /> Notifications
        </span>
      ),
      children: <NotificationFields on={notificationsOn} />,
    },
    {
      key: 'bank',
      label: (
        <span>
          {bankOpen ? <BankOutlined /> : <LockOutlined />} Bank
        </span>
      ),
      children: bankOpen ? (
        <>
          <Alert
            type="info"
            showIcon
            title="How the store pays you"
            description="Check your details carefully: once you submit them, only the store can change them."
            style={{ marginBottom: 16 }}
          />
          <PayoutFields rule={bankRule} payoutOptions={payoutOptions} payoutType={payoutType} routingType={routingType} bankFields={bankFields} />
        </>
      ) : (
        <BankReadOnly consigner={consigner} supportEmail={store?.supportEmail ?? null} />
      ),
    },
  ];

  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initial} requiredMark={false} data-testid="settings-form">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={tabs.map((x) => ({ ...x, forceRender: true }))} className="br-ps-tabs" data-testid="settings-tabs" />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="settings-error" />}
      <Divider style={{ margin: '8px 0 16px' }} />
      <Flex justify={isMobile ? 'stretch' : 'flex-end'} className={isMobile ? 'br-ps-save-phone' : undefined}>
        <Button type="primary" onClick={() => void onSave()} icon={<SaveOutlined />} loading={save.isPending} size="large" block={isMobile} data-testid="settings-save">
          Save
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The master switch and the five e-mails. Each row is the label of its switch: the whole row (56 px
 * high, the full width) is what a finger taps.
 */
function NotificationFields({ on }: { on: boolean }) {
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
function BankReadOnly({ consigner, supportEmail }: { consigner: TConsigner; supportEmail: string | null }) {
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
