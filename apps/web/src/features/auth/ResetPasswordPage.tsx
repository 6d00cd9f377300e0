import { App, Button, Result } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PEOPLE_MESSAGES } from '@backroom/domain';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { PasswordForm } from './PasswordForm';

/** Target of the e-mailed reset link: better-auth redirects here with `?token=` (or `?error=`). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
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

  const reset = async (password: string) => {
    await authCall((await getAuthClient()).resetPassword({ newPassword: password, token }));
    message.success(PEOPLE_MESSAGES.passwordUpdated, 4);
    navigate('/login', { replace: true });
  };

  return (
    <PublicLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <PasswordForm
        password={{ label: 'New password', required: 'Please enter a new password' }}
        confirm={{ label: 'Confirm new password', required: 'Please confirm your new password' }}
        submitText="Set new password"
        onSubmit={reset}
      />
    </PublicLayout>
  );
}
