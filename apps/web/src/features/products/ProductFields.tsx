import { AutoComplete, Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES, sortSizes } from '@backroom/domain';
import type { ProductTemplate } from '../product-templates/productTemplates.api';
import { Link } from 'react-router';
import { ImageListField } from './ImageListField';
import type { Gtin } from './products.api';

/** What the product form holds. */
export interface ProductFormValues {
  title: string;
  sku: string;
  brand: string;
  category: string;
  gender: string;
  productTemplateId?: string;
  imageList: string[];
  stockXId?: string | null;
  shopifyId?: string | null;
  color?: string | null;
  year?: number | null;
  price?: number | null;
  GTIN?: Partial<Gtin>[];
}

const GENDERS = ['Men', 'Women', 'Unisex', 'Kids'].map((value) => ({ value }));

// The product form's rules (catalogue doc section 5), worded as the server's ZProductInput.
const required = (label: string) => [{ required: true, whitespace: true, message: INVENTORY_MESSAGES.cellRequired(label) }];
const IMAGE_RULES = [
  {
    validator: (_: unknown, value: string[] | undefined) =>
      value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(INVENTORY_MESSAGES.imageRequired)),
  },
];

/** Sizes a GTIN row may pick: the template's option 1 values, in size order. */
export function templateSizes(template: ProductTemplate | undefined): { value: string }[] {
  return template ? sortSizes(template.option1Values.map((v) => v.value)).map((value) => ({ value })) : [];
}

/** Rows of size and GTIN, as a Form.List named GTIN. */
export function GtinRows({ sizes, disabled }: { sizes: { value: string }[]; disabled?: boolean }) {
  return (
    <Form.List name="GTIN">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.length === 0 && (
            <Typography.Text type="secondary" data-testid="gtin-empty">
              No GTINs yet. Add one per size so a scanned barcode finds this product.
            </Typography.Text>
          )}
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start" data-testid="gtin-row">
              <Form.Item name={[field.name, 'size']} rules={required('Size')} style={{ marginBottom: 0, width: 120, flex: 'none' }}>
                <AutoComplete options={sizes} placeholder="Size" aria-label={`Size ${index + 1}`} disabled={disabled} filterOption={(input, option) => String(option?.value ?? '').toLowerCase().startsWith(input.toLowerCase())} />
              </Form.Item>
              <Form.Item name={[field.name, 'gtin']} rules={required('GTIN')} style={{ marginBottom: 0, flex: 1, minWidth: 0 }}>
                <Input placeholder="GTIN / barcode" aria-label={`GTIN ${index + 1}`} inputMode="numeric" disabled={disabled} />
              </Form.Item>
              {!disabled && <Button aria-label={`Remove GTIN ${index + 1}`} icon={<DeleteOutlined />} onClick={() => remove(field.name)} />}
            </Flex>
          ))}
          {!disabled && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ size: '', gtin: '' })} style={{ alignSelf: 'flex-start' }}>
              Add GTIN
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

/**
 * The fields of the product form (catalogue doc sections 3 and 5): title, SKU, brand, category,
 * gender and template are required, with at least one image; Catalog Id and Shopify Id are not.
 */
export function ProductFields({
  form,
  templates,
  templatesLoading,
  showGtins,
  currencySymbol,
  compact,
}: {
  form: FormInstance<ProductFormValues>;
  templates: ProductTemplate[];
  templatesLoading?: boolean;
  showGtins?: boolean;
  currencySymbol: string;
  compact?: boolean;
}) {
  const templateId = Form.useWatch('productTemplateId', form);
  const template = templates.find((t) => t.id === templateId);
  const categories = [...new Set(templates.map((t) => t.category))].map((value) => ({ value }));
  const half = compact ? 24 : 12;

  // Picking a template fills the category and gender it implies when they are still empty.
  const onTemplate = (id: string) => {
    const picked = templates.find((t) => t.id === id);
    if (!picked) return;
    if (!form.getFieldValue('category')) form.setFieldValue('category', picked.category);
    if (!form.getFieldValue('gender') && picked.gender) form.setFieldValue('gender', picked.gender);
  };

  return (
    <>
      <Form.Item name="title" label="Title" rules={required('Title')}>
        <Input placeholder="e.g. Nike Dunk Low Retro Panda" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={half}>
          <Form.Item name="sku" label="SKU" rules={required('SKU')}>
            <Input placeholder="e.g. DD1391-100" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="brand" label="Brand" rules={required('Brand')}>
            <Input placeholder="e.g. Nike" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item
            name="productTemplateId"
            label="Product template"
            rules={required('Product template')}
            // a new store has none: point at where they are made (docs/first-hour.md)
            extra={
              !templatesLoading && templates.length === 0 ? (
                <span data-testid="no-templates">
                  No templates yet: <Link to="/productTemplates">add one in Settings › Templates</Link> (Sneakers and Clothing are a click away there).
                </span>
              ) : undefined
            }
          >
            <Select
              placeholder="Choose the option set"
              loading={templatesLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={templates.map((t) => ({ value: t.id, label: `${t.title} (${t.category})` }))}
              notFoundContent={templatesLoading ? undefined : <Link to="/productTemplates">Add a template in Settings › Templates</Link>}
              onChange={onTemplate}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="category" label="Category" rules={required('Category')}>
            <AutoComplete options={categories} placeholder="e.g. Sneakers" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="gender" label="Gender" rules={required('Gender')}>
            <AutoComplete options={GENDERS} placeholder="Men, Women, Unisex..." />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="color" label="Color">
            <Input placeholder="e.g. White/Black" />
          </Form.Item>
        </Col>
        <Col xs={12} md={compact ? 12 : 6}>
          <Form.Item name="year" label="Year">
            <InputNumber min={1900} max={2100} precision={0} style={{ width: '100%' }} placeholder="2024" />
          </Form.Item>
        </Col>
        <Col xs={12} md={compact ? 12 : 6}>
          <Form.Item name="price" label="Price">
            <InputNumber min={0} precision={2} prefix={currencySymbol} style={{ width: '100%' }} placeholder="0.00" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="stockXId" label="Catalog Id" tooltip="Optional: the product's id in an outside catalogue">
            <Input placeholder="Optional" />
          </Form.Item>
        </Col>
        <Col xs={24} md={half}>
          <Form.Item name="shopifyId" label="Shopify Id" tooltip="Optional: the storefront product this one is linked to">
            <Input placeholder="Optional" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="imageList" label="Images" rules={IMAGE_RULES} required>
        <ImageListField />
      </Form.Item>
      {showGtins && (
        <Form.Item label="GTINs" tooltip="One barcode per size; GTINs are unique in the store">
          <GtinRows sizes={templateSizes(template)} />
        </Form.Item>
      )}
    </>
  );
}

/** The form's values as the API's product body (empty optional fields sent as null). */
export function toProductInput(values: ProductFormValues, withGtins: boolean) {
  const opt = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    title: values.title.trim(),
    sku: values.sku.trim(),
    brand: values.brand.trim(),
    category: values.category.trim(),
    gender: values.gender.trim(),
    productTemplateId: values.productTemplateId ?? '',
    imageList: values.imageList,
    image: values.imageList[0] ?? null,
    stockXId: opt(values.stockXId),
    shopifyId: opt(values.shopifyId),
    color: opt(values.color),
    year: values.year ?? null,
    price: values.price ?? null,
    ...(withGtins ? { GTIN: (values.GTIN ?? []).map((g) => ({ size: (g.size ?? '').trim(), gtin: (g.gtin ?? '').trim() })) } : {}),
  };
}
