import { App, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { acceptConsignerInvite, useConsignerInvite, useInvalidateAuth } from './auth.api';
import { InvalidInvite, useInviteLink } from './invite-link';
import { PasswordForm } from './PasswordForm';

/**
 * A consigner invitation (docs/security.md "Identity model"): the store added someone whose address
 * already has a Backroom sign-in. They sign in with it here, and accepting links the store's record to
 * it; the server refuses anyone but the verified invited address.
 */
export default function ConsignerInvitePage() {
  const { id, token, switchingStore } = useInviteLink();
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuth();
  const { message } = App.useApp();
  const invite = useConsignerInvite(id, token, !switchingStore);

  if (invite.isPending || switchingStore) return <FullPageSpinner />;
  if (invite.isError || !invite.data) return <InvalidInvite error={invite.error} fallback="Ask the store to send a new invitation." />;
  const data = invite.data;

  const accept = async (password: string) => {
    await authCall((await getAuthClient()).signIn.email({ email: data.email, password }));
    await acceptConsignerInvite(id, token);
    message.success(`Welcome to ${data.storeName}!`, 4);
    await invalidateAuth();
    navigate('/', { replace: true });
  };

  return (
    <PublicLayout title={`Join ${data.storeName}`} subtitle="Sign in with your Backroom password to sell with this store.">
      <PasswordForm
        email={data.email}
        password={{ label: 'Password', required: 'Please enter your password' }}
        submitText="Accept invitation"
        failureTestId="invite-failure"
        onSubmit={accept}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        Not you, or you do not want to join? Ignore the invitation: nothing changes for your sign-in. <Link to="/forgot">Forgot your password?</Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
