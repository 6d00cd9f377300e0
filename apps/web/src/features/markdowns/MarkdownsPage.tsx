import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Flex, List, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, FallOutlined } from '@ant-design/icons';
import { markdownStepText, PEOPLE_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { SettingsEmpty, SettingsListCard } from '../../shared/ui/SettingsList';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useProductTemplates } from '../../shared/lookups.api';
import { useCurrentStore } from '../store/store.api';
import { ScheduleForm } from './ScheduleForm';
import { useDeleteMarkdownSchedule, useMarkdownSchedules, type MarkdownSchedule } from './markdowns.api';
import '../../shared/touch.css';

const EMPTY_TEXT = 'No markdown schedules yet. Add one, then choose it in a consigner type’s terms on Fees.';

/** /markdowns (Settings): the store's markdown schedules, the form with its preview, and delete behind a confirmation (docs/consignment-terms.md "Markdowns"). */
export default function MarkdownsPage() {
  useDocumentTitle('Markdowns');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const currency = useCurrentStore()?.currency || 'USD';
  const schedules = useMarkdownSchedules();
  const templates = useProductTemplates();
  const remove = useDeleteMarkdownSchedule();
  const [editing, setEditing] = useState<MarkdownSchedule | 'new' | null>(null);

  if (editing) return <ScheduleForm key={editing === 'new' ? 'new' : editing.id} schedule={editing === 'new' ? null : editing} currency={currency} onDone={() => setEditing(null)} />;

  const templateName = (id: string) => templates.data?.find((t) => t.id === id)?.title ?? 'A template';
  const limits = (s: MarkdownSchedule) => {
    const parts = [...s.categories, ...s.templateIds.map(templateName)];
    return parts.length ? parts.map((p) => <Tag key={p}>{p}</Tag>) : <Typography.Text type="secondary">Every item</Typography.Text>;
  };
  const steps = (s: MarkdownSchedule) => (
    <Flex gap={4} wrap>
      {s.steps.map((step) => (
        <Tag key={step.afterDays} color="orange">
          {markdownStepText(step)}
        </Tag>
      ))}
    </Flex>
  );
  const usedBy = (s: MarkdownSchedule) => (s.usedBy.length ? s.usedBy.join(', ') : <Typography.Text type="secondary">No consigner type yet</Typography.Text>);

  const onDelete = (s: MarkdownSchedule) =>
    remove.mutateAsync(s.id).then(
      () => {
        message.success(`Schedule ${s.name} deleted`);
      },
      (error: unknown) => {
        message.error(errorMessage(error), 5);
      },
    );
  const actions = (s: MarkdownSchedule) => (
    <Flex gap={4} justify="end">
      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
        Edit
      </Button>
      {s.usedBy.length ? (
        <Tooltip title={`Used by the terms of ${s.usedBy.join(', ')}: choose another schedule there first`}>
          <Button size="small" type="text" icon={<DeleteOutlined />} disabled aria-label={`Delete ${s.name}`} />
        </Tooltip>
      ) : (
        <Popconfirm title={`Delete the schedule ${s.name}?`} description={PEOPLE_MESSAGES.cannotBeUndone} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete(s)}>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${s.name}`} />
        </Popconfirm>
      )}
    </Flex>
  );

  const columns: TableColumnsType<MarkdownSchedule> = [
    { title: 'Name', dataIndex: 'name', key: 'name', width: 200, render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: 'Steps', key: 'steps', render: (_, s) => steps(s) },
    { title: 'Limited to', key: 'limits', width: 220, render: (_, s) => limits(s) },
    { title: 'Chosen by', key: 'usedBy', width: 180, render: (_, s) => usedBy(s) },
    { title: '', key: 'actions', width: 120, align: 'right', render: (_, s) => actions(s) },
  ];

  const addSchedule = () => setEditing('new');
  const empty = <SettingsEmpty text={EMPTY_TEXT} addLabel="Add schedule" onAdd={addSchedule} />;

  return (
    <SettingsListCard icon={<FallOutlined />} title="Markdown schedules" addLabel="Add schedule" onAdd={addSchedule} isMobile={isMobile} wide testId="markdowns-card" addTestId="add-schedule">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 820 }}>
        Price reductions as an item ages: each step takes a percentage off the price the item was accepted at, after so many days. A consigner type&apos;s terms on Fees choose
        the schedule; a daily run applies the steps that are due, recomputes the fees and flags the labels for re-print.
      </Typography.Paragraph>
      {schedules.isError ? (
        <Alert type="error" showIcon title={errorMessage(schedules.error)} />
      ) : isMobile ? (
        <List
          loading={schedules.isPending}
          dataSource={schedules.data ?? []}
          rowKey="id"
          locale={{ emptyText: empty }}
          renderItem={(s) => (
            <List.Item className="br-card-item">
              <Card size="small" style={{ width: '100%' }} title={s.name} extra={actions(s)} data-testid="schedule-row">
                {steps(s)}
                <div style={{ marginTop: 8 }}>{limits(s)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Chosen by: {usedBy(s)}
                </Typography.Text>
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={schedules.isPending}
          dataSource={schedules.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={() => ({ 'data-testid': 'schedule-row' }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: empty }}
        />
      )}
    </SettingsListCard>
  );
}
