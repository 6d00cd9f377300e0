// The employee screen's cards: Access Controls, the account (active, role) and the history.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Col, Flex, Row, Skeleton, Switch, Timeline, Tooltip, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { AREAS, type Area, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatDateTime, fullName } from '../../shared/format';
import { AREA_TEXT, logText } from './employee-ui';
import { useEmployeeLogs, useUpdateEmployee, type Employee } from './employees.api';

const sameAreas = (a: readonly Area[], b: readonly Area[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The Access Controls checkbox group with its Save (people doc sections 2 and 6). */
export function AccessCard({ employee, isSelf }: { employee: Employee; isSelf: boolean }) {
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

export function AccountCard({ employee, user }: { employee: Employee; user: SignedInUser }) {
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

export function HistoryCard({ id }: { id: string }) {
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
