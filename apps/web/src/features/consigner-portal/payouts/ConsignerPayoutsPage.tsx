import dayjs, { type Dayjs } from 'dayjs';
import { Button, Card, DatePicker, Flex, Tabs, Tag } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { formatIsoDate, type SignedInUser } from '@backroom/domain';
import { formatPrice } from '../../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { ListSearch, useBackToLastPage } from '../../../shared/ui/ListView';
import { useCurrentStore } from '../../store/store.api';
import { useUrlListState } from '../../transfers/url-state';
import { PaidList } from './PaidList';
import { PayoutRequestCard } from './PayoutRequestCard';
import { StoreCreditCard } from './StoreCreditCard';
import { PortalReport } from './PortalReport';
import { EmptyList } from './PortalPayoutParts';
import { ReadyList } from './ReadyList';
import { useBoughtItems, usePaidPayouts, usePortalReport } from './portal-payouts.api';
import '../../../shared/touch.css';
import '../../payouts/payouts.css';
import './portal-payouts.css';

type Tab = 'paid' | 'ready';
const KEYS = ['tab', 'from', 'to', 'search'] as const;

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

  const q = { from, to, search, page: state.page, pageSize: state.pageSize };
  // both tabs load, so each shows its count; the other tab's list is read from the first page
  const paid = usePaidPayouts(user.id, tab === 'paid' ? q : { ...q, page: 1, pageSize: 10 }, true);
  const ready = useBoughtItems(user.id, tab === 'ready' ? q : { ...q, page: 1, pageSize: 10 }, true);
  const report = usePortalReport(user.id, from, to);

  const current = tab === 'paid' ? paid : ready;
  const total = current.data?.total ?? 0;
  useBackToLastPage(current, total, state);

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
        <PayoutRequestCard consignerId={user.id} money={money} isMobile={isMobile} />
        <StoreCreditCard consignerId={user.id} money={money} />
        <Flex gap={isMobile ? 8 : 12} wrap vertical={isMobile} align={isMobile ? 'stretch' : 'center'}>
          {dateFilter}
          <ListSearch
            value={search}
            onSearch={(value) => state.setFilters({ search: value })}
            placeholder={tab === 'paid' ? 'Search payout, item or SKU' : 'Search item or SKU'}
            style={{ maxWidth: isMobile ? undefined : 300, flex: isMobile ? undefined : 1 }}
            testId="payout-search"
          />
          {filtered && !isMobile && (
            <Button type="link" onClick={clearFilters} data-testid="clear-filters">
              Clear
            </Button>
          )}
        </Flex>
        <PortalReport report={report} isMobile={isMobile} money={money} />
        <Tabs
          activeKey={tab}
          onChange={(key) => state.setFilters({ tab: key === 'ready' ? 'ready' : undefined })}
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
