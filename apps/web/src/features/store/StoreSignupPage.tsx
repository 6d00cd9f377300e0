import { useState } from 'react';
import { Alert, App, Button, Form, Input, Result, Tabs, Typography } from 'antd';
import { GlobalOutlined, MailOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { ApiError, errorMessage } from '../../shared/api';
import { setStoreHandle, SUPPORT_EMAIL_KEY } from '../../shared/storage';
import { findStoreByHandle, useCreateStore } from './store.api';

import { PEOPLE_MESSAGES, ZStoreHandleLogin, ZStoreSignup } from '@backroom/domain';

function StoreLoginTab() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ handle }: { handle?: string }) => {
    setError(null);
    const parsed = ZStoreHandleLogin.safeParse({ handle: handle ?? '' });
    if (!parsed.success) {
      setError(PEOPLE_MESSAGES.invalidHandle);
      return;
    }
    const wanted = parsed.data.handle;
    setBusy(true);
    try {
      const store = await findStoreByHandle(wanted);
      setStoreHandle(store.handle);
      if (store.supportEmail) localStorage.setItem(SUPPORT_EMAIL_KEY, store.supportEmail);
      await queryClient.invalidateQueries();
      navigate('/login');
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? PEOPLE_MESSAGES.handleNotFound : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form name="storeLogin" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="store-login-error" />}
      <Form.Item label="Store handle" name="handle" extra="The short name of your store, e.g. demo">
        <Input prefix={<ShopOutlined />} size="large" placeholder="your-store" autoCapitalize="none" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        Continue
      </Button>
    </Form>
  );
}

/** After the sign-up: where the invite went; in development without SMTP, the link itself (docs/first-hour.md). */
function SignupDone({ email, devInviteLink }: { email: string; devInviteLink: string | null }) {
  return (
    <Result
      status="success"
      title={devInviteLink ? 'Your store is ready' : PEOPLE_MESSAGES.checkEmail}
      subTitle={devInviteLink ? `The invite for ${email} is in this server's outbox.` : `We sent an invite to ${email}.`}
      style={{ padding: 0 }}
      extra={
        devInviteLink ? (
          <Alert
            type="info"
            showIcon
            data-testid="dev-invite"
            title="No e-mail was sent: this server has no SMTP configured (development)"
            description={
              <>
                <Typography.Paragraph style={{ marginBottom: 8 }}>Follow your invite here to choose a password and open your back office:</Typography.Paragraph>
                <Button type="primary" href={devInviteLink} block>
                  Open my invite
                </Button>
              </>
            }
            style={{ textAlign: 'left' }}
          />
        ) : undefined
      }
    />
  );
}

function StoreCreateTab() {
  const { message } = App.useApp();
  const create = useCreateStore();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; devInviteLink: string | null } | null>(null);

  if (done) return <SignupDone email={done.email} devInviteLink={done.devInviteLink} />;

  const onFinish = (values: { name?: string; ownerName?: string; email?: string; handle?: string }) => {
    setError(null);
    const parsed = ZStoreSignup.safeParse({ name: values.name ?? '', ownerName: values.ownerName ?? '', email: values.email ?? '', handle: values.handle ?? '' });
    if (!parsed.success || !parsed.data.ownerName) {
      setError(PEOPLE_MESSAGES.invalidStoreSignup);
      return;
    }
    const input = parsed.data;
    create.mutate(input, {
      onSuccess: (result) => {
        // an earlier failure's toast ("This handle is already taken") must not sit over the success
        message.destroy();
        message.success(PEOPLE_MESSAGES.checkEmail, 5);
        setDone({ email: input.email, devInviteLink: result.devInviteLink });
      },
      // Spec 8: store creation failure shows the server's answer as an error toast.
      onError: (e) => message.error(errorMessage(e), 5),
    });
  };

  return (
    <Form name="storeSignup" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={create.isPending}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="store-signup-error" />}
      <Form.Item label="Company name" name="name">
        <Input prefix={<ShopOutlined />} size="large" placeholder="My Consignment Shop" />
      </Form.Item>
      <Form.Item label="Your name" name="ownerName">
        <Input prefix={<UserOutlined />} size="large" placeholder="Jo Marsh" autoComplete="name" />
      </Form.Item>
      <Form.Item label="Email" name="email">
        <Input prefix={<MailOutlined />} size="large" placeholder="owner@example.com" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Handle" name="handle" extra="Letters, digits, dashes and underscores">
        <Input prefix={<GlobalOutlined />} size="large" placeholder="my-shop" autoCapitalize="none" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={create.isPending}>
        Create store
      </Button>
    </Form>
  );
}

export default function StoreSignupPage() {
  return (
    <PublicLayout neutral title="Welcome to Backroom" subtitle="Sign in to your store, or open a new one for free." width={460}>
      <Tabs
        defaultActiveKey="login"
        centered
        items={[
          { key: 'login', label: 'Login', children: <StoreLoginTab /> },
          { key: 'signup', label: 'Signup', children: <StoreCreateTab /> },
        ]}
      />
    </PublicLayout>
  );
}
