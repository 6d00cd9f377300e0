import { App } from 'antd';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { acceptInvite, useInvalidateAuth, useInvite } from './auth.api';
import { InvalidInvite, useInviteLink } from './invite-link';
import { PasswordForm } from './PasswordForm';

/** An employee accepts an invite: creates a sign-in for the invited e-mail, then links it (spec 4, Employee). */
export default function InvitePage() {
  const { id, token, switchingStore } = useInviteLink();
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuth();
  const { message } = App.useApp();

  const invite = useInvite(id, token, !switchingStore);

  if (invite.isPending || switchingStore) return <FullPageSpinner />;
  if (invite.isError || !invite.data) return <InvalidInvite error={invite.error} fallback="Ask the store owner to send a new invite." />;
  const employee = invite.data;

  const accept = async (password: string) => {
    const name = [employee.firstName, employee.lastName].filter(Boolean).join(' ') || employee.email;
    let userId: string | undefined;
    try {
      const created = await authCall((await getAuthClient()).signUp.email({ email: employee.email, password, name }));
      userId = created?.user?.id;
    } catch (signUpError) {
      // The invited e-mail may already have a sign-in (e.g. staff of another store): use it.
      const signedIn = await authCall((await getAuthClient()).signIn.email({ email: employee.email, password })).catch(() => {
        throw signUpError;
      });
      userId = signedIn?.user?.id;
    }
    if (!userId) throw new Error('Could not create your sign-in');
    await acceptInvite(id, token, userId);
    message.success('Welcome aboard! Your account is ready.', 4);
    const session = await (await getAuthClient()).getSession();
    await invalidateAuth();
    navigate(session.data ? '/' : '/login', { replace: true });
  };

  return (
    <PublicLayout title="Join your team" subtitle="Choose a password to accept the invitation.">
      <PasswordForm
        email={employee.email}
        password={{ label: 'Password', required: 'Please choose a password' }}
        confirm={{ label: 'Confirm password', required: 'Please confirm your password' }}
        submitText="Accept invitation"
        onSubmit={accept}
      />
    </PublicLayout>
  );
}
