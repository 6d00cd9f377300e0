import { Card, Flex, Steps, Typography } from 'antd';
import { AppstoreAddOutlined, CarOutlined, WalletOutlined } from '@ant-design/icons';
import { consignerWord, type SignedInUser } from '@backroom/domain';
import { useCurrentStore } from '../store/store.api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';

/** Consigner home until the product screens (a later issue) take this route. */
export default function ConsignerHomePage({ user }: { user: SignedInUser }) {
  const store = useCurrentStore();
  const isMobile = useIsMobile();
  useDocumentTitle('Home');
  const word = consignerWord(store?.isBuyingStore).toLowerCase();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1000 }}>
      <Card
        style={{ background: 'linear-gradient(120deg, #1f5fae 0%, #0f2136 100%)', border: 0 }}
        styles={{ body: { padding: 'clamp(20px, 4vw, 32px)' } }}
      >
        <Typography.Title level={2} style={{ color: '#fff', margin: 0 }} data-testid="welcome-title">
          Welcome, {user.firstName || user.name}
        </Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.8)', margin: '8px 0 0', fontSize: 16 }}>
          This is your {word} portal at {store?.name ?? 'the store'}.
        </Typography.Paragraph>
      </Card>
      <Card title="How it works">
        <Steps
          orientation={isMobile ? 'vertical' : 'horizontal'}
          current={-1}
          items={[
            { title: 'List', content: 'Add all the items you want to consign', icon: <AppstoreAddOutlined /> },
            { title: 'Drop off', content: 'After approval you need to drop off or ship items into the store', icon: <CarOutlined /> },
            { title: 'Get paid', content: 'Keep track of sales and get paid instantly within the platform', icon: <WalletOutlined /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
