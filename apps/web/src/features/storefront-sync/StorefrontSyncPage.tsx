import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Input, List, Segmented, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, RadarChartOutlined, SyncOutlined, ToolOutlined, WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, SYNC_STATES, type SyncState, type TSyncRow } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatDateTime, formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { RouteLink } from '../../shared/ui/RouteLink';
import { useCurrentStore } from '../store/store.api';
import { useDriftCheck, useRepair, useSyncList } from './storefront-sync.api';
import { SyncJobProgress } from './SyncJobProgress';
import './storefront-sync.css';

dayjs.extend(relativeTime);

const STATE_LOOK: Record<SyncState, { label: string; color: string; icon: React.ReactNode }> = {
  synced: { label: 'Synced', color: 'green', icon: <CheckCircleOutlined /> },
  pending: { label: 'Pending', color: 'blue', icon: <SyncOutlined spin /> },
  failed: { label: 'Failed', color: 'red', icon: <ExclamationCircleOutlined /> },
  drifted: { label: 'Drifted', color: 'orange', icon: <WarningOutlined /> },
};

function StateTag({ state }: { state: SyncState }) {
  const look = STATE_LOOK[state];
  return (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-testid="sync-state">
      {look.label}
    </Tag>
  );
}

const since = (iso: string | null) => (iso ? dayjs(iso).fromNow() : 'Never');

/** What went wrong for an item: the platform's words, or what differs from the shop. */
function Problem({ row }: { row: TSyncRow }) {
  if (row.state === 'failed' && row.platformError) {
    return (
      <Typography.Text type="danger" style={{ fontSize: 13 }} data-testid="sync-error">
        {row.platformError}
        {row.attempts > 1 ? ` (${row.attempts} attempts)` : ''}
      </Typography.Text>
    );
  }
  if (row.state === 'drifted' && row.drift.length) {
    return (
      <Typography.Text type="warning" style={{ fontSize: 13 }}>
        {row.drift.join('; ')}
      </Typography.Text>
    );
  }
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/**
 * /storefrontSync (docs/storefront-sync.md "Sync health"): every item that is, was or is to
 * be in the Shopify shop with its sync state, the platform's error, the last successful sync; filters
 * by state; Repair per item and for every failed one; the last drift check and a check now.
 */
export default function StorefrontSyncPage() {
  useDocumentTitle('Shopify sync');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const [state, setState] = useState<SyncState | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = useSyncList({ state, search: search || undefined, page, pageSize });
  const repair = useRepair();
  const drift = useDriftCheck();
  const [repairing, setRepairing] = useState<string | null>(null);

  const onRepair = (ids?: string[]) => {
    setRepairing(ids?.[0] ?? 'all');
    repair.mutate(ids, {
      onSuccess: (r) => message.success(r.message),
      onError: (error) => message.error(errorMessage(error), 5),
      onSettled: () => setRepairing(null),
    });
  };
  const onDriftCheck = () =>
    drift.mutate(undefined, {
      onSuccess: (r) => message.info(r.message),
      onError: (error) => message.error(errorMessage(error), 5),
    });

  const data = list.data;
  const counts = data?.counts ?? { synced: 0, pending: 0, failed: 0, drifted: 0 };
  const toRepair = counts.failed + counts.drifted;

  const columns: TableColumnsType<TSyncRow> = [
    {
      title: 'Item',
      key: 'item',
      render: (_, r) => (
        <Flex vertical>
          <RouteLink to={`/inventories/${r.inventoryId}`}>{r.title}</RouteLink>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.code} · {r.status}
            {r.location ? ` · ${r.location}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Price', dataIndex: 'price', key: 'price', width: 110, align: 'right', render: (p: number) => formatPrice(p, store?.currency) },
    { title: 'State', dataIndex: 'state', key: 'state', width: 120, render: (s: SyncState) => <StateTag state={s} /> },
    { title: 'Problem', key: 'problem', render: (_, r) => <Problem row={r} /> },
    {
      title: 'Last synced',
      dataIndex: 'lastSyncedAt',
      key: 'lastSyncedAt',
      width: 150,
      render: (v: string | null) => (
        <Tooltip title={v ? formatDateTime(v) : undefined}>
          <span>{since(v)}</span>
        </Tooltip>
      ),
    },
    {
      title: '',
      key: 'repair',
      width: 110,
      align: 'right',
      render: (_, r) =>
        r.state === 'pending' ? null : (
          <Button size="small" icon={<ToolOutlined />} loading={repairing === r.inventoryId} onClick={() => onRepair([r.inventoryId])} aria-label={`Repair ${r.code}`}>
            Repair
          </Button>
        ),
    },
  ];

  const stat = (s: SyncState) => (
    <button type="button" key={s} className={`br-sync-stat br-sync-stat-${s}${state === s ? ' br-sync-stat-active' : ''}`} onClick={() => { setState(state === s ? undefined : s); setPage(1); }} data-testid={`sync-count-${s}`}>
      <span className="br-sync-stat-icon">{STATE_LOOK[s].icon}</span>
      <span className="br-sync-stat-n">{counts[s].toLocaleString('en-US')}</span>
      <span className="br-sync-stat-label">{STATE_LOOK[s].label}</span>
    </button>
  );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1280 }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Shopify sync
          </Typography.Title>
          <Typography.Text type="secondary">Each item on sale in the shop, and whether the shop shows it as Backroom does</Typography.Text>
        </div>
        <Button type="primary" icon={<ToolOutlined />} disabled={toRepair === 0} loading={repairing === 'all'} onClick={() => onRepair()} data-testid="repair-all">
          Repair all failed{toRepair ? ` (${toRepair.toLocaleString('en-US')})` : ''}
        </Button>
      </Flex>

      {data && !data.connected && (
        <Alert
          type="warning"
          showIcon
          title="No Shopify shop is connected"
          description={
            <span>
              Nothing is sent to a shop until an Admin connects one in <Link to="/settings#settings-shopify">Settings › Shopify</Link>.
            </span>
          }
        />
      )}

      {data?.syncJob && <SyncJobProgress job={data.syncJob} />}

      <div className="br-sync-stats">{SYNC_STATES.map(stat)}</div>

      <Card size="small" className="br-sync-drift">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex align="center" gap={10}>
            <RadarChartOutlined style={{ fontSize: 18, color: '#1f5fae' }} />
            <div>
              <Typography.Text strong>Drift check</Typography.Text>
              <div data-testid="last-drift-check">
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {data?.lastDriftCheck
                    ? `Last run ${since(data.lastDriftCheck.at)} (${formatDateTime(data.lastDriftCheck.at)}): ${data.lastDriftCheck.checked.toLocaleString('en-US')} checked, ${data.lastDriftCheck.drifted.toLocaleString('en-US')} drifted${data.lastDriftCheck.failure ? `. ${data.lastDriftCheck.failure}` : ''}`
                    : 'Not run yet. It runs every night and compares price, stock and presence with the shop.'}
                </Typography.Text>
              </div>
            </div>
          </Flex>
          <Button icon={<ClockCircleOutlined />} onClick={onDriftCheck} loading={drift.isPending} disabled={!data?.connected}>
            Check now
          </Button>
        </Flex>
      </Card>

      <Card size={isMobile ? 'small' : undefined}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }} align="center">
          <Segmented
            value={state ?? 'all'}
            onChange={(v) => {
              setState(v === 'all' ? undefined : (v as SyncState));
              setPage(1);
            }}
            options={[{ value: 'all', label: 'All' }, ...SYNC_STATES.map((s) => ({ value: s, label: STATE_LOOK[s].label }))]}
            aria-label="Filter by state"
            size={isMobile ? 'small' : undefined}
          />
          <Input.Search
            allowClear
            placeholder="Search code or title"
            maxLength={200}
            style={{ width: isMobile ? '100%' : 260 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            aria-label="Search items"
          />
        </Flex>
        {list.isError && <Alert type="error" showIcon title="The sync states could not be loaded" description={errorMessage(list.error)} style={{ marginBottom: 12 }} />}
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isMobile ? (
          <List
            dataSource={data?.rows ?? []}
            locale={{ emptyText: <Empty description={state ? `No ${STATE_LOOK[state].label.toLowerCase()} items` : 'No items in the sync yet'} /> }}
            renderItem={(r) => (
              <List.Item key={r.inventoryId} className="br-sync-card" data-testid="sync-row">
                <Flex vertical gap={6} style={{ width: '100%' }}>
                  <Flex justify="space-between" gap={8} align="flex-start">
                    <RouteLink to={`/inventories/${r.inventoryId}`}>{r.title}</RouteLink>
                    <StateTag state={r.state} />
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.code} · {r.status}
                    {r.location ? ` · ${r.location}` : ''} · {formatPrice(r.price, store?.currency)}
                  </Typography.Text>
                  {(r.state === 'failed' || r.state === 'drifted') && <Problem row={r} />}
                  <Flex justify="space-between" align="center">
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      Last synced {since(r.lastSyncedAt).toLowerCase()}
                    </Typography.Text>
                    {r.state !== 'pending' && (
                      <Button size="small" icon={<ToolOutlined />} loading={repairing === r.inventoryId} onClick={() => onRepair([r.inventoryId])}>
                        Repair
                      </Button>
                    )}
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        ) : (
          <Table<TSyncRow>
            rowKey="inventoryId"
            columns={columns}
            dataSource={data?.rows ?? []}
            pagination={false}
            loading={list.isFetching && !list.isPending && list.isPlaceholderData}
            onRow={() => ({ 'data-testid': 'sync-row' }) as React.HTMLAttributes<HTMLElement>}
            locale={{ emptyText: <Empty description={state ? `No ${STATE_LOOK[state].label.toLowerCase()} items` : 'No items in the sync yet'} /> }}
          />
        )}
        <ListPagination
          page={page}
          pageSize={pageSize}
          total={data?.count ?? 0}
          isMobile={isMobile}
          onChange={(p, size) => {
            setPage(size === pageSize ? p : 1);
            setPageSize(size);
          }}
        />
      </Card>
    </Flex>
  );
}
