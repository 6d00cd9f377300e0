import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { useCurrentStore } from '../store/store.api';

export default function MaintenancePage() {
  const store = useCurrentStore();
  const email = store?.supportEmail;
  return (
    <PublicLayout title="Under maintenance" width={520}>
      <Result
        icon={<ToolOutlined style={{ color: '#f5a623' }} />}
        style={{ padding: 0 }}
        title={`${store?.name ?? 'This store'} is under maintenance`}
        subTitle={
          <>
            We are making some improvements. Please check back soon.
            {email && (
              <>
                {' '}
                Questions? <a href={`mailto:${email}`}>{email}</a>
              </>
            )}
          </>
        }
      />
    </PublicLayout>
  );
}
