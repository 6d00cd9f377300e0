import { Button, Result } from 'antd';
import { LogoutOutlined, StopOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router';
import { PEOPLE_MESSAGES } from '@backroom/domain';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useCurrentStore } from '../store/store.api';
import { useMe, useSignOut } from './auth.api';
import { SUPPORT_EMAIL_KEY } from '../../shared/storage';

export default function DisabledAccountPage() {
  const me = useMe();
  const store = useCurrentStore();
  const signOut = useSignOut();
  const navigate = useNavigate();

  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.status !== 'signedIn') return <Navigate to="/login" replace />;
  const user = me.data.user;
  if (user.emailVerified && user.isActive) return <Navigate to="/" replace />;

  const email = store?.supportEmail || localStorage.getItem(SUPPORT_EMAIL_KEY) || '';
  return (
    <PublicLayout title="Account disabled" width={520}>
      <Result
        status="warning"
        icon={<StopOutlined style={{ color: '#d4380d' }} />}
        style={{ padding: 0 }}
        subTitle={<span data-testid="disabled-text">{PEOPLE_MESSAGES.accountDisabled(email)}</span>}
        extra={
          <Button
            icon={<LogoutOutlined />}
            loading={signOut.isPending}
            onClick={() => signOut.mutate({}, { onSettled: () => navigate('/login', { replace: true }) })}
          >
            Logout
          </Button>
        }
      />
    </PublicLayout>
  );
}
