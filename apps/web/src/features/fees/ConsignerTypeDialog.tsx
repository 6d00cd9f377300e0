import { useEffect, useMemo } from 'react';
import { App, AutoComplete, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Row, Typography } from 'antd';
import { CONSIGNER_TYPE_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { useProductTemplates } from '../../shared/lookups.api';
import { useCreateConsignerType, type ConsignerType } from './consignerTypes.api';
import { schemaRule } from './fee-rules';

interface DialogValues {
  accountType?: string;
  sellingFee?: number | null;
  minFee?: number | null;
  flatFee?: number | null;
  isDefault?: boolean;
  category?: string;
  option1Value?: string;
  option2Value?: string;
  option3Value?: string;
}

const blankToNull = (v: string | undefined) => v?.trim() || null;

/**
 * The Add consigner type dialog (people doc section 5): accountType, sellingFee and minFee required
 * ('Consigner type required', 'Fee required', 'Min fee required'); flat fee, category and option
 * values optional. A name already in use adds a category- or option-specific fee to that type.
 */
export function ConsignerTypeDialog({ open, types, currency, onClose }: { open: boolean; types: ConsignerType[]; currency: string; onClose: () => void }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<DialogValues>();
  const create = useCreateConsignerType();
  const templates = useProductTemplates();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const names = useMemo(() => [...new Set(types.map((t) => t.accountType))].sort((a, b) => a.localeCompare(b)).map((value) => ({ value })), [types]);
  const categories = useMemo(() => [...new Set((templates.data ?? []).map((t) => t.category))].sort((a, b) => a.localeCompare(b)).map((value) => ({ value })), [templates.data]);

  const submit = (values: DialogValues) =>
    create.mutate(
      {
        accountType: (values.accountType ?? '').trim(),
        sellingFee: values.sellingFee ?? null,
        minFee: values.minFee ?? null,
        flatFee: values.flatFee ?? null,
        isDefault: values.isDefault ?? false,
        category: blankToNull(values.category),
        option1Value: blankToNull(values.option1Value),
        option2Value: blankToNull(values.option2Value),
        option3Value: blankToNull(values.option3Value),
      },
      {
        onSuccess: () => {
          message.success(CONSIGNER_TYPE_MESSAGES.added);
          onClose();
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );

  const symbol = priceSymbol(currency);
  return (
    <Modal
      title="Add consigner type"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Add"
      confirmLoading={create.isPending}
      destroyOnHidden
      forceRender
      width={600}
    >
      <Form form={form} name="addConsignerType" layout="vertical" onFinish={submit} requiredMark={isMobile ? true : 'optional'} initialValues={{ isDefault: false }}>
        <Form.Item
          name="accountType"
          label="Consigner type"
          required
          rules={[schemaRule('accountType')]}
          extra="The account type consigners are given, e.g. Standard or VIP. Reuse a name to add a fee for one category or option of it."
        >
          <AutoComplete options={names} placeholder="e.g. VIP" filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}>
            <Input maxLength={200} />
          </AutoComplete>
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="sellingFee" label="Selling fee" required rules={[schemaRule('sellingFee')]} tooltip="A percent of the item's price">
              <InputNumber min={0} max={100} step={1} suffix="%" style={{ width: '100%' }} placeholder="20" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="minFee" label="Min fee" required rules={[schemaRule('minFee')]} tooltip="The least the selling fee comes to">
              <InputNumber min={0} step={0.01} prefix={symbol} style={{ width: '100%' }} placeholder="0.00" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="flatFee" label="Flat fee" rules={[schemaRule('flatFee')]} tooltip="Added to the selling fee of every item">
              <InputNumber min={0} step={0.01} prefix={symbol} style={{ width: '100%' }} placeholder="0.00" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox>Make this the default type (it prices items no other type fits)</Checkbox>
        </Form.Item>
        <Divider plain style={{ margin: '8px 0 12px' }}>
          <Typography.Text type="secondary">Applies only to (optional)</Typography.Text>
        </Divider>
        <Row gutter={12}>
          <Col xs={12}>
            <Form.Item name="category" label="Category" rules={[schemaRule('category')]}>
              <AutoComplete options={categories} placeholder="Any category" filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}>
                <Input maxLength={200} />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="option1Value" label="Option 1 value" rules={[schemaRule('option1Value')]}>
              <Input placeholder="Any (a size)" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="option2Value" label="Option 2 value" rules={[schemaRule('option2Value')]}>
              <Input placeholder="Any (a condition)" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="option3Value" label="Option 3 value" rules={[schemaRule('option3Value')]}>
              <Input placeholder="Any" maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
