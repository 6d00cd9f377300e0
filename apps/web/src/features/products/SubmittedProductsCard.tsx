import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, List, Tag, Typography } from 'antd';
import { CheckOutlined, InboxOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDateShort } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { ProductImage } from './ProductImage';
import { useSubmittedProducts, type SubmittedProduct } from './products.api';
import { useDebouncedValue } from './useDebouncedValue';

/** Consigners' submissions waiting to become products, each with Fill. */
export function SubmittedProductsCard({ onFill, activeId }: { onFill: (s: SubmittedProduct) => void; activeId: string | null }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const submitted = useSubmittedProducts(debounced);
  const rows = submitted.data ?? [];
  return (
    <Card title={<><InboxOutlined /> Submitted products</>} extra={rows.length > 0 && <Tag>{rows.length}</Tag>} styles={{ body: { paddingTop: 12 } }}>
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: '#8c95a3' }} />}
        placeholder="Search submitted products"
        aria-label="Search submitted products"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {submitted.isError ? (
        <Alert type="error" showIcon title={errorMessage(submitted.error)} />
      ) : (
        <List
          loading={submitted.isPending}
          dataSource={rows}
          rowKey="id"
          style={{ maxHeight: 560, overflowY: 'auto' }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={debounced.trim() ? 'No submission matches this search.' : 'Products that consigners submit for review show up here.'}
              />
            ),
          }}
          renderItem={(s) => (
            <List.Item
              data-testid="submitted-product"
              actions={[
                <Button key="fill" size="small" type={activeId === s.id ? 'primary' : 'default'} icon={activeId === s.id ? <CheckOutlined /> : undefined} onClick={() => onFill(s)}>
                  {activeId === s.id ? 'Filled' : 'Fill'}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<ProductImage src={s.image} alt={s.title} size={44} />}
                title={<Typography.Text ellipsis={{ tooltip: s.title }}>{s.title}</Typography.Text>}
                description={
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[s.brand, s.sku].filter(Boolean).join(' · ') || 'No brand or SKU given'} · {formatDateShort(s.createdAt)}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
