import { Checkbox, Descriptions, Form, Typography, type FormInstance } from 'antd';
import { isBankPayout } from '../../shared/bank-form';
import type { SignupFormValues } from './signup.model';

/** Step TERMS: a summary of what was entered and the Terms & Conditions checkbox. */
export function SignupTermsStep({ hidden, form, onShowTerms }: { hidden: boolean; form: FormInstance<SignupFormValues>; onShowTerms: () => void }) {
  return (
    <div style={{ display: hidden ? 'none' : undefined }} data-testid="step-terms">
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
              onShowTerms();
            }}
          >
            Terms & Conditions
          </Typography.Link>
        </Checkbox>
      </Form.Item>
    </div>
  );
}

function SignupSummary({ form }: { form: FormInstance<SignupFormValues> }) {
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
