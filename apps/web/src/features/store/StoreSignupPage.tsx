import { useState } from 'react';
import { Alert, App, Button, Form, Input, Result, Tabs } from 'antd';
import { GlobalOutlined, MailOutlined, ShopOutlined } from '@ant-design/icons';
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

function StoreCreateTab() {
  const { message } = App.useApp();
  const create = useCreateStore();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return <Result status="success" title={PEOPLE_MESSAGES.checkEmail} subTitle={`We sent an invite to ${done}.`} style={{ padding: 0 }} />;
  }

  const onFinish = (values: { name?: string; email?: string; handle?: string }) => {
    setError(null);
    const parsed = ZStoreSignup.safeParse({ name: values.name ?? '', email: values.email ?? '', handle: values.handle ?? '' });
    if (!parsed.success) {
      setError(PEOPLE_MESSAGES.invalidStoreSignup);
      return;
    }
    const input = parsed.data;
    create.mutate(input, {
      onSuccess: () => {
        message.success(PEOPLE_MESSAGES.checkEmail, 5);
        setDone(input.email);
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
      <Form.Item label="Email" name="email">
        <Input prefix={<MailOutlined />} size="large" placeholder="owner@example.com" />
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
