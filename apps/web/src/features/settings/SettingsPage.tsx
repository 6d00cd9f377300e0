import { useCallback } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { hasArea, isAdmin, type SignedInUser } from '@backroom/domain';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useSignOut } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { IntegrationsCard } from './IntegrationsCard';
import { ShopifyCard } from './ShopifyCard';
import { StoreSettingsForm } from './StoreSettingsForm';

/**
 * /settings (people doc section 2, Store settings): title and Logout for every staff member; the
 * subtitle and the form only with Settings access (the route guard lets the screen decide). Without
 * it the page is theirs, not an empty form's frame: who they are signed in as, what they may do, and
 * who keeps the store's settings (docs/people.md "Settings without the Settings area").
 */
export default function SettingsPage({ user }: { user: SignedInUser }) {
  useDocumentTitle('Settings');
  const store = useCurrentStore();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // Spec 2: Logout clears the stored store handle and support e-mail, then signs out.
  const logout = useCallback(() => signOut.mutate({ clearStore: true }, { onSettled: () => navigate('/login', { replace: true }) }), [signOut, navigate]);
  const canEdit = hasArea(user.accessControls, 'Settings');
  const isMobile = useIsMobile();

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1180 }}>
      <Flex justify="space-between" align="flex-start" gap={12}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Settings
          </Typography.Title>
          {canEdit && <Typography.Text type="secondary">Edit admin settings here</Typography.Text>}
        </div>
        <Button icon={<LogoutOutlined />} onClick={logout} loading={signOut.isPending} data-testid="settings-logout">
          Logout
        </Button>
      </Flex>
      {!canEdit && <YourAccount user={user} />}
      {canEdit && store && <StoreSettingsForm storeId={store.id} withIntegrations={isAdmin(user)} />}
      {/* Outside the store form (its own saves); credentials are for Admins only. In the form's column. */}
      {canEdit && isAdmin(user) && (
        <Flex vertical gap={16} style={{ marginRight: isMobile ? 0 : 224 }}>
          <IntegrationsCard />
          <ShopifyCard />
        </Flex>
      )}
    </Flex>
  );
}

/** What a staff member without Settings finds here: their sign-in and access, and who keeps the settings. */
function YourAccount({ user }: { user: SignedInUser }) {
  return (
    <Card title="Your account" style={{ maxWidth: 640 }} data-testid="settings-account">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Name', children: user.name },
          { key: 'email', label: 'E-mail', children: user.email },
          { key: 'role', label: 'Role', children: user.role === 'Admin' ? 'Administrator' : 'Employee' },
          {
            key: 'areas',
            label: 'Areas',
            children: (
              <Flex wrap gap={6}>
                {(user.accessControls ?? []).map((area) => (
                  <Tag key={area} color="blue" style={{ marginInlineEnd: 0 }}>
                    {area}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      <Alert type="info" showIcon style={{ marginTop: 12 }} title="The store's settings are kept by staff with Settings access. Ask a store Admin to change them." />
    </Card>
  );
}
