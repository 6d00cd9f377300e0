import { Link } from 'react-router';
import { Card, Flex, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { Product } from './products.api';
import { ProductImage } from './ProductImage';
import { productPrice } from './product-format';
import './products.css';

/** A card of the product search grid: image, title and price (spec 2, Products search). */
export function ProductCard({
  product,
  currency,
  onOpen,
  onHover,
  detailsLink = false,
}: {
  product: Product;
  currency: string | null | undefined;
  onOpen: (product: Product) => void;
  onHover?: (product: Product) => void;
  /** A Details link to the product page (/products/{id}) when a click on the card does something else. */
  detailsLink?: boolean;
}) {
  const price = productPrice(product.price, currency);
  return (
    <Card
      hoverable
      data-testid="product-card"
      // a click anywhere on the card opens it (spec 2); the keyboard reaches it through the title below
      onClick={() => onOpen(product)}
      onMouseEnter={() => onHover?.(product)}
      styles={{ body: { padding: 12 } }}
      style={{ height: '100%', overflow: 'hidden' }}
      cover={
        <div style={{ aspectRatio: '1 / 1', padding: 12, background: '#fff' }}>
          <ProductImage src={product.image} alt={product.title} rounded={6} style={{ background: '#fafbfc' }} />
        </div>
      }
    >
      <div
        role="button"
        tabIndex={0}
        className="br-product-card-open"
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onOpen(product);
          }
        }}
        onFocus={() => onHover?.(product)}
      >
        <Typography.Paragraph strong ellipsis={{ rows: 2, tooltip: product.title }} style={{ marginBottom: 4, minHeight: 44, lineHeight: '22px' }}>
          {product.title}
        </Typography.Paragraph>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {[product.brand, product.sku].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
      <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 6 }}>
        <Typography.Text strong style={{ fontSize: 16 }} data-testid="product-card-price">
          {price || <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>No price yet</Typography.Text>}
        </Typography.Text>
        {detailsLink && (
          // the product page: details, GTINs, merge, resync and its items (spec 2, Product item)
          <Link
            to={`/products/${product.id}`}
            onClick={(e) => e.stopPropagation()}
            aria-label={`Details of ${product.title}`}
            className="br-product-card-details"
            data-testid="product-card-details"
          >
            <InfoCircleOutlined /> Details
          </Link>
        )}
      </Flex>
    </Card>
  );
}
