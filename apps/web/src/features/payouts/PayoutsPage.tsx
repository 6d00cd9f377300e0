import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Empty, Flex, Radio, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { BankOutlined, DownOutlined, EyeOutlined, FileDoneOutlined, RightOutlined, WalletOutlined } from '@ant-design/icons';
import { PAYOUT_STATUSES, consignerWord, formatDateShort, type PayoutStatus } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { ListSearch, useBackToLastPage } from '../../shared/ui/ListView';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { BankDetailsDialog } from './BankDetailsDialog';
import { PayoutCard, PayoutList } from './PayoutList';
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
  const list = usePayouts({ search, status, consigner, page: state.page, pageSize: state.pageSize });
  const options = usePayoutFilterOptions();
  const [bankShare, setBankShare] = useState<PayoutShare | null>(null);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  useBackToLastPage(list, total, state);

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
        <ListSearch
          value={search}
          onSearch={(value) => state.setFilters({ search: value })}
          placeholder="Search Payouts"
          style={{ maxWidth: isMobile ? undefined : 300, flex: isMobile ? undefined : 1 }}
          testId="payout-search"
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

      <PayoutList<Payout>
        list={list}
        rows={rows}
        isMobile={isMobile}
        errorText="The payouts could not be loaded."
        empty={emptyState}
        skeletonRows={6}
        emptyHeight={240}
        columns={columns}
        lines={shares}
        card={(p, open, toggle) => (
          <PayoutCard
            title={
              <Link to={`/payouts/${p.id}`} className="br-pay-title" data-testid="payout-link">
                {p.name}
              </Link>
            }
            sub={`${formatDateShort(p.createdAt)} · ${p.itemCount} ${p.itemCount === 1 ? 'item' : 'items'}`}
            amount={money(p.total)}
            amountSize={16}
            amountTestId="payout-total"
            status={p.status}
            open={open}
            lines={() => shares(p)}
            actions={
              <Flex gap={8} style={{ marginTop: 10 }}>
                <Button icon={open ? <DownOutlined /> : <RightOutlined />} onClick={toggle} style={{ flex: 1 }} data-testid="expand-payout">
                  {p.consignerCount} {p.consignerCount === 1 ? word.toLowerCase() : `${word.toLowerCase()}s`}
                </Button>
                <Button type="primary" ghost icon={<EyeOutlined />} onClick={() => navigate(`/payouts/${p.id}`)} data-testid="view-payout">
                  View
                </Button>
              </Flex>
            }
          />
        )}
      />
      <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={(p, size) => state.setPage(p, size)} />
      <BankDetailsDialog share={bankShare} currency={currency} onClose={() => setBankShare(null)} />
    </Card>
  );
}
