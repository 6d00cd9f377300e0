import { Button, Card, Flex, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api';
import type { useProduct } from './products.api';

/**
 * What a product screen shows before its product is there: a spinner while loading, 'Product not
 * found' for an id that is not (or no longer) in the catalogue, else the error. Null once loaded.
 */
export function ProductLoadState({ product }: { product: ReturnType<typeof useProduct> }) {
  if (product.isPending) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: 360 }}>
        <Spin size="large" tip="Loading product..." data-testid="product-loading">
          <div style={{ width: 120, height: 80 }} />
        </Spin>
      </Flex>
    );
  }
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? 'Product not found' : 'The product could not be loaded'}
          subTitle={missing ? 'It may have been merged into another product or removed from the catalogue.' : errorMessage(product.error)}
          extra={
            <Link to="/">
              <Button type="primary">Back to products</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return null;
}
