import { Card, Typography } from 'antd';
import type { Product } from './products.api';
import { ProductImage } from './ProductImage';
import { productPrice } from './product-format';

/** A card of the product search grid: image, title and price (spec 2, Products search). */
export function ProductCard({
  product,
  currency,
  onOpen,
  onHover,
}: {
  product: Product;
  currency: string | null | undefined;
  onOpen: (product: Product) => void;
  onHover?: (product: Product) => void;
}) {
  const price = productPrice(product.price, currency);
  return (
    <Card
      hoverable
      data-testid="product-card"
      role="button"
      tabIndex={0}
      aria-label={product.title}
      onClick={() => onOpen(product)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(product);
        }
      }}
      onMouseEnter={() => onHover?.(product)}
      onFocus={() => onHover?.(product)}
      styles={{ body: { padding: 12 } }}
      style={{ height: '100%', overflow: 'hidden' }}
      cover={
        <div style={{ aspectRatio: '1 / 1', padding: 12, background: '#fff' }}>
          <ProductImage src={product.image} alt={product.title} rounded={6} style={{ background: '#fafbfc' }} />
        </div>
      }
    >
      <Typography.Paragraph strong ellipsis={{ rows: 2, tooltip: product.title }} style={{ marginBottom: 4, minHeight: 44, lineHeight: '22px' }}>
        {product.title}
      </Typography.Paragraph>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {[product.brand, product.sku].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Typography.Text strong style={{ display: 'block', marginTop: 6, fontSize: 16 }} data-testid="product-card-price">
        {price || <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>No price yet</Typography.Text>}
      </Typography.Text>
    </Card>
  );
}
