import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Result } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { acceptInvite, useInvalidateAuth, useInvite } from './auth.api';
import { getStoreHandle, setStoreHandle } from '../../shared/storage';

interface InviteForm {
  password: string;
  confirmPassword: string;
}

/** An employee accepts an invite: creates a sign-in for the invited e-mail, then links it (spec 4, Employee). */
export default function InvitePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Links of stores without a domain of their own carry the store handle (`&store=`): pick that store.
  const storeParam = params.get('store');
  const switchingStore = !!storeParam && getStoreHandle() !== storeParam;
  useEffect(() => {
    if (!switchingStore || !storeParam) return;
    setStoreHandle(storeParam);
    window.location.reload();
  }, [switchingStore, storeParam]);
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuth();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const invite = useInvite(id, token, !switchingStore);

  if (invite.isPending || switchingStore) return <FullPageSpinner />;
  if (invite.isError || !invite.data) {
    return (
      <PublicLayout title="Invitation">
        <Result
          status="warning"
          title="This invitation is not valid"
          subTitle={invite.error ? errorMessage(invite.error) : 'Ask the store owner to send a new invite.'}
          extra={<Link to="/login">Go to sign in</Link>}
          style={{ padding: 0 }}
        />
      </PublicLayout>
    );
  }
  const employee = invite.data;

  const onFinish = async (values: InviteForm) => {
    setSaving(true);
    setFailure(null);
    try {
      const name = [employee.firstName, employee.lastName].filter(Boolean).join(' ') || employee.email;
      let userId: string | undefined;
      try {
        const created = await authCall((await getAuthClient()).signUp.email({ email: employee.email, password: values.password, name }));
        userId = created?.user?.id;
      } catch (signUpError) {
        // The invited e-mail may already have a sign-in (e.g. staff of another store): use it.
        const signedIn = await authCall((await getAuthClient()).signIn.email({ email: employee.email, password: values.password })).catch(
          () => {
            throw signUpError;
          },
        );
        userId = signedIn?.user?.id;
      }
      if (!userId) throw new Error('Could not create your sign-in');
      await acceptInvite(id, token, userId);
      message.success('Welcome aboard! Your account is ready.', 4);
      const session = await (await getAuthClient()).getSession();
      await invalidateAuth();
      navigate(session.data ? '/' : '/login', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PublicLayout title="Join your team" subtitle="Choose a password to accept the invitation.">
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<InviteForm> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={saving}>
        <Form.Item label="Email">
          <Input prefix={<MailOutlined />} size="large" value={employee.email} readOnly data-testid="invite-email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please choose a password' }]}>
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" />
        </Form.Item>
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
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={saving}>
          Accept invitation
        </Button>
      </Form>
    </PublicLayout>
  );
}
