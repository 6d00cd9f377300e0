import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Divider, Flex, Form, Spin, Tabs, type FormRule } from 'antd';
import { BankOutlined, BellOutlined, LockOutlined, LogoutOutlined, SaveOutlined, UserOutlined } from '@ant-design/icons';
import { PAYOUT_OPTIONS, ZConsignerUpdate, type SignedInUser, type TConsigner, type TNotificationSettings } from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { BANK_FORM_FIELDS, fromBankData, toBankData, type BankFormField, type BankFormValues } from '../../../shared/bank-form';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { PayoutFields } from '../../../shared/ui/PayoutFields';
import { useSignOut } from '../../auth/auth.api';
import { addConsignerFieldError, type AddConsignerValues } from '../../consigners/consigner-form';
import type { ConsignerChange } from '../../consigners/consigners.api';
import { ProfileFields } from '../../consigners/ProfileFields';
import { useCurrentStore } from '../../store/store.api';
import { useOwnConsigner, useSaveOwnDetails } from './portal-settings.api';
import { BankReadOnly, NotificationFields } from './SettingsParts';
import '../../../shared/touch.css';
import './portal-settings.css';

type TabKey = 'profile' | 'notifications' | 'bank';
const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'idNumber'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

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
      {/* The read-only Bank tab has nothing to save (people doc section 2, Consigner settings). */}
      {(tab !== 'bank' || bankOpen) && (
        <>
          <Divider style={{ margin: '8px 0 16px' }} />
          <Flex justify={isMobile ? 'stretch' : 'flex-end'} className={isMobile ? 'br-ps-save-phone' : undefined}>
            <Button type="primary" onClick={() => void onSave()} icon={<SaveOutlined />} loading={save.isPending} size="large" block={isMobile} data-testid="settings-save">
              Save
            </Button>
          </Flex>
        </>
      )}
    </Form>
  );
}

