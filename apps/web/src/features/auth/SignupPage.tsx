import { useState } from 'react';
import { Alert, Button, Flex, Form, Modal, Steps, Typography } from 'antd';
import { BankOutlined, FileProtectOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate } from 'react-router';
import { PAYOUT_OPTIONS } from '@backroom/domain';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { NEW_CONSIGNER_COOKIE, setCookie } from '../../shared/storage';
import { useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { useInvalidateAuth, useSession } from './auth.api';
import { TermsText } from './TermsText';
import { canSubmitSignup, signupFieldError, type SignupFormValues, toNewConsigner } from './signup.model';
import { STEP_FIELDS, type FieldRule } from './signup-fields';
import { SignupPayoutStep } from './SignupPayoutStep';
import { SignupProfileStep } from './SignupProfileStep';
import { SignupTermsStep } from './SignupTermsStep';

/** /signup: a consigner's account in three steps (profile, payout, terms), then e-mail verification. */
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
  const bankFields = store?.bankFields ?? 'routing';

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
      const record = toNewConsigner(values, bankFields);
      await authCall(
        (await getAuthClient()).signUp.email({
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
  const rule: FieldRule = (field) => [
    {
      validator: async () => {
        const problem = signupFieldError(form.getFieldsValue(true) as Partial<SignupFormValues>, field, bankFields);
        if (problem) throw new Error(problem);
      },
    },
  ];


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
        <SignupProfileStep hidden={step !== 0} rule={rule} />
        <SignupPayoutStep hidden={step !== 1} rule={rule} payoutOptions={payoutOptions} payoutType={payoutType} routingType={routingType} bankFields={bankFields} />
        <SignupTermsStep hidden={step !== 2} form={form} onShowTerms={() => setTermsOpen(true)} />
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
