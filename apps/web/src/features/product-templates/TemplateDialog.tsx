import { useEffect } from 'react';
import { App, Col, Divider, Flex, Form, Input, InputNumber, Modal, Row, Tag } from 'antd';
import { PEOPLE_MESSAGES, formatMoney, parseOptionValues } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import {
  optionValuesText,
  useCreateProductTemplate,
  useUpdateProductTemplate,
  type ProductTemplate,
  type ProductTemplateInput,
} from './productTemplates.api';

interface TemplateFormValues {
  title: string;
  brand: string;
  category: string;
  gender?: string;
  weight?: number | null;
  option1: string;
  option1Values: string;
  option2?: string;
  option2Values?: string;
  option3?: string;
  option3Values?: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];
const TITLE_MISSING = { 2: PEOPLE_MESSAGES.option2TitleMissing, 3: PEOPLE_MESSAGES.option3TitleMissing } as const;

function toFormValues(t: ProductTemplate): TemplateFormValues {
  return {
    title: t.title,
    brand: t.brand,
    category: t.category,
    gender: t.gender ?? undefined,
    weight: t.weight,
    option1: t.option1,
    option1Values: optionValuesText(t.option1Values),
    option2: t.option2 ?? undefined,
    option2Values: optionValuesText(t.option2Values),
    option3: t.option3 ?? undefined,
    option3Values: optionValuesText(t.option3Values),
  };
}

/** How the typed values will be saved: split on commas, trimmed, a price after a colon. */
function ValuesPreview({ text, currency }: { text: string | undefined; currency: string }) {
  const values = parseOptionValues(text ?? '');
  if (values.length === 0) return null;
  return (
    <Flex wrap gap={4} style={{ marginTop: 6 }} data-testid="values-preview">
      {values.slice(0, 40).map((v, i) => (
        <Tag key={`${v.value}-${i}`} style={{ marginInlineEnd: 0 }}>
          {v.value}
          {v.price !== undefined && v.price !== null && <span style={{ opacity: 0.65 }}> · {formatMoney(v.price, currency)}</span>}
        </Tag>
      ))}
      {values.length > 40 && <Tag>+{values.length - 40}</Tag>}
    </Flex>
  );
}

/**
 * Add or edit a product template (people doc sections 2 and 5). Option names are fixed once the
 * template is saved, so they are disabled when editing, with the values of an unnamed option.
 */
export function TemplateDialog({ open, template, onClose }: { open: boolean; template: ProductTemplate | null; onClose: () => void }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const [form] = Form.useForm<TemplateFormValues>();
  const create = useCreateProductTemplate();
  const update = useUpdateProductTemplate();
  const editing = template !== null;
  const watched = Form.useWatch([], form) as Partial<TemplateFormValues> | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (template) form.setFieldsValue(toFormValues(template));
  }, [open, template, form]);

  const submit = (values: TemplateFormValues) => {
    const input: ProductTemplateInput = {
      title: values.title,
      brand: values.brand,
      category: values.category,
      gender: values.gender?.trim() || null,
      weight: values.weight ?? null,
      option1: values.option1,
      option2: values.option2?.trim() || null,
      option3: values.option3?.trim() || null,
      option1Values: values.option1Values,
      option2Values: values.option2Values ?? '',
      option3Values: values.option3Values ?? '',
    };
    const done = {
      onSuccess: () => {
        message.success(editing ? 'Template saved' : 'Template added');
        onClose();
      },
      onError: (error: unknown) => message.error(errorMessage(error), 5),
    };
    if (template) update.mutate({ id: template.id, input }, done);
    else create.mutate(input, done);
  };

  const optionRow = (n: 1 | 2 | 3) => {
    const nameDisabled = editing;
    // an option the saved template lacks cannot take values (its name cannot be added)
    const valuesDisabled = editing && n !== 1 && !template?.[`option${n}`];
    return (
      <Row gutter={12} key={n}>
        <Col xs={24} md={8}>
          <Form.Item
            name={`option${n}`}
            label={`Option ${n} name`}
            dependencies={n === 1 ? undefined : [`option${n}Values`]}
            rules={
              n === 1
                ? required(PEOPLE_MESSAGES.option1Required)
                : [
                    // people doc section 5: values without an option title are refused
                    ({ getFieldValue }) => ({
                      validator: (_, name: string | undefined) =>
                        parseOptionValues(getFieldValue(`option${n}Values`) ?? '').length > 0 && !name?.trim()
                          ? Promise.reject(new Error(TITLE_MISSING[n]))
                          : Promise.resolve(),
                    }),
                  ]
            }
            tooltip={editing ? 'Option names cannot be changed once the template is saved' : undefined}
            extra={n === 1 ? 'Usually Size' : n === 2 ? 'e.g. Condition' : 'e.g. Box'}
          >
            <Input disabled={nameDisabled} placeholder={n === 1 ? 'Size' : 'Optional'} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name={`option${n}Values`}
            label={`Option ${n} values`}
            rules={n === 1 ? required(PEOPLE_MESSAGES.option1ValuesRequired) : undefined}
            extra={
              <>
                {n === 1 ? 'Comma separated. A size may carry a price after a colon, e.g. 9, 9.5:150, 10' : 'Comma separated'}
                <ValuesPreview text={watched?.[`option${n}Values`]} currency={currency} />
              </>
            }
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} disabled={valuesDisabled} placeholder={n === 1 ? '8, 8.5, 9, 9.5, 10' : n === 2 ? 'New, Used' : 'Good Box, No Box'} />
          </Form.Item>
        </Col>
      </Row>
    );
  };

  return (
    <Modal
      title={editing ? `Edit template: ${template.title}` : 'Add product template'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editing ? 'Save' : 'Add template'}
      confirmLoading={create.isPending || update.isPending}
      width={isMobile ? undefined : 760}
      destroyOnHidden
      forceRender
    >
      <Form
        form={form}
        name="productTemplate"
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        onFinishFailed={({ errorFields }) => {
          // the spec shows the missing option title as a warning too
          const missing = errorFields.flatMap((f) => f.errors).find((e) => e === TITLE_MISSING[2] || e === TITLE_MISSING[3]);
          if (missing) message.warning(missing);
        }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label="Title" rules={required(PEOPLE_MESSAGES.titleRequired)}>
              <Input placeholder="e.g. Sneakers" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="brand" label="Brand" rules={required(PEOPLE_MESSAGES.brandRequired)}>
              <Input placeholder="e.g. Various" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="category" label="Category" rules={required(PEOPLE_MESSAGES.categoryRequired)}>
              <Input placeholder="e.g. Sneakers" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="gender" label="Gender">
              <Input placeholder="Unisex" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="weight" label="Weight (grams)">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder="1200" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          Options
        </Divider>
        {optionRow(1)}
        {optionRow(2)}
        {optionRow(3)}
      </Form>
    </Modal>
  );
}
