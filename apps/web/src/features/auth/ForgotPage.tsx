import { useState } from 'react';
import { App, Button, Form, Input, Result } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router';
import { PEOPLE_MESSAGES } from '@backroom/domain';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { useCurrentStore } from '../store/store.api';
import { useMe } from './auth.api';

export default function ForgotPage() {
  const me = useMe();
  const store = useCurrentStore();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.status === 'signedIn') return <Navigate to="/" replace />;

  const backHref = store?.redirectURL || null;
  const topBar = backHref ? (
    <a href={backHref} data-testid="store-back-link">
      <ArrowLeftOutlined /> Back to {store?.name ?? 'the store'}
    </a>
  ) : (
    <Link to="/login" data-testid="store-back-link">
      <ArrowLeftOutlined /> Back to {store?.name ?? 'the store'}
    </Link>
  );

  const onFinish = async ({ email }: { email: string }) => {
    setSending(true);
    try {
      await authCall((await getAuthClient()).requestPasswordReset({ email: email.trim(), redirectTo: '/reset-password' }));
      message.success(PEOPLE_MESSAGES.emailInstructionsSent(email.trim()), 5);
      setSentTo(email.trim());
    } catch (error) {
      message.error(errorMessage(error), 5);
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicLayout
      topBar={topBar}
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to reset your password."
    >
      {sentTo ? (
        <Result
          status="success"
          title="Check your inbox"
          subTitle={PEOPLE_MESSAGES.emailInstructionsSent(sentTo)}
          extra={<Link to="/login">Back to sign in</Link>}
          style={{ padding: 0 }}
        />
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={onFinish} disabled={sending}>
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, message: 'Please enter your email' },
              { type: 'email', message: 'Please enter a valid email' },
            ]}
          >
            <Input prefix={<MailOutlined />} size="large" autoComplete="email" placeholder="you@example.com" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={sending}>
            Reset Password
          </Button>
          <div style={{ textAlign: 'center', marginTop: 16 }}>
            <Link to="/login">Back to sign in</Link>
          </div>
        </Form>
      )}
    </PublicLayout>
  );
}
