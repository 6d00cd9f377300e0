import { useState, type HTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Avatar, Button, Card, Empty, Flex, Input, List, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import type { SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { fullName, initials } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useDebouncedValue } from '../products/useDebouncedValue';
import { AreaTags, StatusTag, avatarColour } from './employee-ui';
import { useEmployees, type Employee } from './employees.api';

function NameCell({ employee, me }: { employee: Employee; me: SignedInUser }) {
  const name = fullName(employee) || employee.email;
  return (
    <Flex align="center" gap={10}>
      <Avatar style={{ background: avatarColour(employee.isActive), flex: 'none' }}>{initials(name)}</Avatar>
      <div style={{ minWidth: 0 }}>
        <Link to={`/employees/${employee.id}`} data-testid="employee-link">
          <Typography.Text strong>{name}</Typography.Text>
        </Link>
        {employee.role === 'Admin' && (
          <Tag color="purple" style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
            Admin
          </Tag>
        )}
        {employee.id === me.id && <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>You</Tag>}
      </div>
    </Flex>
  );
}

/** A link to /addEmployee that looks like the page's primary button (people doc section 2: 'Add new employee'). */
function AddEmployeeLink() {
  const navigate = useNavigate();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      href="/addEmployee"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate('/addEmployee');
      }}
    >
      Add new employee
    </Button>
  );
}

/** /employees (Employees access): search, the staff table and 'Add new employee' (people doc section 2). */
export default function EmployeesPage({ user }: { user: SignedInUser }) {
  useDocumentTitle('Employees');
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const employees = useEmployees(search);
  const rows = employees.data ?? [];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={search ? `No employee matches “${search}”` : 'No employees yet. Invite the people who work in the shop.'}
    >
      {!search && <AddEmployeeLink />}
    </Empty>
  );

  const columns: TableColumnsType<Employee> = [
    { title: 'Name', key: 'name', render: (_, e) => <NameCell employee={e} me={user} /> },
    { title: 'E-mail', dataIndex: 'email', render: (email: string) => <Typography.Text copyable={{ text: email }}>{email}</Typography.Text> },
    { title: 'Access', key: 'access', render: (_, e) => <AreaTags areas={e.accessControls} /> },
    { title: 'Status', key: 'status', width: 110, render: (_, e) => <StatusTag employee={e} /> },
  ];

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <TeamOutlined /> Employees
        </Flex>
      }
      extra={<AddEmployeeLink />}
      style={{ maxWidth: 1300 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Typography.Paragraph type="secondary">The people who work in the shop, what each of them can open, and whether they have accepted their invite.</Typography.Paragraph>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search by name or e-mail"
        aria-label="Search employees"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
        style={{ maxWidth: isMobile ? undefined : 360, marginBottom: 16 }}
      />
      {employees.isError ? (
        <Alert type="error" showIcon title={errorMessage(employees.error)} />
      ) : isMobile ? (
        <List
          loading={employees.isPending}
          dataSource={rows}
          rowKey="id"
          locale={{ emptyText: empty }}
          renderItem={(e) => (
            <List.Item className="br-card-item">
              <Card size="small" style={{ marginBottom: 12, cursor: 'pointer' }} data-testid="employee-row" onClick={() => navigate(`/employees/${e.id}`)}>
                <Flex justify="space-between" align="start" gap={8}>
                  <NameCell employee={e} me={user} />
                  <StatusTag employee={e} />
                </Flex>
                <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 6px', wordBreak: 'break-all' }}>
                  {e.email}
                </Typography.Text>
                <AreaTags areas={e.accessControls} />
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          loading={employees.isPending}
          dataSource={rows}
          columns={columns}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          onRow={(e) => ({ 'data-testid': 'employee-row', 'data-id': e.id }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: employees.isPending ? ' ' : empty }}
        />
      )}
    </Card>
  );
}
