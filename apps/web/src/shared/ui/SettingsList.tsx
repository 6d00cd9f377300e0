import type { HTMLAttributes, ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, List, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { errorMessage } from '../api';

/**
 * A settings list's card (Locations, Sublocations, Fees, Markdowns): its title with an icon, the Add
 * button ("Add" on a phone) and the page's width and padding; `wide` for lists with many columns.
 */
export function SettingsListCard({
  icon,
  title,
  addLabel,
  onAdd,
  isMobile,
  wide = false,
  testId,
  addTestId,
  children,
}: {
  icon: ReactNode;
  title: string;
  addLabel: string;
  onAdd: () => void;
  isMobile: boolean;
  wide?: boolean;
  testId?: string;
  addTestId?: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          {icon} {title}
        </Flex>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
          {isMobile ? 'Add' : addLabel}
        </Button>
      }
      className={wide ? 'br-touch' : undefined}
      data-testid={testId}
      style={{ maxWidth: wide ? 1400 : 900 }}
      styles={{ body: { padding: isMobile ? 12 : 24 } }}
    >
      {children}
    </Card>
  );
}

/** A settings list's empty state: what it holds, and the Add button. */
export function SettingsEmpty({ text, addLabel, onAdd }: { text: string; addLabel: string; onAdd: () => void }) {
  return (
    <Empty description={text}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Empty>
  );
}

/**
 * A settings list's rows: the error, then a bordered list on a phone (each row its content and icon
 * actions) or a table on a desktop, paged past 20 rows; the empty state in both.
 */
export function SettingsRows<T extends { id: string }>({
  query,
  rows,
  isMobile,
  rowTestId,
  empty,
  columns,
  phoneRow,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  rows: T[];
  isMobile: boolean;
  rowTestId: string;
  empty: ReactNode;
  columns: TableColumnsType<T>;
  phoneRow: (row: T) => { content: ReactNode; actions: ReactNode[] };
}) {
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error)} />;
  if (isMobile)
    return (
      <List
        loading={query.isPending}
        dataSource={rows}
        rowKey="id"
        bordered
        locale={{ emptyText: empty }}
        renderItem={(row) => {
          const { content, actions } = phoneRow(row);
          return (
            <List.Item data-testid={rowTestId} actions={actions}>
              {content}
            </List.Item>
          );
        }}
      />
    );
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={query.isPending}
      dataSource={rows}
      columns={columns}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      onRow={() => ({ 'data-testid': rowTestId }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: empty }}
    />
  );
}
