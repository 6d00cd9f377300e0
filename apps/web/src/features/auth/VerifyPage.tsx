import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Result, Typography } from 'antd';
import { CheckCircleOutlined, LogoutOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { getCookie, setCookie, VERIFY_SENT_COOKIE } from '../../shared/storage';
import { sendVerification, useMe, useSession, useSignOut } from './auth.api';

export default function VerifyPage() {
  const session = useSession();
  // The first GET /api/me makes the consigner of this store from the sign-up record; the server
  // mails only an account of this store, so the automatic e-mail waits for that answer.
  const me = useMe();
  const meLoading = me.isPending || me.isFetching;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const autoSent = useRef(false);
  const user = session.data?.user;
  const email = user?.email;

  // Spec 2: the verification e-mail is sent automatically once, on the first visit (kept in a cookie).
  useEffect(() => {
    if (!email || user?.emailVerified || autoSent.current || meLoading) return;
    if (getCookie(VERIFY_SENT_COOKIE) === encodeURIComponent(email)) return;
    autoSent.current = true;
    setCookie(VERIFY_SENT_COOKIE, encodeURIComponent(email), 60 * 60 * 24 * 30);
    sendVerification(email).catch((error: unknown) => message.error(errorMessage(error), 5));
  }, [email, user?.emailVerified, meLoading, message]);

  if (session.isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.emailVerified) return <Navigate to="/signupSplash" replace />;

  const resend = async () => {
    setSending(true);
    try {
      await sendVerification(user.email);
      message.success(`Verification email sent to ${user.email}`, 4);
    } catch (error) {
      message.error(errorMessage(error), 5);
    } finally {
      setSending(false);
    }
  };

  const logout = () =>
    signOut.mutate({}, { onSettled: () => navigate('/login', { replace: true }) });

  return (
    <PublicLayout title="You need to verify your email" width={520}>
      <Result
        icon={<MailOutlined style={{ color: '#1f5fae' }} />}
        style={{ padding: '0 0 8px' }}
        subTitle={
          <Typography.Text type="secondary">
            We sent a verification link to <Typography.Text strong>{user.email}</Typography.Text>. Open it to activate
            your account, then press Confirm.
          </Typography.Text>
        }
      />
      <Flex vertical gap={12}>
        <Button type="primary" size="large" icon={<CheckCircleOutlined />} block onClick={() => window.location.reload()}>
          Confirm
        </Button>
        <Flex gap={12} wrap>
          <Button icon={<ReloadOutlined />} loading={sending} onClick={resend} style={{ flex: 1 }}>
            Resend
          </Button>
          <Button icon={<LogoutOutlined />} loading={signOut.isPending} onClick={logout} style={{ flex: 1 }}>
            Logout
          </Button>
        </Flex>
      </Flex>
    </PublicLayout>
  );
}
