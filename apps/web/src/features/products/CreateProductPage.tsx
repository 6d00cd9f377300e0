import { useMemo, useState } from 'react';
import { Alert, App, AutoComplete, Button, Card, Col, Flex, Form, Input, Result, Row, Select, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PEOPLE_MESSAGES, currencySymbol, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useProductTemplates } from '../product-templates/productTemplates.api';
import { useCurrentStore } from '../store/store.api';
import { ImageListField } from './ImageListField';
import { ProductFields, toProductInput, type ProductFormValues } from './ProductFields';
import { useCreateProduct, useSubmitProduct, type SubmittedProduct } from './products.api';
import { SubmittedProductsCard } from './SubmittedProductsCard';

/** The query fields that prefill the form (spec 2, Create product; Duplicate sends them). */
function prefillFromQuery(params: URLSearchParams): Partial<ProductFormValues> {
  const get = (key: string) => params.get(key)?.trim() || undefined;
  const image = get('image_url');
  return {
    title: get('title'),
    sku: get('sku'),
    stockXId: get('stockXId'),
    brand: get('brand'),
    category: get('category'),
    gender: get('gender'),
    imageList: image ? [image] : [],
    GTIN: [],
  };
}

function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Link to="/">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          Products
        </Button>
      </Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
    </div>
  );
}

/** Staff: create a product, from scratch, from the query (Duplicate) or from a submission. */
function StaffCreateProduct() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const [params] = useSearchParams();
  const initial = useMemo(() => prefillFromQuery(params), [params]);
  const [form] = Form.useForm<ProductFormValues>();
  const templates = useProductTemplates();
  const create = useCreateProduct();
  const [filledFrom, setFilledFrom] = useState<SubmittedProduct | null>(null);
  const duplicated = Boolean(initial.title || initial.sku);

  const fill = (s: SubmittedProduct) => {
    const imageList = s.imageList.length ? s.imageList : s.image ? [s.image] : [];
    form.setFieldsValue({
      title: s.title,
      sku: s.sku ?? '',
      brand: s.brand ?? '',
      category: s.category ?? '',
      gender: s.gender ?? '',
      productTemplateId: s.productTemplateId ?? undefined,
      stockXId: s.stockXId,
      imageList,
    });
    setFilledFrom(s);
    if (isMobile) window.scrollTo({ top: document.getElementById('product-form')?.offsetTop ?? 0, behavior: 'smooth' });
  };

  const submit = (values: ProductFormValues) => {
    create.mutate(
      { ...toProductInput(values, true), submittedProductId: filledFrom?.id ?? null },
      {
        onSuccess: (product) => {
          message.success(`${product.title} created`);
          navigate(`/products/${product.id}`);
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400 }}>
      <PageHeader title="Create product" subtitle="Fill the product from a consigner's submission, or enter it yourself." />
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 8, order: 1 }}>
          <SubmittedProductsCard onFill={fill} activeId={filledFrom?.id ?? null} />
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 16, order: 2 }}>
          <Card title="Product details" id="product-form" styles={{ body: { padding: isMobile ? 16 : 24 } }}>
            {duplicated && !filledFrom && (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Prefilled from another product" description="Check the details, add the images and the template, then create." />
            )}
            {filledFrom && (
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 16 }}
                title={`Filled from the submission “${filledFrom.title}”`}
                description="Creating the product takes the submission off the list."
                action={
                  <Button size="small" onClick={() => setFilledFrom(null)}>
                    Unlink
                  </Button>
                }
              />
            )}
            <Form form={form} name="product" layout="vertical" initialValues={initial} onFinish={submit} requiredMark="optional" scrollToFirstError>
              <ProductFields form={form} templates={templates.data ?? []} templatesLoading={templates.isPending} showGtins currencySymbol={currencySymbol(store?.currency || 'USD')} />
              <Flex justify="flex-end" gap={8}>
                <Button onClick={() => navigate('/')}>Cancel</Button>
                <Button type="primary" htmlType="submit" loading={create.isPending} block={isMobile}>
                  Create
                </Button>
              </Flex>
            </Form>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

interface SubmitValues {
  title: string;
  sku?: string;
  brand?: string;
  productTemplateId?: string;
  category?: string;
  gender?: string;
  stockXId?: string;
  imageList?: string[];
}

/** Consigners: the request product screen (people doc section 2): submit a product for review. */
function ConsignerSubmitProduct() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [params] = useSearchParams();
  const initial = useMemo(() => prefillFromQuery(params), [params]);
  const [form] = Form.useForm<SubmitValues>();
  const templates = useProductTemplates();
  const submit = useSubmitProduct();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Card style={{ maxWidth: 720 }}>
        <Result
          status="success"
          title={PEOPLE_MESSAGES.productSubmitted}
          subTitle="The store reviews it and adds it to the catalogue; you can then list your item."
          extra={
            <Button type="primary" onClick={() => navigate('/products/')}>
              Back
            </Button>
          }
        />
      </Card>
    );
  }

  const onFinish = (values: SubmitValues) => {
    const template = templates.data?.find((t) => t.id === values.productTemplateId);
    const images = values.imageList ?? [];
    submit.mutate(
      {
        title: values.title.trim(),
        sku: values.sku?.trim() || null,
        brand: values.brand?.trim() || null,
        category: template?.category ?? null,
        gender: values.gender?.trim() || null,
        productTemplateId: values.productTemplateId ?? null,
        stockXId: values.stockXId?.trim() || null,
        imageList: images,
        image: images[0] ?? null,
      },
      { onSuccess: () => setDone(true), onError: (error) => message.error(errorMessage(error), 5) },
    );
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 820 }}>
      <PageHeader title="Request a product" subtitle="Can't find your item? Tell the store about it and it will be added to the catalogue." />
      <Card>
        <Form form={form} name="submitProduct" layout="vertical" initialValues={initial} onFinish={onFinish} requiredMark="optional">
          <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: 'Title is required.' }]}>
            <Input placeholder="e.g. Nike Dunk Low Retro Panda" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="productTemplateId" label="Type of product">
                <Select
                  allowClear
                  placeholder="Sneakers, apparel..."
                  loading={templates.isPending}
                  options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.title }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="brand" label="Brand">
                <Input placeholder="e.g. Nike" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sku" label="SKU / style code" tooltip="Usually printed on the box label or the inside tag">
                <Input placeholder="e.g. DD1391-100" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="gender" label="Gender">
                <AutoComplete options={['Men', 'Women', 'Unisex', 'Kids'].map((value) => ({ value }))} placeholder="Men, Women, Unisex..." />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="imageList" label="Photos" initialValue={[]}>
            <ImageListField />
          </Form.Item>
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={submit.isPending} block={isMobile}>
              Submit Product For Review
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}

/** /products/create: staff create a product; consigners submit one for review. */
export default function CreateProductPage({ user }: { user: SignedInUser }) {
  useDocumentTitle(user.kind === 'consigner' ? 'Request a product' : 'Create product');
  return user.kind === 'consigner' ? <ConsignerSubmitProduct /> : <StaffCreateProduct />;
}
