import { useNavigate } from 'react-router';
import { App, Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import type { FormRule } from 'antd';
import { ArrowLeftOutlined, SendOutlined, UserAddOutlined } from '@ant-design/icons';
import { PEOPLE_MESSAGES, TEXT_LIMITS, ZEmployeeInput, type TEmployeeInput } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useCreateEmployee } from './employees.api';

type Values = Partial<TEmployeeInput>;

/** A field's rule from the domain's ZEmployeeInput, so the form and the server say the same. */
const rule = (field: keyof TEmployeeInput): FormRule => ({
  validator: async (_, value: unknown) => {
    const parsed = ZEmployeeInput.shape[field].safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
});

/** /addEmployee (Employees access): first name, last name, e-mail and Invite (people doc sections 2 and 5). */
export default function AddEmployeePage() {
  useDocumentTitle('Add new employee');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const create = useCreateEmployee();

  const submit = (values: Values) =>
    create.mutate(
      { firstName: values.firstName ?? '', lastName: values.lastName ?? '', email: values.email ?? '' },
      {
        onSuccess: (employee) => {
          message.success(PEOPLE_MESSAGES.employeeAdded);
          // their access is chosen next, on their page
          navigate(`/employees/${employee.id}`);
        },
        onError: (error) => {
          // a second employee with the same address: shown at the field
          if (error instanceof ApiError && error.status === 409) form.setFields([{ name: 'email', errors: [error.message] }]);
          else message.error(errorMessage(error), 5);
        },
      },
    );

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <UserAddOutlined /> Add new employee
        </Flex>
      }
      extra={
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/employees')} aria-label="Back to employees">
          {isMobile ? '' : 'Employees'}
        </Button>
      }
      style={{ maxWidth: 720 }}
      styles={{ body: { padding: isMobile ? 16 : 24 }, header: isMobile ? { paddingInline: 16 } : undefined }}
    >
      <Typography.Paragraph type="secondary">
        We e-mail them a link to choose a password. They start with no access: you pick the areas they can open on the next screen.
      </Typography.Paragraph>
      <Form form={form} name="addEmployee" layout="vertical" onFinish={submit} requiredMark="optional" disabled={create.isPending}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="firstName" label="First name" rules={[rule('firstName')]} required>
              <Input autoComplete="off" maxLength={TEXT_LIMITS.name} placeholder="e.g. Sam" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label="Last name" rules={[rule('lastName')]} required>
              <Input autoComplete="off" maxLength={TEXT_LIMITS.name} placeholder="e.g. Carter" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label="Email" rules={[rule('email')]} required extra="The invite goes to this address; they sign in with it.">
          <Input type="email" autoComplete="off" maxLength={TEXT_LIMITS.email} placeholder="name@example.com" />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => navigate('/employees')}>Cancel</Button>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={create.isPending} block={isMobile}>
            Invite
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
