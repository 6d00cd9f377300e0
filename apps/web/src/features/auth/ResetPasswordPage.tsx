import { useState } from 'react';
import { Alert, App, Button, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PEOPLE_MESSAGES } from '@backroom/domain';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { errorMessage } from '../../shared/api';
import { authCall, getAuthClient } from '../../shared/auth-client';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

/** Target of the e-mailed reset link: better-auth redirects here with `?token=` (or `?error=`). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const token = params.get('token');
  const linkError = params.get('error');

  if (!token || linkError) {
    return (
      <PublicLayout title="Reset Password">
        <Result
          status="warning"
          title="This reset link is invalid or has expired"
          subTitle="Request a new link and use it within the hour."
          extra={
            <Link to="/forgot">
              <Button type="primary">Send a new link</Button>
            </Link>
          }
          style={{ padding: 0 }}
        />
      </PublicLayout>
    );
  }

  const onFinish = async (values: ResetForm) => {
    setSaving(true);
    setFailure(null);
    try {
      await authCall((await getAuthClient()).resetPassword({ newPassword: values.password, token }));
      message.success(PEOPLE_MESSAGES.passwordUpdated, 4);
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PublicLayout title="Reset Password" subtitle="Choose a new password for your account.">
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<ResetForm> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={saving}>
        <Form.Item label="New password" name="password" rules={[{ required: true, message: 'Please enter a new password' }]}>
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Please confirm your new password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('Passwords do not match')),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={saving}>
          Set new password
        </Button>
      </Form>
    </PublicLayout>
  );
}
