import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { getStoreHandle } from '../../shared/storage';
import { authKeys, fetchMe, signIn, signOutEverywhere, useMe } from './auth.api';

interface LoginForm {
  email: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;

  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.status === 'signedIn' && !submitting) return <Navigate to="/" replace />;

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await signIn(values);
      const state = await fetchMe();
      queryClient.setQueryData(authKeys.me(getStoreHandle()), state);
      await queryClient.invalidateQueries({ queryKey: authKeys.session });
      if (state.status === 'signedOut' && state.reason !== 'noSession') {
        // Signed in with the provider, but this store has no account for it: treated as logged out.
        await signOutEverywhere();
        queryClient.setQueryData(authKeys.me(getStoreHandle()), { status: 'signedOut', reason: 'noSession' });
        setFailure(state.message ?? 'No account for this user');
        return;
      }
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-in failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout
      title="Welcome back"
      subtitle="Sign in to manage your inventory from the dashboard."
    >
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form<LoginForm>
        layout="vertical"
        requiredMark={false}
        initialValues={{ remember: true }}
        onFinish={onFinish}
        disabled={submitting}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter your email' },
            { type: 'email', message: 'Please enter a valid email' },
          ]}
        >
          <Input prefix={<MailOutlined />} placeholder="you@example.com" autoComplete="email" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="Password" autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 20 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Link to="/forgot">Forgot password?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          Sign in
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          Don&apos;t have an account? <Link to="/signup">Sign up</Link>
        </Typography.Text>
      </Flex>
    </PublicLayout>
  );
}
