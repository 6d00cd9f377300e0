import { useMemo } from 'react';
import { App, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FormRule } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { MARKDOWN_STEPS_MAX, ZMarkdownScheduleInput, ZMarkdownStep } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { useProductTemplates } from '../../shared/lookups.api';
import { MarkdownPreview } from './MarkdownPreview';
import { useMarkdownPreview, useSaveMarkdownSchedule, type MarkdownSchedule, type MarkdownScheduleBody } from './markdowns.api';

type Values = { name?: string; steps?: { afterDays?: number | null; percentOff?: number | null }[]; categories?: string[]; templateIds?: string[] };

// The field rules are the schema the server applies (the domain's ZMarkdownScheduleInput): its own words.
const nameRule: FormRule = {
  validator: async (_r, value: unknown) => {
    const parsed = ZMarkdownScheduleInput.shape.name.safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  },
};
const stepRule = (field: 'afterDays' | 'percentOff'): FormRule => ({
  validator: async (_r, value: unknown) => {
    const parsed = ZMarkdownStep.shape[field].safeParse(value ?? undefined);
    if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  },
});

const bodyOf = (v: Values): MarkdownScheduleBody => ({
  name: v.name ?? '',
  steps: (v.steps ?? []).map((s) => ({ afterDays: s.afterDays ?? 0, percentOff: s.percentOff ?? 0 })),
  categories: v.categories ?? [],
  templateIds: v.templateIds ?? [],
});

/** A new or saved schedule: its name, steps, and the categories and templates it is limited to; Preview shows what the next run would change before it is saved. */
export function ScheduleForm({ schedule, currency, onDone }: { schedule: MarkdownSchedule | null; currency: string; onDone: () => void }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const save = useSaveMarkdownSchedule();
  const preview = useMarkdownPreview();
  const templates = useProductTemplates();
  const templateOptions = (templates.data ?? []).map((t) => ({ value: t.id, label: t.title }));
  const categoryOptions = useMemo(() => [...new Set((templates.data ?? []).map((t) => t.category).filter(Boolean))].sort().map((c) => ({ value: c, label: c })), [templates.data]);
  const initial: Values = schedule
    ? { name: schedule.name, steps: schedule.steps, categories: schedule.categories, templateIds: schedule.templateIds }
    : { name: '', steps: [{ afterDays: 30, percentOff: 10 }, { afterDays: 60, percentOff: 25 }], categories: [], templateIds: [] };

  const showPreview = async () => {
    try {
      const values = await form.validateFields();
      preview.mutate({ ...bodyOf(values), id: schedule?.id ?? null }, { onError: (error) => message.error(errorMessage(error), 5) });
    } catch {
      // the fields show what is wrong
    }
  };

  const submit = (values: Values) =>
    save.mutate(
      { id: schedule?.id ?? null, body: bodyOf(values) },
      {
        onSuccess: (saved) => {
          message.success(`Schedule ${saved.name} saved`);
          onDone();
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );

  return (
    <Card title={schedule ? `Edit schedule: ${schedule.name}` : 'New markdown schedule'} data-testid="schedule-form" styles={{ body: { padding: isMobile ? 12 : 24 } }}>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={() => preview.reset()} requiredMark={false}>
        <Form.Item name="name" label="Name" rules={[nameRule]}>
          <Input aria-label="Name" maxLength={120} placeholder="e.g. Standard markdown" />
        </Form.Item>
        <Typography.Text strong>Steps</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          By days since the item was accepted, each step taking more off the price it was accepted at. Never below the consigner&apos;s minimum price or the store&apos;s markdown floor.
        </Typography.Paragraph>
        <Form.List name="steps">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Row key={field.key} gutter={8} align="top" data-testid="step-row">
                  <Col flex="1 1 140px">
                    <Form.Item name={[field.name, 'afterDays']} label={i === 0 || isMobile ? 'After (days)' : undefined} rules={[stepRule('afterDays')]}>
                      <InputNumber precision={0} suffix="days" style={{ width: '100%' }} aria-label={`Step ${i + 1} after days`} />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 140px">
                    <Form.Item name={[field.name, 'percentOff']} label={i === 0 || isMobile ? 'Percent off' : undefined} rules={[stepRule('percentOff')]}>
                      <InputNumber precision={0} suffix="%" style={{ width: '100%' }} aria-label={`Step ${i + 1} percent off`} />
                    </Form.Item>
                  </Col>
                  <Col flex="none" style={{ paddingTop: i === 0 || isMobile ? 30 : 0 }}>
                    <Button type="text" danger icon={<DeleteOutlined />} disabled={fields.length === 1} onClick={() => remove(field.name)} aria-label={`Remove step ${i + 1}`} />
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length >= MARKDOWN_STEPS_MAX} onClick={() => add({ afterDays: null, percentOff: null })} style={{ marginBottom: 16 }}>
                Add step
              </Button>
            </>
          )}
        </Form.List>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="categories" label="Only these categories" extra="None: every category.">
              <Select mode="tags" options={categoryOptions} placeholder="Every category" aria-label="Only these categories" maxCount={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="templateIds" label="Only these templates" extra="None: every template.">
              <Select mode="multiple" options={templateOptions} loading={templates.isPending} placeholder="Every template" aria-label="Only these templates" optionFilterProp="label" />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} wrap justify="end">
          <Button onClick={onDone}>Cancel</Button>
          <Button icon={<EyeOutlined />} onClick={showPreview} loading={preview.isPending} data-testid="preview-button">
            Preview
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-schedule">
            Save schedule
          </Button>
        </Flex>
      </Form>
      {preview.data && (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>What the next run changes</Typography.Title>
          <MarkdownPreview preview={preview.data} currency={currency} />
        </div>
      )}
    </Card>
  );
}
