import { useEffect, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Dropdown, Flex, Form, Row, Tag, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  BarcodeOutlined,
  CopyOutlined,
  MergeCellsOutlined,
  MoreOutlined,
  PlusOutlined,
  SaveOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { INVENTORY_MESSAGES, currencySymbol } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useProductTemplates } from '../product-templates/productTemplates.api';
import { useCurrentStore } from '../store/store.api';
import { DuplicateProductsPanel } from './DuplicateProductsPanel';
import { GtinEditorModal } from './GtinEditorModal';
import { MergeProductModal } from './MergeProductModal';
import { ProductFields, toProductInput, type ProductFormValues } from './ProductFields';
import { ProductImage } from './ProductImage';
import { ProductLoadState } from './ProductLoadState';
import { ProductListingsArea } from './ProductListingsArea';
import '../../shared/touch.css';
import { duplicateQuery, listingsLabel, productPrice } from './product-format';
import { useJob, useProduct, useResyncProduct, useUpdateProduct, type DuplicateProduct, type ProductDetail } from './products.api';

const SAVE_KEY = 'product-save';

function formValuesOf(p: ProductDetail): ProductFormValues {
  return {
    title: p.title,
    sku: p.sku,
    brand: p.brand,
    category: p.category,
    gender: p.gender,
    productTemplateId: p.productTemplateId ?? undefined,
    imageList: p.imageList.length ? p.imageList : p.image ? [p.image] : [],
    stockXId: p.stockXId,
    shopifyId: p.shopifyId,
    color: p.color,
    year: p.year,
    price: p.price,
  };
}

/** Header: image, title, SKU and '{n} listings' (spec 2, Product item), with the page's actions. */
function ProductHeader({ product, actions }: { product: ProductDetail; actions?: ReactNode }) {
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  return (
    <Card styles={{ body: { padding: isMobile ? 16 : 20 } }}>
      <Flex gap={isMobile ? 12 : 20} align={isMobile ? 'flex-start' : 'center'} vertical={isMobile} wrap={!isMobile} justify="flex-end">
        {/* the title keeps room to breathe; the actions wrap below it when the page is narrow */}
        <Flex gap={16} align="center" style={isMobile ? { minWidth: 0 } : { flex: '1 1 380px', minWidth: 0 }} data-testid="product-header-main">
          <ProductImage src={product.image} alt={product.title} size={isMobile ? 72 : 96} eager style={{ border: '1px solid #eef0f3' }} />
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={isMobile ? 4 : 3} style={{ margin: 0 }} data-testid="product-title">
              {product.title}
            </Typography.Title>
            <Typography.Text type="secondary" copyable={{ text: product.sku, tooltips: ['Copy SKU', 'Copied'] }} data-testid="product-sku">
              SKU {product.sku}
            </Typography.Text>
            <Flex gap={6} wrap style={{ marginTop: 6 }}>
              <Tag color="blue" data-testid="product-listings-count">
                {listingsLabel(product.listingCount)}
              </Tag>
              {product.brand && <Tag>{product.brand}</Tag>}
              {product.price !== null && <Tag>{productPrice(product.price, store?.currency)}</Tag>}
              {product.duplicateProducts.length > 0 && <Tag color="orange">{product.duplicateProducts.length} with the same SKU</Tag>}
            </Flex>
          </div>
        </Flex>
        {actions}
      </Flex>
    </Card>
  );
}

/** Staff: the product item screen with its actions. */
function StaffProductView({ product, onAddInventory }: { product: ProductDetail; onAddInventory: (p: ProductDetail) => void }) {
  const { message, modal, notification } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const templates = useProductTemplates();
  const [form] = Form.useForm<ProductFormValues>();
  const update = useUpdateProduct(product.id);
  const resync = useResyncProduct();
  const [gtinsOpen, setGtinsOpen] = useState(false);
  const [merge, setMerge] = useState<{ open: boolean; preselected: DuplicateProduct | null; key: number }>({ open: false, preselected: null, key: 0 });
  const openMerge = (preselected: DuplicateProduct | null) => setMerge((m) => ({ open: true, preselected, key: m.key + 1 }));
  const [resyncJobId, setResyncJobId] = useState<string | null>(null);
  const resyncJob = useJob<{ synced?: boolean; reason?: string }>(resyncJobId);
  const template = templates.data?.find((t) => t.id === product.productTemplateId);

  // a different product (a duplicate clicked) refills the form
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(product));
  }, [product.id]); // eslint-disable-line react-hooks/exhaustive-deps

  // The resync job reports what happened on the storefront side.
  const resyncStatus = resyncJob.data?.status;
  useEffect(() => {
    if (!resyncJobId || (resyncStatus !== 'completed' && resyncStatus !== 'failed')) return;
    const job = resyncJob.data!;
    const reason = job.result?.reason ?? job.errors?.[0]?.error ?? job.error;
    if (job.result?.synced === false || job.status === 'failed' || job.failed > 0) {
      notification.warning({ title: 'Product not resynced', description: reason ?? 'The storefront did not take the product.', duration: 8 });
    } else {
      notification.success({ title: 'Product resynced', duration: 4 });
    }
    setResyncJobId(null);
  }, [resyncStatus, resyncJobId, resyncJob.data, notification]);

  const save = (values: ProductFormValues) => {
    message.open({ key: SAVE_KEY, type: 'loading', content: INVENTORY_MESSAGES.saving, duration: 0 });
    update.mutate(toProductInput(values, false), {
      onSuccess: () => message.open({ key: SAVE_KEY, type: 'success', content: INVENTORY_MESSAGES.saved, duration: 2 }),
      onError: (error) => message.open({ key: SAVE_KEY, type: 'error', content: errorMessage(error, INVENTORY_MESSAGES.unknownError), duration: 5 }),
    });
  };

  const duplicate = () => window.open(`/products/create?${duplicateQuery(product)}`, '_blank', 'noopener');

  const confirmResync = () =>
    modal.confirm({
      title: INVENTORY_MESSAGES.resyncConfirm,
      content: INVENTORY_MESSAGES.resyncConfirmContent,
      okText: 'Resync',
      onOk: () =>
        resync.mutateAsync(product.id).then(
          (answer) => {
            message.info(answer.message);
            setResyncJobId(answer.jobId);
          },
          (error: unknown) => {
            message.error(errorMessage(error), 5);
          },
        ),
    });

  const actions = (
    <div
      style={
        isMobile
          ? { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, width: '100%' }
          : { display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', flex: '0 1 auto' }
      }
    >
      <Button type="primary" icon={<SaveOutlined />} loading={update.isPending} onClick={() => form.submit()}>
        Save
      </Button>
      <Button icon={<PlusOutlined />} onClick={() => onAddInventory(product)}>
        Add Inventory
      </Button>
      <Button icon={<BarcodeOutlined />} onClick={() => setGtinsOpen(true)}>
        Manage GTINS
      </Button>
      <Button icon={<CopyOutlined />} onClick={duplicate}>
        Duplicate
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'merge', icon: <MergeCellsOutlined />, label: 'Merge a product into this one' },
            { key: 'resync', icon: <SyncOutlined />, label: 'Resync product' },
          ],
          onClick: ({ key }) => (key === 'merge' ? openMerge(null) : confirmResync()),
        }}
      >
        <Button icon={<MoreOutlined />} aria-label="More actions" style={isMobile ? { gridColumn: 'span 2' } : undefined}>
          More
        </Button>
      </Dropdown>
    </div>
  );

  return (
    <Flex vertical gap={16}>
      <ProductHeader product={product} actions={actions} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="Product details" styles={{ body: { padding: isMobile ? 16 : 24 } }}>
            <Form form={form} name="product" layout="vertical" initialValues={formValuesOf(product)} onFinish={save} requiredMark="optional" scrollToFirstError>
              <ProductFields form={form} templates={templates.data ?? []} templatesLoading={templates.isPending} currencySymbol={currencySymbol(store?.currency || 'USD')} />
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <DuplicateProductsPanel duplicates={product.duplicateProducts} onMerge={openMerge} />
            <Card
              title={<><BarcodeOutlined /> GTINs</>}
              extra={
                <Button size="small" onClick={() => setGtinsOpen(true)}>
                  Manage GTINS
                </Button>
              }
              data-testid="gtin-summary"
            >
              {product.GTIN.length === 0 ? (
                <Typography.Text type="secondary">No GTINs yet.</Typography.Text>
              ) : (
                <Descriptions
                  size="small"
                  column={1}
                  bordered
                  items={product.GTIN.map((g) => ({ key: `${g.size}-${g.gtin}`, label: `Size ${g.size}`, children: <Typography.Text code>{g.gtin}</Typography.Text> }))}
                />
              )}
            </Card>
            <Card title="Catalogue">
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'template', label: 'Template', children: template ? `${template.title} (${template.option1}${template.option2 ? `, ${template.option2}` : ''}${template.option3 ? `, ${template.option3}` : ''})` : '—' },
                  { key: 'catalog', label: 'Catalog Id', children: product.stockXId || '—' },
                  { key: 'shopify', label: 'Shopify Id', children: product.shopifyId || 'Not on the storefront yet' },
                ]}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
      <ProductListingsArea productId={product.id} listingCount={product.listingCount} onAddInventory={() => onAddInventory(product)} />
      <GtinEditorModal product={product} template={template} open={gtinsOpen} onClose={() => setGtinsOpen(false)} />
      <MergeProductModal
        key={merge.key}
        product={product}
        open={merge.open}
        preselected={merge.preselected}
        onClose={() => setMerge((m) => ({ ...m, open: false }))}
      />
    </Flex>
  );
}

/**
 * /products/{id} and /productItem/{id} for staff (the consigner's product item screen is
 * features/consigner-portal/products/ConsignerProductItemPage). `onAddInventory` is what Add Inventory does: the Add Inventory modal (features/add-inventory)
 * takes it over; until then it opens /addInventory/{id}.
 */
export default function ProductPage({ onAddInventory }: { onAddInventory?: (product: ProductDetail) => void }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const product = useProduct(id);
  useDocumentTitle(product.data?.title ?? 'Product');
  const addInventory = onAddInventory ?? ((p: ProductDetail) => navigate(`/addInventory/${p.id}`));

  if (!product.data) return <ProductLoadState product={product} />;

  const back = (
    <Link to="/">
      <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        Products
      </Button>
    </Link>
  );

  return (
    <Flex vertical gap={8} className="br-touch" style={{ maxWidth: 1400 }}>
      {back}
      {product.data.duplicateProducts.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${product.data.duplicateProducts.length} other ${product.data.duplicateProducts.length === 1 ? 'product has' : 'products have'} the SKU ${product.data.sku}`}
          description="Merge the duplicates into this product so their inventory is listed in one place."
          style={{ marginBottom: 8 }}
        />
      )}
      <StaffProductView product={product.data} onAddInventory={addInventory} />
    </Flex>
  );
}
