import { Card, Col, Descriptions, Flex, Row, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined, ShopOutlined } from '@ant-design/icons';
import { AREAS, type MenuItem, type SignedInUser } from '@backroom/domain';
import { useCurrentStore } from '../store/store.api';
import { useDocumentTitle } from '../../shared/hooks';
import { useGreeting } from './greeting';

/** Staff home until the product search (a later issue) takes this route. */
export default function StaffHomePage({ user }: { user: SignedInUser; menu: readonly MenuItem[] }) {
  const store = useCurrentStore();
  const greeting = useGreeting(user.id);
  useDocumentTitle('Home');
  const areas = user.accessControls ?? [...AREAS];
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Card
        style={{ background: 'linear-gradient(120deg, #1f5fae 0%, #0f2136 100%)', border: 0 }}
        styles={{ body: { padding: 'clamp(20px, 4vw, 32px)' } }}
      >
        <Typography.Title level={2} style={{ color: '#fff', margin: 0 }} data-testid="welcome-title">
          {greeting}, {user.firstName || user.name}
        </Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.8)', margin: '8px 0 0', fontSize: 16 }}>
          You are signed in to the {store?.name ?? 'store'} back office. Use the menu to reach the areas you can work in.
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={<><SafetyCertificateOutlined /> Your access</>} style={{ height: '100%' }}>
            <Typography.Paragraph type="secondary">
              {user.role === 'Admin' ? 'Administrator of this store.' : 'Store employee.'}{' '}
              {user.accessControls ? 'You can work in these areas:' : 'You can work in every area.'}
            </Typography.Paragraph>
            <Flex wrap gap={8} data-testid="access-areas">
              {areas.map((area) => (
                <Tag key={area} color="blue">
                  {area}
                </Tag>
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={<><ShopOutlined /> Store</>} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: 'Name', children: store?.name },
                { key: 'handle', label: 'Handle', children: store?.handle },
                { key: 'support', label: 'Support e-mail', children: store?.supportEmail || '—' },
                { key: 'currency', label: 'Currency', children: store?.currency || '—' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
