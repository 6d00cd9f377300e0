import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions, Divider, Flex, Form, Modal, Switch, Typography, type FormRule } from 'antd';
import { PAYOUT_OPTIONS, ROUTING_TYPE_LABELS } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { fromBankData, isBankPayout, toBankData } from '../../shared/bank-form';
import { formatDateTime } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { PayoutFields } from '../../shared/ui/PayoutFields';
import { useCurrentStore } from '../store/store.api';
import { addConsignerFieldError, type AddConsignerValues } from './consigner-form';
import { useUpdateConsigner, type Consigner, type ConsignerChange } from './consigners.api';
import { ProfileFields } from './ProfileFields';

/**
 * The consigner's fields (people doc section 2: "Details modal (Save shown when update is on)"): read
 * first; the Update switch turns the fields into a form with Save. Bank details show and can be
 * changed only when the server sends them (Admins with Consigners access); each change is logged.
 */
export function DetailsDialog({ open, consigner, onClose }: { open: boolean; consigner: Consigner; onClose: () => void }) {
  return open ? <DetailsModal consigner={consigner} onClose={onClose} /> : null;
}

function DetailsModal({ consigner, onClose }: { consigner: Consigner; onClose: () => void }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const bankFields = store?.bankFields ?? 'routing';
  const payoutOptions: readonly string[] = store?.payoutOptions?.length ? store.payoutOptions : PAYOUT_OPTIONS;
  const update = useUpdateConsigner(consigner.id);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<AddConsignerValues>();
  const payoutType = Form.useWatch('payoutType', form);
  const routingType = Form.useWatch('routingType', form);
  const bankShown = consigner.bankData !== undefined;
  const bankEditable = bankShown && consigner.canEditBankData;

  const initial: Partial<AddConsignerValues> = {
    firstName: consigner.firstName,
    lastName: consigner.lastName,
    email: consigner.email,
    phone: consigner.phone ?? '',
    address: consigner.address ?? '',
    idNumber: consigner.idNumber ?? '',
    ...fromBankData(consigner.payoutType, consigner.bankData),
  };
  if (!initial.payoutType) initial.payoutType = payoutOptions[0];
  if (!initial.routingType) initial.routingType = 'abaNumber';

  const rule = (field: keyof AddConsignerValues): FormRule[] => [
    {
      validator: async () => {
        const problem = addConsignerFieldError(form.getFieldsValue(true) as Partial<AddConsignerValues>, field, bankFields);
        if (problem) throw new Error(problem);
      },
    },
  ];

  const save = async () => {
    setFailure(null);
    let values: AddConsignerValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as AddConsignerValues;
    } catch {
      return;
    }
    const t = (v: string | undefined) => (v ?? '').trim();
    const change: ConsignerChange = {
      firstName: t(values.firstName),
      lastName: t(values.lastName),
      phone: t(values.phone),
      address: t(values.address),
      idNumber: t(values.idNumber) || null,
    };
    if (t(values.email) !== consigner.email) change.email = t(values.email);
    if (bankEditable) {
      change.payoutType = values.payoutType;
      change.bankData = toBankData(values, bankFields);
    }
    try {
      await update.mutateAsync(change);
      message.success('Details saved');
      setEditing(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const na = <Typography.Text type="secondary">—</Typography.Text>;
  // a phone: label and value side by side without the table's borders, the label column narrow
  const descriptionStyles = isMobile ? { label: { width: 118, paddingBottom: 8 }, content: { paddingBottom: 8, wordBreak: 'break-word' as const } } : undefined;
  const show = (v: string | null | undefined): ReactNode => (v ? v : na);
  const bank = consigner.bankData;
  const bankItems =
    bank && isBankPayout(consigner.payoutType)
      ? [
          { key: 'routingType', label: 'Routing type', children: bank.routingType ? ROUTING_TYPE_LABELS[bank.routingType] : 'Local account' },
          { key: 'accountName', label: 'Account holder', children: show(bank.accountName) },
          { key: 'bank', label: 'Bank', children: show(bank.bank) },
          ...(bank.routingType !== 'ibanNumber' || bank.accountNumber ? [{ key: 'accountNumber', label: 'Account number', children: show(bank.accountNumber) }] : []),
          ...(bank.routingNumber ? [{ key: 'routingNumber', label: 'Routing number', children: bank.routingNumber }] : []),
          ...(bank.swiftCode ? [{ key: 'swiftCode', label: 'SWIFT code', children: bank.swiftCode }] : []),
          ...(bank.ibanNumber ? [{ key: 'ibanNumber', label: 'IBAN', children: bank.ibanNumber }] : []),
          ...(bank.branchCode ? [{ key: 'branchCode', label: 'Branch code', children: bank.branchCode }] : []),
          ...(bank.bankType ? [{ key: 'bankType', label: 'Account type', children: bank.bankType }] : []),
        ]
      : bank
        ? [{ key: 'email', label: `${consigner.payoutType ?? 'Payout'} account`, children: show(bank.email) }]
        : [];

  return (
    <Modal
      open
      width={760}
      onCancel={onClose}
      destroyOnHidden
      title={
        <Flex justify="space-between" align="center" gap={12} style={{ paddingInlineEnd: 28 }}>
          <span>Details</span>
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 400, fontSize: 14 }}>
            <Switch size="small" checked={editing} onChange={setEditing} data-testid="details-update-switch" />
            Update
          </label>
        </Flex>
      }
      footer={
        editing ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
            <Button type="primary" loading={update.isPending} onClick={() => void save()} data-testid="save-details">
              Save
            </Button>
          </Flex>
        ) : (
          <Button onClick={onClose} data-testid="close-details">
            Close
          </Button>
        )
      }
      data-testid="details-dialog"
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="details-error" />}
      {editing ? (
        <Form<AddConsignerValues> form={form} layout="vertical" requiredMark="optional" initialValues={initial} disabled={update.isPending}>
          <ProfileFields rule={rule} emailDisabled={consigner.hasAccount ? 'Their sign-in e-mail: they change it themselves' : undefined} />
          {bankEditable && (
            <>
              <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
                <Typography.Text strong>Payout</Typography.Text>
              </Divider>
              <PayoutFields rule={rule} payoutOptions={payoutOptions} payoutType={payoutType} routingType={routingType} bankFields={bankFields} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Each change of payout details is logged with who made it.
              </Typography.Text>
            </>
          )}
        </Form>
      ) : (
        <Flex vertical gap={16} data-testid="details-view">
          <Descriptions
            size="small"
            bordered={!isMobile}
            column={isMobile ? 1 : 2}
            styles={descriptionStyles}
            items={[
              { key: 'firstName', label: 'First name', children: show(consigner.firstName) },
              { key: 'lastName', label: 'Last name', children: show(consigner.lastName) },
              { key: 'email', label: 'Email', children: show(consigner.email) },
              { key: 'phone', label: 'Phone', children: show(consigner.phone) },
              { key: 'address', label: 'Address', span: isMobile ? 1 : 2, children: show(consigner.address) },
              { key: 'idNumber', label: 'ID number', children: show(consigner.idNumber) },
              { key: 'since', label: 'Added', children: formatDateTime(consigner.createdAt) },
              { key: 'account', label: 'Sign-in', children: consigner.hasAccount ? (consigner.emailVerified ? 'Verified account' : 'Not verified yet') : consigner.invited ? 'Invitation sent, not accepted yet' : 'No account yet' },
              { key: 'terms', label: 'Terms', children: consigner.acceptedTOS ? 'Accepted' : 'Not accepted yet' },
            ]}
          />
          {bankShown && (
            <Descriptions
              title={`Payout · ${consigner.payoutType ?? 'not set'}`}
              size="small"
              bordered={!isMobile}
              column={isMobile ? 1 : 2}
              styles={descriptionStyles}
              items={bankItems}
              data-testid="details-bank"
            />
          )}
        </Flex>
      )}
    </Modal>
  );
}
