import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import type { SignedInUser } from '@backroom/domain';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { ProductInventoryList } from '../../inventory-lists';
import { listingsLabel, productPrice } from '../../products/product-format';
import { ProductImage } from '../../products/ProductImage';
import { ProductLoadState } from '../../products/ProductLoadState';
import { useProduct } from '../../products/products.api';
import { useCurrentStore } from '../../store/store.api';
import '../../../shared/touch.css';

/**
 * The consigner's product item screen (/productItem/{id}; people doc section 2): image, title, SKU and
 * '{n} listings' (their own), then their items of the product in the shared inventory list. No staff
 * actions (Save, Manage GTINS, merge, resync); Create a listing opens the listing wizard.
 */
export default function ConsignerProductItemPage({ user }: { user: SignedInUser }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const product = useProduct(id);
  useDocumentTitle(product.data?.title ?? 'Product');

  if (!product.data) return <ProductLoadState product={product} />;


  const p = product.data;
  const createListing = () => navigate(`/addInventory/${p.id}`);
  const price = productPrice(p.price, store?.currency);
  return (
    <Flex vertical gap={16} className="br-touch" style={{ maxWidth: 1200 }} data-testid="consigner-product-item">
      <Link to="/">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          Products
        </Button>
      </Link>
      <Card styles={{ body: { padding: isMobile ? 16 : 20 } }}>
        <Flex gap={isMobile ? 12 : 20} align={isMobile ? 'stretch' : 'center'} vertical={isMobile}>
          <Flex gap={16} align="center" style={{ flex: 1, minWidth: 0 }}>
            <ProductImage src={p.image} alt={p.title} size={isMobile ? 72 : 96} eager style={{ border: '1px solid #eef0f3' }} />
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={isMobile ? 4 : 3} style={{ margin: 0 }} data-testid="product-title">
                {p.title}
              </Typography.Title>
              <Typography.Text type="secondary" data-testid="product-sku">
                SKU {p.sku}
              </Typography.Text>
              <Flex gap={6} wrap style={{ marginTop: 6 }}>
                <Tag color="blue" data-testid="product-listings-count">
                  {listingsLabel(p.listingCount)}
                </Tag>
                {p.brand && <Tag>{p.brand}</Tag>}
                {price && <Tag>{price}</Tag>}
              </Flex>
            </div>
          </Flex>
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={createListing} block={isMobile} data-testid="create-listing">
            Create a listing
          </Button>
        </Flex>
      </Card>
      <Card
        title={
          <>
            <UnorderedListOutlined /> Your listings
          </>
        }
        styles={{ body: { padding: isMobile ? 10 : 20 } }}
        data-testid="product-listings"
      >
        {p.listingCount === 0 ? (
          <Empty description="You have no listings of this product yet. List one and follow it here.">
            <Button type="primary" icon={<PlusOutlined />} onClick={createListing}>
              Create a listing
            </Button>
          </Empty>
        ) : (
          <ProductInventoryList productId={p.id} consignerId={user.id} />
        )}
      </Card>
    </Flex>
  );
}
