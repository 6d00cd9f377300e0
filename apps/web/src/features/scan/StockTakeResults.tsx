import { useMemo } from 'react';
import { Link } from 'react-router';
import { Alert, App, Badge, Button, Empty, Flex, List, Spin, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PrinterOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { computeStockTake, formatDateShort } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { useMoveToCountedLocation, useScan, useScans, type ScanItem } from './scan.api';
import { ConsignerCell, priceText, ProductCell, StatusTag } from './ScanItemCells';

type Props = {
  scanId: string | null;
  tab: string;
  onTab: (tab: string) => void;
  onView: (scanId: string) => void;
  onScanAgain: (location: string) => void;
};

/** The stock-take's result view (section 2): Missing, Over Scanned, misplaced items and Logs. */
export function StockTakeResults({ scanId, tab, onTab, onView, onScanAgain }: Props) {
  const detail = useScan(scanId);
  const scans = useScans(tab === 'logs');
  const location = detail.data?.scan.location ?? '';
  const result = useMemo(
    () => (detail.data ? computeStockTake(location, detail.data.inventories, detail.data.scannedInventories) : { missing: [], overScanned: [], misplaced: [] }),
    [detail.data, location],
  );

  const listTab = (key: 'missing' | 'overScanned', label: string) => ({
    key,
    label: (
      <span>
        {label} <Badge count={result[key].length} showZero color={key === 'missing' ? '#faad14' : '#ff4d4f'} />
      </span>
    ),
    children: detail.isPending ? (
      <Spin />
    ) : (
      <ResultList
        items={result[key]}
        heading={`${label} — ${location}, ${detail.data ? formatDateTime(detail.data.scan.createdAt) : ''}`}
        empty={key === 'missing' ? 'Nothing is missing: every item expected here was scanned.' : 'No sold item was scanned.'}
        onScanAgain={() => onScanAgain(location)}
      />
    ),
  });

  const tabs = scanId
    ? [
        listTab('missing', 'Missing'),
        listTab('overScanned', 'Over Scanned'),
        {
          key: 'misplaced',
          label: (
            <span>
              Misplaced <Badge count={result.misplaced.length} showZero color="#1677ff" />
            </span>
          ),
          children: <Misplaced scanId={scanId} location={location} items={result.misplaced} />,
        },
      ]
    : [];

  return (
    <Flex vertical gap={12}>
      {detail.isError && <Alert type="error" showIcon title={errorMessage(detail.error)} />}
      {detail.data && (
        <Typography.Text type="secondary" className="br-no-print">
          {location}: {detail.data.scan.scannedCount} scanned, {detail.data.scan.expectedCount} expected
        </Typography.Text>
      )}
      <Tabs
        activeKey={scanId ? tab : 'logs'}
        onChange={onTab}
        items={[
          ...tabs,
          {
            key: 'logs',
            label: 'Logs',
            children: (
              <List
                loading={scans.isPending}
                dataSource={scans.data ?? []}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No stock-take yet" /> }}
                renderItem={(scan) => (
                  <List.Item
                    data-testid="scan-log"
                    actions={[
                      <Button key="view" size="small" onClick={() => onView(scan.id)}>
                        VIEW
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={`${formatDateShort(scan.createdAt)} · ${scan.location ?? ''}`}
                      description={`${scan.scannedCount} scanned, ${scan.expectedCount} expected${scan.createdByName ? ` · by ${scan.createdByName}` : ''}`}
                    />
                  </List.Item>
                )}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}

function ResultList({ items, heading, empty, onScanAgain }: { items: ScanItem[]; heading: string; empty: string; onScanAgain: () => void }) {
  const store = useCurrentStore();
  const isMobile = useIsMobile();
  const columns: TableColumnsType<ScanItem> = [
    { key: 'product', title: 'Product', width: 300, render: (_, item) => <ProductCell item={item} /> },
    { key: 'consigner', title: 'Consigner', width: 170, render: (_, item) => <ConsignerCell item={item} /> },
    { key: 'size', title: 'Size', dataIndex: 'option1Value', width: 80 },
    { key: 'sku', title: 'SKU', dataIndex: 'sku', width: 150, ellipsis: true },
    { key: 'status', title: 'Status', width: 150, render: (_, item) => <StatusTag status={item.status} /> },
    { key: 'price', title: 'Price', width: 100, render: (_, item) => priceText(item.price, store?.currency) },
    {
      key: 'view',
      title: '',
      width: 80,
      className: 'br-no-print',
      render: (_, item) => (
        <Link to={`/inventories/${item.id}`} className="br-no-print">
          VIEW
        </Link>
      ),
    },
  ];
  return (
    <div className="br-print-area">
      <Typography.Title level={5} className="br-print-only">
        {heading}
      </Typography.Title>
      <Flex gap={8} wrap className="br-no-print" style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} onClick={onScanAgain}>
          Scan Again
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={items.length === 0}>
          PRINT
        </Button>
      </Flex>
      <Table<ScanItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={items.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
        scroll={{ x: isMobile ? 1000 : undefined }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    </div>
  );
}

function Misplaced({ scanId, location, items }: { scanId: string; location: string; items: ScanItem[] }) {
  const { message } = App.useApp();
  const move = useMoveToCountedLocation(scanId);
  const isMobile = useIsMobile();
  const columns: TableColumnsType<ScanItem> = [
    { key: 'product', title: 'Product', width: 300, render: (_, item) => <ProductCell item={item} /> },
    { key: 'recorded', title: 'Recorded at', width: 160, render: (_, item) => item.location ?? '—' },
    { key: 'status', title: 'Status', width: 150, render: (_, item) => <StatusTag status={item.status} /> },
    {
      key: 'move',
      title: '',
      width: 200,
      render: (_, item) => (
        <Button
          type="primary"
          icon={<SwapOutlined />}
          loading={move.isPending && move.variables === item.id}
          onClick={() =>
            move.mutate(item.id, {
              onSuccess: (moved) => void message.success(`${moved.code} moved to ${location}`),
              onError: (err) => void message.error(errorMessage(err)),
            })
          }
        >
          Move to {location}
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">Items scanned here that the shop records at another location. One tap moves each one here.</Typography.Text>
      <Table<ScanItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: isMobile ? 800 : undefined }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing misplaced" /> }}
      />
    </Flex>
  );
}
