import { useEffect } from 'react';
import { App, Col, Form, InputNumber, Modal, Row, Select, Typography } from 'antd';
import type { FormRule } from 'antd';
import { END_OF_TERM_ACTION_LABELS, END_OF_TERM_ACTIONS, ZConsignmentTermsInput, type TConsignmentTermsView } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useMarkdownSchedules } from '../markdowns/markdowns.api';
import { useUpdateConsignerTypeTerms, type ConsignerType } from './consignerTypes.api';

type TermsValues = { [K in keyof TConsignmentTermsView]?: TConsignmentTermsView[K] | null };
type TermField = keyof TConsignmentTermsView;

/** A field's rule from the schema the server applies (ZConsignmentTermsInput): the API's own words. */
const termsRule = (field: TermField): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = ZConsignmentTermsInput.safeParse({ [field]: value ?? undefined });
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
    if (issue) throw new Error(issue.message);
  },
});

const ACTION_OPTIONS = END_OF_TERM_ACTIONS.map((value) => ({ value, label: END_OF_TERM_ACTION_LABELS[value].action }));

/**
 * A consigner type's consignment terms (docs/consignment-terms.md): how long an item stays, what an
 * early pickup and a renewal cost, what happens at the end. Saved terms apply to items accepted from
 * now on; items already in stock keep the terms they were accepted under.
 */
export function TermsDialog({ type, currency, onClose }: { type: ConsignerType | null; currency: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TermsValues>();
  const save = useUpdateConsignerTypeTerms();
  const schedules = useMarkdownSchedules(type !== null);
  const scheduleOptions = (schedules.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  useEffect(() => {
    if (type) form.setFieldsValue(type.terms);
  }, [type, form]);

  const submit = (values: TermsValues) => {
    if (!type) return;
    save.mutate(
      // a cleared schedule is sent as null: no markdowns
      { id: type.id, terms: { ...values, markdownScheduleId: values.markdownScheduleId ?? null } },
      {
        onSuccess: (saved) => {
          message.success(`Terms of ${saved.accountType} saved`);
          onClose();
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );
  };

  const symbol = priceSymbol(currency);
  const days = (field: TermField, label: string, placeholder: string, extra?: string) => (
    <Form.Item name={field} label={label} rules={[termsRule(field)]} extra={extra}>
      <InputNumber min={0} max={3650} precision={0} suffix="days" style={{ width: '100%' }} placeholder={placeholder} aria-label={label} />
    </Form.Item>
  );
  const money = (field: TermField, label: string) => (
    <Form.Item name={field} label={label} rules={[termsRule(field)]}>
      <InputNumber min={0} step={0.01} precision={2} prefix={symbol} style={{ width: '100%' }} placeholder="0.00" aria-label={label} />
    </Form.Item>
  );

  return (
    <Modal
      title={type ? `Consignment terms: ${type.accountType}` : 'Consignment terms'}
      open={type !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save terms"
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
      width={600}
    >
      <Typography.Paragraph type="secondary">
        Items accepted from now on take these terms; items already in stock keep the terms they were accepted under.
      </Typography.Paragraph>
      <Form form={form} name="consignmentTerms" layout="vertical" onFinish={submit}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            {days('periodDays', 'Consignment period', 'No end', 'Empty: items stay until sold or picked up.')}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="endAction" label="When the term ends" rules={[termsRule('endAction')]}>
              <Select options={ACTION_OPTIONS} aria-label="When the term ends" />
            </Form.Item>
          </Col>
          <Col xs={12}>{days('minimumStayDays', 'Minimum stay', '0', 'A pickup before it costs the fee.')}</Col>
          <Col xs={12}>{money('earlyWithdrawalFee', 'Early withdrawal fee')}</Col>
          <Col xs={12}>{days('renewalDays', 'Renewal period', 'The period again')}</Col>
          <Col xs={12}>{money('renewalFee', 'Renewal fee')}</Col>
          <Col xs={12}>{days('graceDays', 'Days of grace', '0', 'After the end, before the action applies.')}</Col>
          <Col xs={24} sm={12}>
            <Form.Item name="markdownScheduleId" label="Markdown schedule" rules={[termsRule('markdownScheduleId')]} extra="Price reductions as the item ages (Settings, Markdowns).">
              <Select options={scheduleOptions} loading={schedules.isPending} allowClear placeholder="No markdowns" aria-label="Markdown schedule" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
