import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';

/** The confirm field's rule: it must repeat the password field (antd re-checks it when the password changes). */
export const matchesPassword: FormRule = ({ getFieldValue }) => ({
  validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('Passwords do not match'))),
});

type PasswordValues = { password: string; confirmPassword?: string };

/**
 * The password form of the public pages (employee invitation, consigner invitation, reset password):
 * the invited e-mail read-only when there is one, the password, its confirmation when a new password
 * is chosen, and one submit button. It is disabled while the submit runs and shows why it failed above.
 */
export function PasswordForm(props: {
  email?: string;
  password: { label: string; required: string };
  /** Asked for a new password; an existing one (signing in) has none. */
  confirm?: { label: string; required: string };
  submitText: string;
  failureTestId?: string;
  onSubmit: (password: string) => Promise<void>;
}) {
  const { email, password, confirm, submitText, failureTestId, onSubmit } = props;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onFinish = async (values: PasswordValues) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit(values.password);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const autoComplete = confirm ? 'new-password' : 'current-password';
  return (
    <>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid={failureTestId} />}
      <Form<PasswordValues> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={saving}>
        {email !== undefined && (
          <Form.Item label="Email">
            <Input prefix={<MailOutlined />} size="large" value={email} readOnly data-testid="invite-email" />
          </Form.Item>
        )}
        <Form.Item label={password.label} name="password" rules={[{ required: true, message: password.required }]}>
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete={autoComplete} />
        </Form.Item>
        {confirm && (
          <Form.Item label={confirm.label} name="confirmPassword" dependencies={['password']} rules={[{ required: true, message: confirm.required }, matchesPassword]}>
            <Input.Password prefix={<LockOutlined />} size="large" autoComplete={autoComplete} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={saving}>
          {submitText}
        </Button>
      </Form>
    </>
  );
}
