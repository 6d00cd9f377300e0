import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Avatar, Button, Card, Checkbox, Col, Flex, Form, Input, Modal, Popconfirm, Result, Row, Skeleton, Switch, Tag, Timeline, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, MailOutlined, SaveOutlined } from '@ant-design/icons';
import { AREAS, PEOPLE_MESSAGES, TEXT_LIMITS, ZEmployeeInput, type Area, type SignedInUser } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatDateTime, fullName, initials } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { AREA_TEXT, StatusTag, logText } from './employee-ui';
import { useDeleteEmployee, useEmployee, useEmployeeLogs, useResendInvite, useUpdateEmployee, type Employee } from './employees.api';

const sameAreas = (a: readonly Area[], b: readonly Area[]) => a.length === b.length && a.every((x) => b.includes(x));

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

/** The Access Controls checkbox group with its Save (people doc sections 2 and 6). */
function AccessCard({ employee, isSelf }: { employee: Employee; isSelf: boolean }) {
  const { message } = App.useApp();
  const update = useUpdateEmployee(employee.id);
  const saved: Area[] = employee.accessControls ?? [...AREAS];
  const [areas, setAreas] = useState<Area[]>(saved);
  const savedKey = saved.join();
  // a new answer from the server (after a save, or another employee opened) resets the choice
  useEffect(() => setAreas(savedKey ? (savedKey.split(',') as Area[]) : []), [savedKey, employee.id]);
  const dirty = !sameAreas(areas, saved);

  const save = () =>
    update.mutate(
      { accessControls: AREAS.filter((a) => areas.includes(a)) },
      {
        onSuccess: () => message.success(isSelf ? 'Access saved. Your menu has changed.' : 'Access saved. It applies from their next click.'),
        onError: (error) => message.error(errorMessage(error), 6),
      },
    );

  return (
    <Card
      title="Access Controls"
      extra={
        <Button type="primary" icon={<SaveOutlined />} onClick={save} loading={update.isPending} disabled={!dirty} data-testid="save-access">
          Save
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        The areas of the back office this person can open. A change applies from their next click.
      </Typography.Paragraph>
      <Checkbox.Group value={areas} onChange={(v) => setAreas(v as Area[])} style={{ width: '100%' }} aria-label="Access Controls">
        <Row gutter={[12, 12]} style={{ width: '100%' }}>
          {AREAS.map((area) => (
            <Col xs={24} sm={12} key={area} data-testid={`area-${area}`}>
              <Checkbox value={area} style={{ alignItems: 'flex-start' }}>
                <Typography.Text strong>{AREA_TEXT[area].label}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {AREA_TEXT[area].opens}
                </Typography.Text>
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
      {isSelf && !areas.includes('Employees') && (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon title="Without Employees you will not be able to open this page again." />
      )}
    </Card>
  );
}

function AccountCard({ employee, user }: { employee: Employee; user: SignedInUser }) {
  const { message } = App.useApp();
  const update = useUpdateEmployee(employee.id);
  const isSelf = employee.id === user.id;
  const name = fullName(employee);
  const change = (input: { isActive?: boolean; role?: 'Admin' | 'Employee' }, done: string) =>
    update.mutate(input, { onSuccess: () => message.success(done), onError: (error) => message.error(errorMessage(error), 6) });

  const activeSwitch = (
    <Switch
      checked={employee.isActive}
      loading={update.isPending && update.variables?.isActive !== undefined}
      disabled={isSelf}
      onChange={(on) => change({ isActive: on }, on ? `${name} can sign in again` : `${name} is disabled`)}
      aria-label="Active"
      data-testid="active-switch"
    />
  );
  return (
    <Card title="Account" size="small">
      <Flex vertical gap={16} style={{ paddingBlock: 4 }}>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>Active</Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {isSelf ? 'You cannot disable your own account.' : 'A disabled employee is refused on their next click.'}
            </Typography.Text>
          </div>
          {isSelf ? <Tooltip title="You cannot disable your own account">{activeSwitch}</Tooltip> : activeSwitch}
        </Flex>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>Admin</Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.role === 'Admin' ? 'Admins see the dashboard and are the only ones who can change other Admins.' : 'Only an Admin can change this.'}
            </Typography.Text>
          </div>
          <Switch
            checked={employee.role === 'Admin'}
            loading={update.isPending && update.variables?.role !== undefined}
            disabled={user.role !== 'Admin'}
            onChange={(on) => change({ role: on ? 'Admin' : 'Employee' }, on ? `${name} is now an Admin` : `${name} is no longer an Admin`)}
            aria-label="Admin"
            data-testid="admin-switch"
          />
        </Flex>
      </Flex>
    </Card>
  );
}

function HistoryCard({ id }: { id: string }) {
  const logs = useEmployeeLogs(id);
  return (
    <Card title="History" size="small">
      {logs.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : logs.isError ? (
        <Typography.Text type="secondary">{errorMessage(logs.error)}</Typography.Text>
      ) : (logs.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">No changes yet.</Typography.Text>
      ) : (
        <Timeline
          style={{ marginTop: 8, marginBottom: -8 }}
          items={(logs.data ?? []).slice(0, 20).map((log) => ({
            key: log.id,
            color: log.action === 'updated' ? 'blue' : 'gray',
            content: (
              <>
                <Typography.Text style={{ fontSize: 13 }}>{logText(log)}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(log.createdAt)}
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Card>
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
            <Avatar size={isMobile ? 48 : 64} style={{ background: e.isActive ? '#1677ff' : '#bfbfbf', flex: 'none', fontSize: isMobile ? 18 : 24 }}>
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
