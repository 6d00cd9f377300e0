import type { HTMLAttributes, ReactNode } from 'react';
import { Card, Checkbox, Empty, Flex, Image, List, Pagination, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { pageBounds, PAGE_SIZES, paginationText, statusColor, statusLabel } from '@backroom/domain';
import { formatPrice, fullName } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import type { InventoryItem } from '../inventory-item/inventory-item.api';

const FALLBACK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

interface TransferListProps {
  rows: InventoryItem[];
  count: number;
  loading: boolean;
  currentPage: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  selected: string[];
  onSelect: (ids: string[]) => void;
  canSelect: (item: InventoryItem) => boolean;
  currency: string | null;
  isBuyingStore: boolean;
  emptyText: string;
  /** A per-row action (e.g. accept transfer). */
  action?: (item: InventoryItem) => ReactNode;
}

/** The paginated item list of the transfer screens; a click on an item opens /inventories/{id}. */
export function TransferList(props: TransferListProps) {
  const { rows, count, loading, currentPage, pageSize, onPage, selected, onSelect, canSelect, currency, isBuyingStore, emptyText, action } = props;
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const open = (item: InventoryItem) => navigate(`/inventories/${item.id}`);
  const { first, last } = pageBounds(currentPage, pageSize, count);
  const status = (item: InventoryItem) => <Tag color={statusColor(item.status, 'staff')}>{statusLabel(item.status, { isBuyingStore })}</Tag>;
  const toggle = (id: string, on: boolean) => onSelect(on ? [...new Set([...selected, id])] : selected.filter((s) => s !== id));

  const pagination = {
    current: currentPage,
    pageSize,
    total: count,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: !isMobile,
    showTotal: () => paginationText(first, last, count),
    onChange: onPage,
    size: isMobile ? ('small' as const) : undefined,
  };

  if (isMobile) {
    return (
      <Flex vertical gap={12}>
        <List
          loading={loading}
          dataSource={rows}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          rowKey="id"
          renderItem={(item) => (
            <List.Item className="br-card-item">
              <Card size="small" style={{ marginBottom: 8 }} data-testid="transfer-row" onClick={() => open(item)} hoverable>
                <Flex gap={12} align="start">
                  <Checkbox
                    aria-label={`Select ${item.code}`}
                    checked={selected.includes(item.id)}
                    disabled={!canSelect(item)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={(e) => toggle(item.id, e.target.checked)}
                  />
                  <Image src={item.image ?? undefined} alt="" width={48} height={48} preview={false} fallback={FALLBACK_IMAGE} style={{ objectFit: 'contain' }} />
                  <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Typography.Text strong ellipsis>
                      {item.title}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {item.code} · {item.option1Value ?? '—'} · {formatPrice(item.price, currency)}
                    </Typography.Text>
                    <Flex wrap gap={4} align="center">
                      {status(item)}
                      <Typography.Text style={{ fontSize: 12 }}>{[item.location, item.subLocation].filter(Boolean).join(' / ') || 'No location'}</Typography.Text>
                    </Flex>
                    {action && (
                      <div onClick={(e) => e.stopPropagation()} style={{ marginTop: 6 }}>
                        {action(item)}
                      </div>
                    )}
                  </Flex>
                </Flex>
              </Card>
            </List.Item>
          )}
        />
        {count > 0 && <Pagination {...pagination} style={{ alignSelf: 'center' }} />}
      </Flex>
    );
  }

  // Fixed widths that fit 1440 px beside the menu: the product cell holds the picture, the title (one
  // line, with an ellipsis), the code, the size and the SKU, so it is never crushed (docs/inventory-lists-screens.md).
  const columns: TableColumnsType<InventoryItem> = [
    {
      title: 'Product',
      key: 'product',
      width: 330,
      render: (_, item) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }} data-testid="transfer-product">
          <div style={{ flex: 'none', width: 44 }}>
            <Image src={item.image ?? undefined} alt="" width={44} height={44} preview={false} fallback={FALLBACK_IMAGE} style={{ objectFit: 'contain' }} />
          </div>
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: item.title }}>
              {item.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {item.code}
              {item.option1Value ? ` · Size ${item.option1Value}` : ''}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: item.sku }}>
              SKU {item.sku}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: 'Location', key: 'location', width: 150, render: (_, item) => [item.location, item.subLocation].filter(Boolean).join(' / ') || '—' },
    { title: 'Status', key: 'status', width: 120, render: (_, item) => status(item) },
    { title: 'Price', dataIndex: 'price', width: 100, align: 'right', render: (v: number) => formatPrice(v, currency) },
    { title: 'Consigner', key: 'consigner', width: 150, ellipsis: true, render: (_, item) => (item.consigner ? fullName(item.consigner) : '—') },
    ...(action ? [{ title: '', key: 'action', width: 160, render: (_: unknown, item: InventoryItem) => <div onClick={(e) => e.stopPropagation()}>{action(item)}</div> }] : []),
  ];
  // the selection column, then the columns' own widths: the table scrolls only below that
  const minWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 32);

  return (
    <Table<InventoryItem>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      pagination={pagination}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (item) => ({ disabled: !canSelect(item), 'aria-label': `Select ${item.code}` }),
      }}
      onRow={(item) =>
        ({
          // The selection checkbox sits in the row: ticking it must not open the item.
          onClick: (e) => {
            if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) open(item);
          },
          style: { cursor: 'pointer' },
          'data-testid': 'transfer-row',
        }) as HTMLAttributes<HTMLElement>
      }
      scroll={{ x: minWidth }}
      tableLayout="fixed"
      data-testid="transfer-table"
    />
  );
}
