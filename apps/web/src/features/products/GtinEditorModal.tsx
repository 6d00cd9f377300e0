import { App, Button, Flex, Form, Modal, Typography } from 'antd';
import { errorMessage } from '../../shared/api';
import type { ProductTemplate } from '../product-templates/productTemplates.api';
import { GtinRows, templateSizes } from './ProductFields';
import { useUpdateProduct, type Gtin, type ProductDetail } from './products.api';

/** The modal's form; it mounts on each opening, so the saved list is its starting value. */
function GtinForm({ product, template, onClose }: { product: ProductDetail; template: ProductTemplate | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ GTIN: Partial<Gtin>[] }>();
  const update = useUpdateProduct(product.id);

  const save = ({ GTIN }: { GTIN?: Partial<Gtin>[] }) => {
    update.mutate(
      {
        title: product.title,
        sku: product.sku,
        brand: product.brand,
        category: product.category,
        gender: product.gender,
        productTemplateId: product.productTemplateId ?? '',
        imageList: product.imageList,
        image: product.image,
        color: product.color,
        year: product.year,
        stockXId: product.stockXId,
        shopifyId: product.shopifyId,
        GTIN: (GTIN ?? []).map((g) => ({ size: (g.size ?? '').trim(), gtin: (g.gtin ?? '').trim() })),
      },
      {
        onSuccess: () => {
          message.success('GTINs saved');
          onClose();
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );
  };

  return (
    <Form form={form} name="gtins" layout="vertical" onFinish={save} initialValues={{ GTIN: product.GTIN.map((g) => ({ ...g })) }}>
      <Typography.Paragraph type="secondary">
        A scanned barcode finds the product and size by its GTIN. Sizes come from the {template?.title ?? 'product'} template.
      </Typography.Paragraph>
      <div style={{ maxHeight: '55vh', overflowY: 'auto', paddingRight: 4 }}>
        <GtinRows sizes={templateSizes(template)} />
      </div>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save GTINs
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * Manage GTINS (spec 2, Product item): a list of size and GTIN rows. Saving sends the saved product
 * with the new list, which replaces the old one; GTINs are unique in the store.
 */
export function GtinEditorModal({
  product,
  template,
  open,
  onClose,
}: {
  product: ProductDetail;
  template: ProductTemplate | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="Manage GTINS" open={open} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <GtinForm product={product} template={template} onClose={onClose} />
    </Modal>
  );
}
