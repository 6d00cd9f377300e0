import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Card, Col, DatePicker, Empty, Flex, Input, Row, Skeleton, Statistic, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CalendarOutlined, CheckCircleOutlined, ClockCircleOutlined, DownOutlined, RightOutlined, ShoppingOutlined, WalletOutlined } from '@ant-design/icons';
import { formatDateShort, formatIsoDate, truncateSku, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { formatPrice } from '../../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { useCurrentStore } from '../../store/store.api';
import { useUrlListState } from '../../transfers/url-state';
import { PayoutStatusTag } from '../../payouts/parts';
import { useBoughtItems, usePaidPayouts, usePortalReport, type PortalBoughtItem, type PortalPayout } from './portal-payouts.api';
import '../../../shared/touch.css';
import '../../payouts/payouts.css';
import './portal-payouts.css';

type Tab = 'paid' | 'ready';
const KEYS = ['tab', 'from', 'to', 'search'] as const;
/** Spec 9: SKU display truncated at 10 characters plus an ellipsis in the consigner payout views. */
const SKU_CHARS = 10;

/** What an item is: its size and other options. */
function optionsOf(item: { option1Value: string | null; option2Value: string | null; option3Value: string | null }): string {
  return [item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ');
}

function Sku({ sku }: { sku: string }) {
  const shown = truncateSku(sku, SKU_CHARS);
  const text = <span className="br-pp-sku" data-testid="item-sku">{shown}</span>;
  return shown === sku ? text : <Tooltip title={sku}>{text}</Tooltip>;
}

function Thumb({ src }: { src: string | null }) {
  return src ? (
    <img className="br-pay-thumb" src={src} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <span className="br-pay-thumb br-pp-thumb-empty" aria-hidden>
      <ShoppingOutlined />
    </span>
  );
}

/**
 * The consigner's Payout page (/payouts; people doc section 2, "Consigner portal Payout page"): title
 * Payout, a date range with no default, the consigner report's three figures over it, and two tabs:
 * Paid (the payouts whose share for them is paid) and Ready to Pay (what the store bought from them
 * and still owes). Failed and Pending payouts are not shown (spec). Table on a desktop, cards on a phone.
 */
export default function ConsignerPayoutsPage({ user }: { user: SignedInUser }) {
  useDocumentTitle('Payout');
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const money = (major: number) => formatPrice(major, currency);

  const state = useUrlListState(KEYS);
  const tab: Tab = state.values.tab === 'ready' ? 'ready' : 'paid';
  const from = state.values.from;
  const to = state.values.to;
  const search = state.values.search ?? '';
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);

  const q = { from, to, search, page: state.page, pageSize: state.pageSize };
  // both tabs load, so each shows its count; the other tab's list is read from the first page
  const paid = usePaidPayouts(user.id, tab === 'paid' ? q : { ...q, page: 1, pageSize: 10 }, true);
  const ready = useBoughtItems(user.id, tab === 'ready' ? q : { ...q, page: 1, pageSize: 10 }, true);
  const report = usePortalReport(user.id, from, to);
  const [expanded, setExpanded] = useState<string[]>([]);
  const toggle = (id: string) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));

  const current = tab === 'paid' ? paid : ready;
  const total = current.data?.total ?? 0;
  const { page, pageSize, setPage } = state;
  // A page beyond the last (the list shrank) moves back to the last page.
  useEffect(() => {
    if (!current.data || current.isFetching || page === 1) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) setPage(lastPage, pageSize);
  }, [current.data, current.isFetching, total, page, pageSize, setPage]);

  const setRange = (start: Dayjs | null, end: Dayjs | null) =>
    state.setFilters({ from: start ? formatIsoDate(start.toDate()) : undefined, to: end ? formatIsoDate(end.toDate()) : undefined });
  const filtered = Boolean(from || to || search);
  const clearFilters = () => state.setFilters({ from: undefined, to: undefined, search: '' });

  const dateFilter = isMobile ? (
    // a two-month panel does not fit a phone: two pickers
    <Flex gap={8}>
      <DatePicker
        placeholder="From"
        value={from ? dayjs(from) : null}
        onChange={(d) => setRange(d, to ? dayjs(to) : d)}
        disabledDate={(d) => (to ? d.isAfter(dayjs(to), 'day') : false)}
        inputReadOnly
        style={{ flex: 1 }}
        data-testid="range-from"
      />
      <DatePicker
        placeholder="To"
        value={to ? dayjs(to) : null}
        onChange={(d) => (d ? setRange(from ? dayjs(from) : d, d) : setRange(null, null))}
        disabledDate={(d) => (from ? d.isBefore(dayjs(from), 'day') : false)}
        inputReadOnly
        style={{ flex: 1 }}
        data-testid="range-to"
      />
    </Flex>
  ) : (
    <DatePicker.RangePicker
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(v) => setRange(v?.[0] ?? null, v?.[1] ?? null)}
      placeholder={['Start date', 'End date']}
      allowClear
      style={{ width: 280 }}
      data-testid="payout-range"
    />
  );

  const figures = [
    { key: 'sales', title: 'Total Sales', note: 'before fees', value: report.data?.totalSold },
    { key: 'payout', title: 'Total Payout', note: 'paid to you', value: report.data?.totalPaid },
    { key: 'pending', title: 'Pending Payout', note: 'after fees', value: report.data?.totalPending },
  ];
  const summary = report.isError ? (
    <Alert type="error" showIcon title={errorMessage(report.error, 'Your figures could not be loaded.')} />
  ) : isMobile ? (
    <Card size="small" data-testid="report-cards">
      <Flex vertical gap={8}>
        {figures.map((f) => (
          <Flex key={f.key} justify="space-between" align="baseline" gap={8} data-testid={`report-${f.key}`}>
            <span>
              {f.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({f.note})</Typography.Text>
            </span>
            {report.isPending ? <Skeleton.Button active size="small" style={{ width: 72 }} /> : <Typography.Text strong style={{ fontSize: 17 }}>{money(f.value ?? 0)}</Typography.Text>}
          </Flex>
        ))}
      </Flex>
    </Card>
  ) : (
    <Row gutter={[16, 16]} data-testid="report-cards">
      {figures.map((f) => (
        <Col xs={24} sm={8} key={f.key}>
          <Card size="small" styles={{ body: { padding: '16px 20px' } }} data-testid={`report-${f.key}`}>
            <Statistic
              className="br-pay-figure"
              title={
                <>
                  {f.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({f.note})</Typography.Text>
                </>
              }
              value={report.isPending ? undefined : money(f.value ?? 0)}
              loading={report.isPending}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );

  const countLabel = (label: string, n: number | undefined) => (
    <span>
      {label}
      {n !== undefined && (
        <Tag className="br-pp-count" bordered={false}>
          {n}
        </Tag>
      )}
    </span>
  );

  return (
    <Card
      className="br-payouts br-portal-payouts br-touch"
      title={
        <Flex align="center" gap={10}>
          {!isMobile && <WalletOutlined />}
          <span>Payout</span>
        </Flex>
      }
      style={{ maxWidth: 1200 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Flex vertical gap={16}>
        <Flex gap={isMobile ? 8 : 12} wrap vertical={isMobile} align={isMobile ? 'stretch' : 'center'}>
          {dateFilter}
          <Input.Search
            allowClear
            placeholder={tab === 'paid' ? 'Search payout, item or SKU' : 'Search item or SKU'}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              if (e.target.value === '' && search) state.setFilters({ search: '' });
            }}
            onSearch={(value) => state.setFilters({ search: value.trim() })}
            style={{ maxWidth: isMobile ? undefined : 300, flex: isMobile ? undefined : 1 }}
            data-testid="payout-search"
          />
          {filtered && !isMobile && (
            <Button type="link" onClick={clearFilters} data-testid="clear-filters">
              Clear
            </Button>
          )}
        </Flex>
        {summary}
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setExpanded([]);
            state.setFilters({ tab: key === 'ready' ? 'ready' : undefined });
          }}
          items={[
            { key: 'paid', label: countLabel('Paid', paid.data?.total) },
            { key: 'ready', label: countLabel('Ready to Pay', ready.data?.total) },
          ]}
          className="br-pp-tabs"
          data-testid="payout-tabs"
        />
      </Flex>

      {tab === 'paid' ? (
        <PaidList
          list={paid}
          isMobile={isMobile}
          money={money}
          expanded={expanded}
          toggle={toggle}
          empty={<EmptyList filtered={filtered} onClear={clearFilters} text="No paid payouts yet. When the store pays you for your sold items, the payout shows here." />}
        />
      ) : (
        <ReadyList
          list={ready}
          isMobile={isMobile}
          money={money}
          empty={<EmptyList filtered={filtered} onClear={clearFilters} text="Nothing is waiting to be paid. Items the store buys from you show here until they are paid." />}
        />
      )}
      <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={(p, size) => state.setPage(p, size)} />
    </Card>
  );
}

function EmptyList({ filtered, onClear, text }: { filtered: boolean; onClear: () => void; text: string }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? 'Nothing matches these dates or this search.' : text} data-testid="payouts-empty">
      {filtered && <Button onClick={onClear}>Clear filters</Button>}
    </Empty>
  );
}

type ListResult<T> = { data?: { rows: T[] }; isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; isPlaceholderData: boolean };

/** The items of one payout (their share): item, SKU (10 characters), date sold YY/MM/DD, amount. */
function PayoutItems({ payout, money, isMobile }: { payout: PortalPayout; money: (n: number) => string; isMobile: boolean }) {
  return (
    <Flex vertical className="br-pay-subrows" data-testid="payout-items">
      {payout.inventories.map((it) => (
        <Flex key={it.id} gap={isMobile ? 10 : 16} align="center" className="br-pay-subrow" data-testid="payout-item">
          <Thumb src={it.image} />
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <span className="br-pay-title">{it.title}</span>
            <span className="br-pay-sub">
              <Sku sku={it.sku} />
              {optionsOf(it) ? ` · ${optionsOf(it)}` : ''}
              {it.quantity > 1 ? ` · x${it.quantity}` : ''}
            </span>
          </Flex>
          {!isMobile && (
            <span className="br-pp-cell-date" data-testid="item-sold">
              {it.bought ? 'Bought by the store' : it.soldOn ? `Sold ${formatDateShort(it.soldOn)}` : '—'}
            </span>
          )}
          <Flex vertical align="flex-end" style={{ flex: 'none' }}>
            <span className="br-pay-amount" data-testid="item-amount">
              {money(it.total)}
            </span>
            {isMobile && <span className="br-pay-sub">{it.bought ? 'Bought' : it.soldOn ? `Sold ${formatDateShort(it.soldOn)}` : ''}</span>}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

function PaidList(props: { list: ListResult<PortalPayout>; isMobile: boolean; money: (n: number) => string; expanded: string[]; toggle: (id: string) => void; empty: ReactNode }) {
  const { list, isMobile, money, expanded, toggle, empty } = props;
  const rows = list.data?.rows ?? [];
  const itemsWord = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
  if (list.isError) return <Alert type="error" showIcon title={errorMessage(list.error, 'Your payouts could not be loaded.')} />;

  if (isMobile) {
    if (list.isPending) return (
      <div data-testid="payouts-loading">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
    if (rows.length === 0) return empty;
    return (
      <Flex vertical gap={10} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="payout-cards">
        {rows.map((p) => {
          const open = expanded.includes(p.id);
          return (
            <div key={p.id} className="br-pay-card br-pay-card-static" data-testid="payout-row">
              <Flex justify="space-between" align="flex-start" gap={8}>
                <Flex vertical style={{ minWidth: 0 }}>
                  <span className="br-pay-title" data-testid="payout-name">
                    {p.name}
                  </span>
                  <span className="br-pay-sub">
                    <CalendarOutlined /> {formatDateShort(p.createdAt)} · {itemsWord(p.itemCount)}
                  </span>
                </Flex>
                <Flex vertical align="flex-end" gap={4}>
                  <span className="br-pay-amount" style={{ fontSize: 17 }} data-testid="payout-amount">
                    {money(p.total)}
                  </span>
                  <PayoutStatusTag status={p.shareStatus} />
                </Flex>
              </Flex>
              <Button block icon={open ? <DownOutlined /> : <RightOutlined />} onClick={() => toggle(p.id)} style={{ marginTop: 10 }} data-testid="expand-payout">
                {open ? 'Hide items' : `Show ${itemsWord(p.itemCount)}`}
              </Button>
              {open && (
                <div style={{ marginTop: 10 }}>
                  <PayoutItems payout={p} money={money} isMobile />
                </div>
              )}
            </div>
          );
        })}
      </Flex>
    );
  }

  const columns: TableColumnsType<PortalPayout> = [
    {
      title: 'Payout',
      key: 'name',
      render: (_, p) => (
        <span className="br-pay-title" data-testid="payout-name">
          {p.name}
        </span>
      ),
    },
    { title: 'Date', key: 'date', width: 130, render: (_, p) => <span data-testid="payout-date">{formatDateShort(p.createdAt)}</span> },
    { title: 'Items', dataIndex: 'itemCount', key: 'items', width: 90, align: 'right' },
    {
      title: 'Amount',
      key: 'amount',
      width: 150,
      align: 'right',
      render: (_, p) => (
        <span className="br-pay-amount" data-testid="payout-amount">
          {money(p.total)}
        </span>
      ),
    },
    { title: 'Status', key: 'status', width: 110, align: 'right', render: (_, p) => <PayoutStatusTag status={p.shareStatus} /> },
  ];
  return (
    <Table<PortalPayout>
      rowKey="id"
      className="br-pay-table"
      loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
      dataSource={rows}
      columns={columns}
      pagination={false}
      tableLayout="fixed"
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (_open, row) => toggle(row.id),
        expandedRowRender: (p) => <PayoutItems payout={p} money={money} isMobile={false} />,
        columnWidth: 48,
      }}
      onRow={(row) => ({ 'data-testid': 'payout-row', onClick: () => toggle(row.id) }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: list.isPending ? <div style={{ height: 200 }} /> : empty }}
    />
  );
}

function InPayout({ item }: { item: PortalBoughtItem }) {
  return item.payoutName ? (
    <Tag color="blue" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }} data-testid="bought-state">
      In payout {item.payoutName}
    </Tag>
  ) : (
    <Tag color="gold" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }} data-testid="bought-state">
      Awaiting payout
    </Tag>
  );
}

function ReadyList(props: { list: ListResult<PortalBoughtItem> & { data?: { amount: number; total: number } }; isMobile: boolean; money: (n: number) => string; empty: ReactNode }) {
  const { list, isMobile, money, empty } = props;
  const rows = list.data?.rows ?? [];
  if (list.isError) return <Alert type="error" showIcon title={errorMessage(list.error, 'The items could not be loaded.')} />;
  const owed = list.data && list.data.total > 0 && (
    <Flex justify="space-between" align="center" className="br-pay-bar" data-testid="ready-owed">
      <span>
        {list.data.total} {list.data.total === 1 ? 'item' : 'items'} bought by the store
      </span>
      <span>
        To be paid <span className="br-pay-amount">{money(list.data.amount)}</span>
      </span>
    </Flex>
  );

  if (isMobile) {
    if (list.isPending) return (
      <div data-testid="payouts-loading">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
    if (rows.length === 0) return empty;
    return (
      <>
        {owed}
        <Flex vertical gap={10} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="ready-cards">
          {rows.map((it) => (
            <div key={it.id} className="br-pay-card br-pay-card-static" data-testid="ready-row">
              <Flex gap={10} align="flex-start">
                <Thumb src={it.image} />
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <span className="br-pay-title">{it.title}</span>
                  <span className="br-pay-sub">
                    <Sku sku={it.sku} />
                    {optionsOf(it) ? ` · ${optionsOf(it)}` : ''}
                  </span>
                  <span className="br-pay-sub">Taken in {it.acceptedOn ? formatDateShort(it.acceptedOn) : '—'}</span>
                </Flex>
                <span className="br-pay-amount" style={{ fontSize: 16 }} data-testid="ready-amount">
                  {money(it.total)}
                </span>
              </Flex>
              <div style={{ marginTop: 8 }}>
                <InPayout item={it} />
              </div>
            </div>
          ))}
        </Flex>
      </>
    );
  }

  const columns: TableColumnsType<PortalBoughtItem> = [
    {
      title: 'Item',
      key: 'item',
      render: (_, it) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <Thumb src={it.image} />
          <Flex vertical style={{ minWidth: 0 }}>
            <span className="br-pay-title">{it.title}</span>
            <span className="br-pay-sub">{optionsOf(it) || '—'}</span>
          </Flex>
        </Flex>
      ),
    },
    { title: 'SKU', key: 'sku', width: 140, render: (_, it) => <Sku sku={it.sku} /> },
    { title: 'Taken in', key: 'accepted', width: 110, render: (_, it) => (it.acceptedOn ? formatDateShort(it.acceptedOn) : '—') },
    { title: 'Payout', key: 'payout', width: 190, render: (_, it) => <InPayout item={it} /> },
    {
      title: 'Amount',
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_, it) => (
        <span className="br-pay-amount" data-testid="ready-amount">
          {money(it.total)}
        </span>
      ),
    },
  ];
  return (
    <>
      {owed}
      <Table<PortalBoughtItem>
        rowKey="id"
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        dataSource={rows}
        columns={columns}
        pagination={false}
        tableLayout="fixed"
        onRow={() => ({ 'data-testid': 'ready-row' }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: list.isPending ? <div style={{ height: 200 }} /> : empty }}
      />
    </>
  );
}
