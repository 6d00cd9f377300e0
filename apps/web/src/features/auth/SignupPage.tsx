import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  AutoComplete,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Steps,
  Typography,
} from 'antd';
import { BankOutlined, FileProtectOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { authCall, authClient } from '../../shared/auth-client';
import { NEW_CONSIGNER_COOKIE, setCookie } from '../../shared/storage';
import { useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { useInvalidateAuth, useSession } from './auth.api';
import { TermsText } from './TermsText';
import {
  BANK_ACCOUNT_TYPES,
  PAYOUT_OPTIONS,
  ROUTING_TYPE_LABELS,
  ROUTING_TYPES,
  SOUTH_AFRICAN_BANKS,
} from '@backroom/domain';
import { canSubmitSignup, isBankPayout, signupFieldError, type SignupFormValues, toNewConsigner } from './signup.model';

const STEP_FIELDS: (keyof SignupFormValues)[][] = [
  ['firstName', 'lastName', 'email', 'phone', 'address', 'idNumber', 'password', 'confirmPassword'],
  [
    'payoutType',
    'routingType',
    'accountName',
    'accountNumber',
    'routingNumber',
    'swiftCode',
    'ibanNumber',
    'bank',
    'bankType',
    'payoutEmail',
  ],
  ['acceptTerms'],
];

export default function SignupPage() {
  const session = useSession();
  const store = useCurrentStore();
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuth();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<SignupFormValues>();
  const [step, setStep] = useState(0);
  const [termsOpen, setTermsOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const payoutType = Form.useWatch('payoutType', form);
  const routingType = Form.useWatch('routingType', form);
  const password = Form.useWatch('password', form);
  const confirmPassword = Form.useWatch('confirmPassword', form);

  if (session.isPending) return <FullPageSpinner />;
  if (session.data && !submitting) return <Navigate to="/verify" replace />;

  const payoutOptions: readonly string[] = store?.payoutOptions?.length ? store.payoutOptions : PAYOUT_OPTIONS;
  const bank = isBankPayout(payoutType);

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
      setStep((s) => s + 1);
    } catch {
      // antd shows the messages next to the fields.
    }
  };

  const submit = async () => {
    setFailure(null);
    let values: SignupFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as SignupFormValues;
    } catch {
      // A field of an earlier step may be invalid; take the user to it.
      const errors = form.getFieldsError().filter((f) => f.errors.length > 0);
      const first = errors[0]?.name[0] as keyof SignupFormValues | undefined;
      const at = STEP_FIELDS.findIndex((fields) => first !== undefined && fields.includes(first));
      if (at >= 0) setStep(at);
      return;
    }
    setSubmitting(true);
    try {
      const record = toNewConsigner(values);
      await authCall(
        authClient.signUp.email({
          email: values.email.trim(),
          password: values.password,
          name: `${record.firstName} ${record.lastName}`.trim(),
        }),
      );
      // The server creates the consigner from this cookie on the first GET /api/me (api-foundation).
      setCookie(
        NEW_CONSIGNER_COOKIE,
        encodeURIComponent(JSON.stringify({ ...record, email: values.email.trim() })),
        60 * 60 * 24 * 7,
      );
      await invalidateAuth();
      navigate('/verify', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-up failed'));
      setSubmitting(false);
    }
  };

  // Field rules come from the domain's ZConsignerSignup, so the form and the server agree.
  const rule = (field: keyof SignupFormValues) => [
    {
      validator: async () => {
        const problem = signupFieldError(form.getFieldsValue(true) as Partial<SignupFormValues>, field);
        if (problem) throw new Error(problem);
      },
    },
  ];

  const show = (index: number) => ({ display: step === index ? undefined : 'none' });
  const half = { xs: 24, sm: 12 };

  return (
    <PublicLayout
      title="Create Free Account"
      width={680}
      footer={
        <Typography.Text type="secondary">
          Already have an account? <Link to="/login">Sign in</Link>
        </Typography.Text>
      }
    >
      <Steps
        current={step}
        size="small"
        orientation={isMobile ? 'vertical' : 'horizontal'}
        style={{ marginBottom: 28 }}
        items={[
          { title: 'PROFILE', content: 'Create your seller profile', icon: <UserOutlined /> },
          { title: 'GET PAID', content: 'Link your bank', icon: <BankOutlined /> },
          { title: 'TERMS', content: 'Accept our TOS', icon: <FileProtectOutlined /> },
        ]}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="signup-error" />}
      <Form<SignupFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ payoutType: payoutOptions[0], routingType: 'abaNumber' }}
        disabled={submitting}
      >
        <div style={show(0)} data-testid="step-profile">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item label="First name" name="firstName" required rules={rule('firstName')}>
                <Input autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="Last name" name="lastName" required rules={rule('lastName')}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                label="Email"
                name="email"
                required
                rules={rule('email')}
              >
                <Input autoComplete="email" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                label="Phone"
                name="phone"
                extra="Include the area code"
                required
                rules={rule('phone')}
              >
                <Input autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="Address" name="address" required rules={rule('address')}>
                <Input autoComplete="street-address" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="ID number" name="idNumber">
                <Input />
              </Form.Item>
            </Col>
            <Col {...half} />
            <Col {...half}>
              <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                label="Confirm password"
                name="confirmPassword"
                dependencies={['password']}
                rules={[
                  { required: true, message: 'Please confirm your password' },
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      !value || value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error('Passwords do not match')),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </div>

        <div style={show(1)} data-testid="step-get-paid">
          <Form.Item label="Payout type" name="payoutType" required rules={rule('payoutType')}>
            <Radio.Group optionType="button" buttonStyle="solid" options={payoutOptions.map((o) => ({ value: o, label: o }))} />
          </Form.Item>
          {bank ? (
            <>
              <Form.Item label="Routing type" name="routingType" rules={[{ required: true, message: 'Routing type is required' }]}>
                <Radio.Group options={ROUTING_TYPES.map((value) => ({ value, label: ROUTING_TYPE_LABELS[value] }))} />
              </Form.Item>
              <Row gutter={16}>
                <Col {...half}>
                  <Form.Item label="Account holder name" name="accountName" required rules={rule('accountName')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item label="Bank" name="bank">
                    <AutoComplete
                      options={SOUTH_AFRICAN_BANKS.map((b) => ({ value: b }))}
                      filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
                    />
                  </Form.Item>
                </Col>
                {routingType === 'abaNumber' && (
                  <>
                    <Col {...half}>
                      <Form.Item label="Account number" name="accountNumber" required rules={rule('accountNumber')}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col {...half}>
                      <Form.Item label="Routing number" name="routingNumber" required rules={rule('routingNumber')}>
                        <Input />
                      </Form.Item>
                    </Col>
                  </>
                )}
                {routingType === 'swiftCode' && (
                  <>
                    <Col {...half}>
                      <Form.Item label="SWIFT code" name="swiftCode" required rules={rule('swiftCode')}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col {...half}>
                      <Form.Item
                        label="Account number"
                        name="accountNumber"
                        dependencies={['ibanNumber']}
                        rules={rule('accountNumber')}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col {...half}>
                      <Form.Item label="IBAN" name="ibanNumber" dependencies={['accountNumber']}>
                        <Input />
                      </Form.Item>
                    </Col>
                  </>
                )}
                {routingType === 'ibanNumber' && (
                  <Col {...half}>
                    <Form.Item label="IBAN" name="ibanNumber" required rules={rule('ibanNumber')}>
                      <Input />
                    </Form.Item>
                  </Col>
                )}
                <Col {...half}>
                  <Form.Item label="Account type" name="bankType">
                    <Select allowClear options={BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: t }))} />
                  </Form.Item>
                </Col>
              </Row>
            </>
          ) : (
            <Form.Item
              label={`${payoutType ?? 'Payout'} account email`}
              name="payoutEmail"
              extra="We send your payouts to this account."
              required
              rules={rule('payoutEmail')}
            >
              <Input />
            </Form.Item>
          )}
          <Alert
            type="info"
            showIcon
            title="Bank information cannot be changed after submission. Contact the store to update it later."
          />
        </div>

        <div style={show(2)} data-testid="step-terms">
          <SignupSummary form={form} />
          <Form.Item
            name="acceptTerms"
            valuePropName="checked"
            rules={[
              {
                validator: (_, value) =>
                  value ? Promise.resolve() : Promise.reject(new Error('Please accept the Terms & Conditions')),
              },
            ]}
          >
            <Checkbox>
              I have read and accept the{' '}
              <Typography.Link
                onClick={(e) => {
                  e.preventDefault();
                  setTermsOpen(true);
                }}
              >
                Terms & Conditions
              </Typography.Link>
            </Checkbox>
          </Form.Item>
        </div>
      </Form>

      <Flex justify="space-between" gap={12} style={{ marginTop: 24 }}>
        <Button onClick={() => setStep((s) => s - 1)} disabled={step === 0 || submitting}>
          Back
        </Button>
        {step < 2 ? (
          <Button type="primary" onClick={next}>
            Next
          </Button>
        ) : (
          <Button type="primary" onClick={submit} loading={submitting} disabled={!canSubmitSignup(password, confirmPassword)}>
            Sign Up
          </Button>
        )}
      </Flex>

      <Modal
        title="Terms & Conditions"
        open={termsOpen}
        onCancel={() => setTermsOpen(false)}
        footer={
          <Button
            type="primary"
            onClick={() => {
              form.setFieldValue('acceptTerms', true);
              setTermsOpen(false);
            }}
          >
            I accept
          </Button>
        }
      >
        <TermsText text={store?.termsOfService} />
      </Modal>
    </PublicLayout>
  );
}

function SignupSummary({ form }: { form: ReturnType<typeof Form.useForm<SignupFormValues>>[0] }) {
  const values = form.getFieldsValue(true) as SignupFormValues;
  const bank = isBankPayout(values.payoutType);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 20 }}
      items={[
        { key: 'name', label: 'Name', children: `${values.firstName ?? ''} ${values.lastName ?? ''}`.trim() },
        { key: 'email', label: 'Email', children: values.email },
        {
          key: 'payout',
          label: 'Payout',
          children: bank ? `Bank · ${values.accountName ?? ''}` : `${values.payoutType ?? ''} · ${values.payoutEmail ?? ''}`,
        },
      ]}
    />
  );
}
