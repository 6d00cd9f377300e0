import { Button, Card, Empty, List, Tag, Typography } from 'antd';
import { CopyOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ProductImage } from './ProductImage';
import type { DuplicateProduct } from './products.api';

/** Other products with the same SKU (spec 2, Product item); a click opens one. */
export function DuplicateProductsPanel({
  duplicates,
  onMerge,
}: {
  duplicates: DuplicateProduct[];
  /** offered to staff: merge that duplicate into this product */
  onMerge?: (duplicate: DuplicateProduct) => void;
}) {
  const navigate = useNavigate();
  return (
    <Card
      title={<><CopyOutlined /> Duplicate products</>}
      extra={duplicates.length > 0 && <Tag color="orange">{duplicates.length}</Tag>}
      data-testid="duplicate-products"
      styles={{ body: { paddingTop: duplicates.length ? 4 : 16 } }}
    >
      {duplicates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No other product has this SKU." />
      ) : (
        <List
          dataSource={duplicates}
          rowKey="id"
          renderItem={(d) => (
            <List.Item
              data-testid="duplicate-product"
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(`/products/${d.id}`)}
              actions={
                onMerge
                  ? [
                      <Button
                        key="merge"
                        size="small"
                        icon={<MergeCellsOutlined />}
                        onClick={(e) => {
                          e.stopPropagation();
                          onMerge(d);
                        }}
                      >
                        Merge
                      </Button>,
                    ]
                  : undefined
              }
            >
              <List.Item.Meta
                avatar={<ProductImage src={d.image} alt={d.title} size={40} />}
                title={<Typography.Link ellipsis>{d.title}</Typography.Link>}
                description={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{[d.brand, d.sku].filter(Boolean).join(' · ')}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
