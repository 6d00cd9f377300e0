import { useEffect, useState, type HTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Flex, Input, Radio, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { BankOutlined, DownOutlined, EyeOutlined, FileDoneOutlined, RightOutlined, WalletOutlined } from '@ant-design/icons';
import { PAYOUT_STATUSES, consignerWord, formatDateShort, type PayoutStatus } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { BankDetailsDialog } from './BankDetailsDialog';
import { ChequeTags, ConsignerFilter, ConsignerName, PayoutStatusTag } from './parts';
import { usePayoutFilterOptions, usePayouts, type Payout, type PayoutShare } from './payouts.api';
import './payouts.css';

const FILTER_KEYS = ['search', 'status', 'consigner'] as const;

function asStatus(value: string | undefined): PayoutStatus | undefined {
  return (PAYOUT_STATUSES as readonly string[]).includes(value ?? '') ? (value as PayoutStatus) : undefined;
}

/** /payouts (Orders access; people doc section 2, Payouts list). */
export default function PayoutsPage() {
  useDocumentTitle('Payouts');
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const word = consignerWord(store?.isBuyingStore);
  const money = (major: number) => formatPrice(major, currency);

  const state = useUrlListState(FILTER_KEYS);
  const search = state.values.search ?? '';
  const status = asStatus(state.values.status);
  const consigner = state.values.consigner;
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  const list = usePayouts({ search, status, consigner, page: state.page, pageSize: state.pageSize });
  const options = usePayoutFilterOptions();
  const [bankShare, setBankShare] = useState<PayoutShare | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const { page, pageSize, setPage } = state;
  // A page beyond the last (the list shrank) moves back to the last page.
  useEffect(() => {
    if (!list.data || list.isFetching || page === 1) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) setPage(lastPage, pageSize);
  }, [list.data, list.isFetching, total, page, pageSize, setPage]);

  const statusOptions = [{ value: '', label: 'All' }, ...(options.data?.statuses ?? PAYOUT_STATUSES.map((s) => ({ value: s, label: s })))];
  const consignerChoices = (options.data?.consigners ?? []).map((c) => ({ id: c.value, label: c.label }));
  const filtered = Boolean(search || status || consigner);

  const bankButton = (share: PayoutShare, block = false) => (
    <Button
      size={isMobile ? 'middle' : 'small'}
      icon={<BankOutlined />}
      onClick={(e) => {
        e.stopPropagation();
        setBankShare(share);
      }}
      block={block}
      data-testid="bank-details-button"
    >
      Bank Details
    </Button>
  );

  /** The expandable part of a row: one line per consigner of the payout. */
  const shares = (payout: Payout) => (
    <Flex vertical className="br-pay-subrows" data-testid="payout-shares">
      {payout.consigners.map((share) => (
        <Flex key={share.consignerId} align={isMobile ? 'stretch' : 'center'} gap={isMobile ? 8 : 16} vertical={isMobile} className="br-pay-subrow" data-testid="payout-share-row">
          <Flex vertical style={{ minWidth: 0, flex: isMobile ? undefined : '0 0 240px' }}>
            <ConsignerName consigner={{ id: share.consignerId, name: share.name, email: share.email }} strong />
            <span className="br-pay-sub">{share.email}</span>
          </Flex>
          <Flex gap={8} align="center" wrap style={{ flex: 1, minWidth: 0 }}>
            <PayoutStatusTag status={share.status} testId="share-status" />
            <Tag style={{ marginInlineEnd: 0 }}>{share.payoutType ?? 'No payout type'}</Tag>
            <span className="br-pay-sub">
              {share.itemCount} {share.itemCount === 1 ? 'item' : 'items'}
            </span>
            <ChequeTags cheques={share.cheques} currency={currency} />
          </Flex>
          <Flex gap={12} align="center" justify="space-between">
            <span className="br-pay-amount" data-testid="share-total">
              {money(share.total)}
            </span>
            {bankButton(share)}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );

  const columns: TableColumnsType<Payout> = [
    {
      title: 'Payout',
      key: 'name',
      render: (_, p) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={`/payouts/${p.id}`} className="br-pay-title" data-testid="payout-link" onClick={(e) => e.stopPropagation()}>
            {p.name}
          </Link>
          <span className="br-pay-sub">
            {formatDateShort(p.createdAt)}
            {p.createdByName ? ` · ${p.createdByName}` : ''}
          </span>
        </Flex>
      ),
    },
    { title: 'Status', key: 'status', width: 120, render: (_, p) => <PayoutStatusTag status={p.status} /> },
    {
      title: `${word}s`,
      key: 'consigners',
      width: 220,
      render: (_, p) => (
        <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
          {p.consigners.length === 1 ? p.consigners[0]?.name : `${p.consignerCount} ${word.toLowerCase()}s`}
        </Typography.Text>
      ),
    },
    { title: 'Items', dataIndex: 'itemCount', key: 'itemCount', width: 90, align: 'right' },
    { title: 'Total', key: 'total', width: 140, align: 'right', render: (_, p) => <span className="br-pay-amount" data-testid="payout-total">{money(p.total)}</span> },
    {
      title: '',
      key: 'view',
      width: 100,
      align: 'right',
      render: (_, p) => (
        <Button size="small" icon={<EyeOutlined />} onClick={(e) => { e.stopPropagation(); navigate(`/payouts/${p.id}`); }} data-testid="view-payout">
          View
        </Button>
      ),
    },
  ];

  const emptyState = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? 'No payouts match these filters.' : 'No payouts yet. Pay consigners their sold items from Ready to Pay.'}
      data-testid="payouts-empty"
    >
      {filtered ? (
        <Button onClick={() => state.setFilters({ search: '', status: undefined, consigner: undefined })}>Clear filters</Button>
      ) : (
        <Link to="/pendingPayouts">
          <Button type="primary" icon={<WalletOutlined />}>
            Ready to Pay
          </Button>
        </Link>
      )}
    </Empty>
  );

  const toggleRow = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));

  return (
    <Card
      className="br-payouts"
      title={
        <Flex align="center" gap={10}>
          {!isMobile && <FileDoneOutlined />}
          <span>Payouts</span>
          {list.data && (
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="payouts-count">
              {total} {total === 1 ? 'payout' : 'payouts'}
            </Tag>
          )}
        </Flex>
      }
      extra={
        <Link to="/pendingPayouts">
          <Button icon={<WalletOutlined />}>{isMobile ? 'Ready' : 'Ready to Pay'}</Button>
        </Link>
      }
      style={{ maxWidth: 1400 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Flex gap={isMobile ? 8 : 12} wrap vertical={isMobile} align={isMobile ? 'stretch' : 'center'} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Search Payouts"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '' && search) state.setFilters({ search: '' });
          }}
          onSearch={(value) => state.setFilters({ search: value.trim() })}
          style={{ maxWidth: isMobile ? undefined : 300, flex: isMobile ? undefined : 1 }}
          data-testid="payout-search"
        />
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={status ?? ''}
          options={statusOptions}
          onChange={(e) => state.setFilters({ status: (e.target.value as string) || undefined })}
          className="br-pay-status-filter"
          data-testid="status-filter"
        />
        <ConsignerFilter
          value={consigner}
          options={consignerChoices}
          loading={options.isPending}
          onChange={(id) => state.setFilters({ consigner: id })}
          word={word}
          style={{ width: isMobile ? '100%' : 220 }}
        />
      </Flex>

      {list.isError ? (
        <Alert type="error" showIcon title={errorMessage(list.error, 'The payouts could not be loaded.')} />
      ) : isMobile ? (
        list.isPending ? (
          <div data-testid="payouts-loading">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ) : rows.length === 0 ? (
          emptyState
        ) : (
          <Flex vertical gap={10} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="payout-cards">
            {rows.map((p) => {
              const open = expanded.includes(p.id);
              return (
                <div key={p.id} className="br-pay-card br-pay-card-static" data-testid="payout-row">
                  <Flex justify="space-between" align="flex-start" gap={8}>
                    <Flex vertical style={{ minWidth: 0 }}>
                      <Link to={`/payouts/${p.id}`} className="br-pay-title" data-testid="payout-link">
                        {p.name}
                      </Link>
                      <span className="br-pay-sub">
                        {formatDateShort(p.createdAt)} · {p.itemCount} {p.itemCount === 1 ? 'item' : 'items'}
                      </span>
                    </Flex>
                    <Flex vertical align="flex-end" gap={4}>
                      <span className="br-pay-amount" style={{ fontSize: 16 }} data-testid="payout-total">
                        {money(p.total)}
                      </span>
                      <PayoutStatusTag status={p.status} />
                    </Flex>
                  </Flex>
                  <Flex gap={8} style={{ marginTop: 10 }}>
                    <Button icon={open ? <DownOutlined /> : <RightOutlined />} onClick={() => toggleRow(p.id)} style={{ flex: 1 }} data-testid="expand-payout">
                      {p.consignerCount} {p.consignerCount === 1 ? word.toLowerCase() : `${word.toLowerCase()}s`}
                    </Button>
                    <Button type="primary" ghost icon={<EyeOutlined />} onClick={() => navigate(`/payouts/${p.id}`)} data-testid="view-payout">
                      View
                    </Button>
                  </Flex>
                  {open && <div style={{ marginTop: 10 }}>{shares(p)}</div>}
                </div>
              );
            })}
          </Flex>
        )
      ) : (
        <Table<Payout>
          rowKey="id"
          className="br-pay-table"
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          dataSource={rows}
          columns={columns}
          pagination={false}
          tableLayout="fixed"
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (_open, row) => toggleRow(row.id),
            expandedRowRender: (p) => shares(p),
            columnWidth: 48,
          }}
          onRow={(row) => ({ 'data-testid': 'payout-row', onClick: () => toggleRow(row.id) }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: list.isPending ? <div style={{ height: 240 }} /> : emptyState }}
        />
      )}
      <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={(p, size) => state.setPage(p, size)} />
      <BankDetailsDialog share={bankShare} currency={currency} onClose={() => setBankShare(null)} />
    </Card>
  );
}
