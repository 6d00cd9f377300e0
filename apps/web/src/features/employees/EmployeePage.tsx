import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Avatar, Button, Card, Col, Flex, Form, Input, Modal, Popconfirm, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, MailOutlined } from '@ant-design/icons';
import { PEOPLE_MESSAGES, TEXT_LIMITS, ZEmployeeInput, type SignedInUser } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatDateTime, fullName, initials } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { StatusTag, avatarColour } from './employee-ui';
import { useDeleteEmployee, useEmployee, useResendInvite, useUpdateEmployee, type Employee } from './employees.api';
import { AccessCard, AccountCard, HistoryCard } from './EmployeeCards';

function NameDialog({ employee, open, onClose }: { employee: Employee; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ firstName: string; lastName: string }>();
  const update = useUpdateEmployee(employee.id);
  useEffect(() => {
    if (open) form.setFieldsValue({ firstName: employee.firstName, lastName: employee.lastName });
  }, [open, employee, form]);
  const rule = (field: 'firstName' | 'lastName') => ({
    validator: async (_: unknown, value: unknown) => {
      const parsed = ZEmployeeInput.shape[field].safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  });
  const submit = (values: { firstName: string; lastName: string }) =>
    update.mutate(values, {
      onSuccess: () => {
        message.success('Name saved');
        onClose();
      },
      onError: (error) => message.error(errorMessage(error), 5),
    });
  return (
    <Modal title="Edit name" open={open} onCancel={onClose} onOk={() => form.submit()} okText="Save" confirmLoading={update.isPending} destroyOnHidden forceRender>
      <Form form={form} name="employeeName" layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item name="firstName" label="First name" rules={[rule('firstName')]} required>
          <Input maxLength={TEXT_LIMITS.name} />
        </Form.Item>
        <Form.Item name="lastName" label="Last name" rules={[rule('lastName')]} required>
          <Input maxLength={TEXT_LIMITS.name} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /employees/{id} (Employees access): name, e-mail, Resend Invite while the invite is not accepted,
 * Access Controls with Save, the active toggle, delete with confirmation (people doc section 2).
 */
export default function EmployeePage({ user }: { user: SignedInUser }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { message } = App.useApp();
  const employee = useEmployee(id);
  const resend = useResendInvite(id);
  const remove = useDeleteEmployee();
  const [editingName, setEditingName] = useState(false);
  const e = employee.data;
  const name = e ? fullName(e) || e.email : '';
  useDocumentTitle(name || 'Employee');

  if (employee.isPending) {
    return (
      <Card style={{ maxWidth: 1100 }}>
        <Skeleton avatar active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (!e) {
    const missing = employee.error instanceof ApiError && (employee.error.status === 404 || employee.error.status === 400);
    return (
      <Card style={{ maxWidth: 1100 }}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? 'Employee not found' : 'Could not load the employee'}
          subTitle={missing ? 'They may have been deleted.' : errorMessage(employee.error)}
          extra={<Button onClick={() => navigate('/employees')}>Back to employees</Button>}
        />
      </Card>
    );
  }

  const isSelf = e.id === user.id;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => message.success(PEOPLE_MESSAGES.sentInvite),
      onError: () => message.error(PEOPLE_MESSAGES.errorSendingInvite),
    });
  const onDelete = () =>
    remove.mutateAsync(e.id).then(
      () => {
        message.success(`${name} deleted`);
        navigate('/employees', { replace: true });
      },
      (error: unknown) => {
        message.error(errorMessage(error), 6);
      },
    );

  const deleteButton = (
    <Popconfirm
      title={`Delete ${name}?`}
      description={PEOPLE_MESSAGES.cannotBeUndone}
      okText="Delete"
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={onDelete}
      disabled={isSelf}
      placement="bottomRight"
    >
      <Button danger icon={<DeleteOutlined />} disabled={isSelf} title={isSelf ? 'You cannot delete your own account' : undefined}>
        Delete
      </Button>
    </Popconfirm>
  );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Card styles={{ body: { padding: isMobile ? 16 : 24 } }}>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate('/employees')} style={{ paddingInline: 0, marginBottom: 12, height: 'auto' }}>
          Employees
        </Button>
        <Flex gap={16} align={isMobile ? 'flex-start' : 'center'} vertical={isMobile} justify="space-between">
          <Flex gap={16} align="center" style={{ minWidth: 0 }}>
            <Avatar size={isMobile ? 48 : 64} style={{ background: avatarColour(e.isActive), flex: 'none', fontSize: isMobile ? 18 : 24 }}>
              {initials(name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Title level={isMobile ? 4 : 3} style={{ margin: 0 }} data-testid="employee-name">
                  {name}
                </Typography.Title>
                <Button type="text" size="small" icon={<EditOutlined />} aria-label="Edit name" onClick={() => setEditingName(true)} />
              </Flex>
              <Typography.Text type="secondary" data-testid="employee-email" style={{ display: 'block', marginTop: 2, wordBreak: 'break-all' }}>
                {e.email}
              </Typography.Text>
              <Flex align="center" gap={6} wrap style={{ marginTop: 6 }}>
                <StatusTag employee={e} />
                {e.role === 'Admin' && (
                  <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                    Admin
                  </Tag>
                )}
                {isSelf && <Tag style={{ marginInlineEnd: 0 }}>You</Tag>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Added {formatDateTime(e.createdAt)}
                </Typography.Text>
              </Flex>
            </div>
          </Flex>
          <Flex gap={8} wrap>
            {/* people doc section 2: only while the invite is not accepted (no fbUserId) */}
            {!e.fbUserId && (
              <Button icon={<MailOutlined />} onClick={onResend} loading={resend.isPending}>
                Resend Invite
              </Button>
            )}
            {deleteButton}
          </Flex>
        </Flex>
        {!e.fbUserId && (
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            showIcon
            title={`Invite sent${e.invitedAt ? ` ${formatDateTime(e.invitedAt)}` : ''}. ${e.firstName || 'They'} can sign in once they have chosen a password from the e-mail.`}
          />
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <AccessCard employee={e} isSelf={isSelf} />
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={16}>
            <AccountCard employee={e} user={user} />
            <HistoryCard id={e.id} />
          </Flex>
        </Col>
      </Row>
      <NameDialog employee={e} open={editingName} onClose={() => setEditingName(false)} />
    </Flex>
  );
}
