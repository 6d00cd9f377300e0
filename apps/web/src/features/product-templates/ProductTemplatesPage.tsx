import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Empty, Flex, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { StarterTemplates } from '../first-hour/StarterTemplates';
import { TemplateDialog } from './TemplateDialog';
import { useDeleteProductTemplate, useProductTemplates, type OptionValue, type ProductTemplate } from './productTemplates.api';

const SHOWN_VALUES = 8;

function ValueTags({ values }: { values: OptionValue[] }) {
  if (values.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {values.slice(0, SHOWN_VALUES).map((v) => (
        <Tag key={v.value} style={{ marginInlineEnd: 0 }}>
          {v.value}
        </Tag>
      ))}
      {values.length > SHOWN_VALUES && <Tag style={{ marginInlineEnd: 0 }}>+{values.length - SHOWN_VALUES} more</Tag>}
    </Flex>
  );
}

function Option({ name, values }: { name: string | null; values: OptionValue[] }) {
  if (!name) return null;
  return (
    <div style={{ marginBottom: 6 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {name}
      </Typography.Text>
      <ValueTags values={values} />
    </div>
  );
}

/** /productTemplates (Settings): the store's option sets, with the add/edit dialog (people doc section 2). */
export default function ProductTemplatesPage() {
  useDocumentTitle('Product templates');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const templates = useProductTemplates();
  const remove = useDeleteProductTemplate();
  const [dialog, setDialog] = useState<{ open: boolean; template: ProductTemplate | null }>({ open: false, template: null });
  const rows = templates.data ?? [];
  // people doc section 2: Delete is offered only when more than one template exists
  const canDelete = rows.length > 1;
  // a new store: the demo's templates one click away (docs/first-hour.md)
  const empty = (
    <Empty description="No templates yet. Start from the demo shop's, or add your own.">
      <Flex justify="center">
        <StarterTemplates />
      </Flex>
    </Empty>
  );

  const onDelete = (t: ProductTemplate) =>
    remove.mutateAsync(t.id).then(
      () => {
        message.success(`${t.title} deleted`);
      },
      (error: unknown) => {
        message.error(errorMessage(error), 5);
      },
    );

  const actions = (t: ProductTemplate) => (
    <Space size={4}>
      <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, template: t })} aria-label={`Edit ${t.title}`}>
        Edit
      </Button>
      {canDelete && (
        <Popconfirm title={`Delete the template ${t.title}?`} description="Templates in use by inventory cannot be deleted." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete(t)}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${t.title}`}>
            Delete
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const columns: TableColumnsType<ProductTemplate> = [
    {
      title: 'Title',
      dataIndex: 'title',
      width: 200,
      render: (_, t) => (
        <>
          <Typography.Text strong>{t.title}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.brand}
          </Typography.Text>
        </>
      ),
    },
    { title: 'Category', dataIndex: 'category', width: 130, render: (c: string) => <Tag color="blue">{c}</Tag> },
    { title: 'Gender', dataIndex: 'gender', width: 100, render: (g: string | null) => g || '—' },
    { title: 'Weight', dataIndex: 'weight', width: 100, align: 'right', render: (w: number | null) => (w === null ? '—' : `${w} g`) },
    {
      title: 'Options',
      key: 'options',
      render: (_, t) => (
        <>
          <Option name={t.option1} values={t.option1Values} />
          <Option name={t.option2} values={t.option2Values} />
          <Option name={t.option3} values={t.option3Values} />
        </>
      ),
    },
    { title: '', key: 'actions', width: 190, align: 'right', render: (_, t) => actions(t) },
  ];

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <AppstoreOutlined /> Product templates
        </Flex>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, template: null })}>
          {isMobile ? 'Add' : 'Add template'}
        </Button>
      }
      style={{ maxWidth: 1300 }}
      styles={{ body: { padding: isMobile ? 12 : 24 } }}
    >
      <Typography.Paragraph type="secondary">
        A template is the option set of a product: its sizes (option 1), conditions and box states. Inventory stores its option values in this order.
      </Typography.Paragraph>
      {templates.isError ? (
        <Alert type="error" showIcon title={errorMessage(templates.error)} />
      ) : isMobile ? (
        <List
          loading={templates.isPending}
          dataSource={rows}
          rowKey="id"
          locale={{ emptyText: empty }}
          renderItem={(t) => (
            <List.Item className="br-card-item">
              <Card size="small" style={{ marginBottom: 12 }} data-testid="template-row" title={t.title} extra={<Tag color="blue">{t.category}</Tag>}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[t.brand, t.gender, t.weight !== null ? `${t.weight} g` : null].filter(Boolean).join(' · ')}
                </Typography.Text>
                <div style={{ marginTop: 8 }}>
                  <Option name={t.option1} values={t.option1Values} />
                  <Option name={t.option2} values={t.option2Values} />
                  <Option name={t.option3} values={t.option3Values} />
                </div>
                <Flex justify="flex-end">{actions(t)}</Flex>
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          loading={templates.isPending}
          dataSource={rows}
          columns={columns}
          pagination={false}
          onRow={() => ({ 'data-testid': 'template-row' }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: empty }}
        />
      )}
      <TemplateDialog open={dialog.open} template={dialog.template} onClose={() => setDialog({ open: false, template: null })} />
    </Card>
  );
}
