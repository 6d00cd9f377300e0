import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, App, Button, Card, Col, Divider, Flex, Form, Row, Select, Switch, Typography, type FormRule } from 'antd';
import { ArrowLeftOutlined, UserAddOutlined } from '@ant-design/icons';
import { PAYOUT_OPTIONS, PEOPLE_MESSAGES, consignerWord } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { PayoutFields } from '../../shared/ui/PayoutFields';
import { useCurrentStore } from '../store/store.api';
import { addConsignerFieldError, toNewConsignerInput, typeChoices, type AddConsignerValues } from './consigner-form';
import { useCreateConsigner } from './consigners.api';
import { useConsignerTypes } from '../../shared/lookups.api';
import { ProfileFields } from './ProfileFields';

const half = { xs: 24, sm: 12 };

/** /addConsigner (Consigners access; people doc section 2 and 5, Add consigner): the form titled 'Add new consigner'. */
export default function AddConsignerPage() {
  const store = useCurrentStore();
  const word = consignerWord(store?.isBuyingStore);
  const title = `Add new ${word.toLowerCase()}`;
  useDocumentTitle(title);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<AddConsignerValues>();
  const create = useCreateConsigner();
  const types = useConsignerTypes();
  const [failure, setFailure] = useState<string | null>(null);
  const payoutType = Form.useWatch('payoutType', form);
  const routingType = Form.useWatch('routingType', form);

  const currency = store?.currency || 'USD';
  const bankFields = store?.bankFields ?? 'routing';
  const payoutOptions: readonly string[] = store?.payoutOptions?.length ? store.payoutOptions : PAYOUT_OPTIONS;
  const choices = typeChoices(types.data ?? [], currency);
  const defaultType = choices.find((c) => c.isDefault);

  // Field rules come from the domain's Add consigner schema, so the form and the server agree.
  const rule = (field: keyof AddConsignerValues): FormRule[] => [
    {
      validator: async () => {
        const problem = addConsignerFieldError(form.getFieldsValue(true) as Partial<AddConsignerValues>, field, bankFields);
        if (problem) throw new Error(problem);
      },
    },
  ];

  const submit = async () => {
    setFailure(null);
    let values: AddConsignerValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as AddConsignerValues;
    } catch {
      return; // antd shows the messages beside the fields
    }
    try {
      const created = await create.mutateAsync(toNewConsignerInput(values, bankFields));
      // An address with a sign-in of its own joins by the invitation mailed to it (docs/security.md).
      message.success(created.invited ? `${PEOPLE_MESSAGES.consignerAdded} An invitation to join was sent to ${created.email}.` : PEOPLE_MESSAGES.consignerAdded, created.invited ? 6 : 3);
      navigate(`/consigners/${created.id}`);
    } catch (error) {
      setFailure(errorMessage(error, `The ${word.toLowerCase()} could not be added.`));
    }
  };

  return (
    <Card
      title={
        <Flex align="center" gap={10}>
          <UserAddOutlined />
          <span data-testid="add-consigner-title">{title}</span>
        </Flex>
      }
      extra={
        <Link to="/consigners">
          <Button type="text" icon={<ArrowLeftOutlined />}>
            {isMobile ? 'Back' : `Back to ${word.toLowerCase()}s`}
          </Button>
        </Link>
      }
      style={{ maxWidth: 880 }}
      styles={{ body: { padding: isMobile ? 16 : 28 } }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        Add someone who brings items to the store. They can sign in later with this e-mail through Forgot password, or you can send them a reset from their page.
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="add-consigner-error" />}
      <Form<AddConsignerValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ payoutType: payoutOptions[0], routingType: 'abaNumber', chargeTax: false, marketplaceLocation: false }}
        disabled={create.isPending}
        onFinish={() => void submit()}
        data-testid="add-consigner-form"
      >
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          <Typography.Text strong>Profile</Typography.Text>
        </Divider>
        <ProfileFields rule={rule} />

        <Divider titlePlacement="start" plain>
          <Typography.Text strong>Fees</Typography.Text>
        </Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label="Account type"
              name="accountType"
              extra={defaultType ? `Empty: the store's default, ${defaultType.accountType} (${defaultType.fees})` : 'The fee schedule of their items'}
            >
              <Select
                allowClear
                loading={types.isPending}
                placeholder={defaultType ? `${defaultType.accountType} (default)` : 'Store default'}
                options={choices.map((c) => ({ value: c.accountType, label: `${c.accountType} · ${c.fees}` }))}
                data-testid="account-type-select"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            {/* a switch is always on or off: no "(optional)" mark (required marks nothing in this form) */}
            <Flex gap={32}>
              <Form.Item label="Charge VAT" name="chargeTax" valuePropName="checked" required>
                <Switch data-testid="add-vat-switch" />
              </Form.Item>
              <Form.Item label="Marketplace access" name="marketplaceLocation" valuePropName="checked" required>
                <Switch data-testid="add-marketplace-switch" />
              </Form.Item>
            </Flex>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          <Typography.Text strong>Payout</Typography.Text>
        </Divider>
        <PayoutFields
          rule={rule}
          payoutOptions={payoutOptions}
          payoutType={payoutType}
          routingType={routingType}
          bankFields={bankFields}
          emailHelp="Their payouts go to this account."
        />

        <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
          <Link to="/consigners">
            <Button>Cancel</Button>
          </Link>
          <Button type="primary" htmlType="submit" loading={create.isPending} icon={<UserAddOutlined />} data-testid="submit-consigner">
            Add {word.toLowerCase()}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
