import { useState } from 'react';
import { App, Button, Card, Flex, InputNumber, Modal, Pagination, Select, Typography } from 'antd';
import { ClockCircleOutlined, FieldTimeOutlined, SyncOutlined } from '@ant-design/icons';
import { EXPIRING_WINDOW_DAYS, EXTEND_DAYS_MAX, formatMoney, toMinor, type TTermActionResult } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListSearch } from '../../shared/ui/ListView';
import { useCurrentStore } from '../store/store.api';
import { ExpiringList } from './ExpiringList';
import { TermEndButtons } from './TermEndButtons';
import { seenOf, useExpiringPage, useTermAction, type ExpiringFilters } from './expiring.api';

const WINDOWS = [7, 14, 30, 60, 90].map((d) => ({ value: d, label: `Next ${d} days` }));
const PAGE_SIZES = ['10', '20', '50', '100'];
type Requested = NonNullable<ExpiringFilters['requested']>;
const REQUESTED: { value: Requested | 'all'; label: string }[] = [
  { value: 'all', label: 'All items' },
  { value: 'any', label: 'Any request' },
  { value: 'renew', label: 'Asked to renew' },
  { value: 'pickup', label: 'Asked to pick up' },
];

/** The answer in words: what changed, and why the others were left. */
function resultText(r: TTermActionResult): string {
  const skipped = r.skipped.length ? ` ${r.skipped.length} left unchanged (${[...new Set(r.skipped.map((s) => s.reason))].join('; ')}).` : '';
  return `${r.message}.${skipped}`;
}

/**
 * /expiringInventory (Inventory access; docs/consignment-terms.md "Expiring inventory"): items in stock
 * whose consignment ends within the chosen days or has ended, soonest first. Staff extend the end,
 * renew by the item's terms (the renewal fee is charged to the consigner's ledger), or end the term:
 * return the items, donate them or convert them to store stock.
 */
export default function ExpiringInventoryPage() {
  useDocumentTitle('Expiring inventory');
  const { message, modal } = App.useApp();
  const isMobile = useIsMobile();
  const currency = useCurrentStore()?.currency || 'USD';
  const [withinDays, setWithinDays] = useState<number>(EXPIRING_WINDOW_DAYS.default);
  const [search, setSearch] = useState('');
  const [requested, setRequested] = useState<Requested | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [extending, setExtending] = useState(false);
  const [extendDays, setExtendDays] = useState<number | null>(14);
  const list = useExpiringPage({ withinDays, search, requested, ...page });
  const act = useTermAction();
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));

  const run = (call: Parameters<typeof act.mutate>[0], after?: () => void) =>
    act.mutate(call, {
      onSuccess: (r) => {
        (r.changed.length ? message.success : message.warning)(resultText(r), 5);
        setSelected([]);
        after?.();
      },
      onError: (error) => message.error(errorMessage(error), 5),
    });

  const renew = () => {
    const renewable = chosen.filter((r) => r.renewable);
    const fees = renewable.reduce((sum, r) => sum + toMinor(r.renewalFee), 0);
    modal.confirm({
      title: `Renew ${chosen.length} ${chosen.length === 1 ? 'item' : 'items'}?`,
      content:
        renewable.length < chosen.length
          ? `${chosen.length - renewable.length} of them have no renewal in their terms and stay as they are. Renewal fees of ${formatMoney(fees, currency)} are charged to the consigners.`
          : `Each gets a new end by its terms. Renewal fees of ${formatMoney(fees, currency)} are charged to the consigners, taken from their next payout.`,
      okText: 'Renew',
      onOk: () => run({ action: 'renew', body: { items: seenOf(chosen) } }),
    });
  };

  const none = chosen.length === 0 || act.isPending;
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <ClockCircleOutlined /> Expiring inventory
        </Flex>
      }
      style={{ maxWidth: 1400 }}
      styles={{ body: { padding: isMobile ? 12 : 24 } }}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 820 }}>
          Items in stock whose consignment ends soon or has ended, soonest first. Grace: ended, within the days of grace of its terms. Due: past them, the end-of-term action applies.
        </Typography.Paragraph>
        <Flex wrap gap={8} align="center">
          <ListSearch
            value={search}
            onSearch={(v) => {
              setSelected([]);
              setSearch(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
            placeholder="Search code, title, SKU or consigner"
            ariaLabel="Search"
            testId="expiring-search"
            style={{ width: isMobile ? '100%' : 320 }}
          />
          <Select
            aria-label="Ending within"
            value={withinDays}
            options={WINDOWS}
            onChange={(v: number) => {
              setSelected([]);
              setWithinDays(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: isMobile ? '100%' : 170 }}
            data-testid="expiring-window"
          />
          {/* the consigners' requests to renew or to pick up (docs/consignment-terms.md "The consigner's requests") */}
          <Select
            aria-label="Requests"
            value={requested ?? 'all'}
            options={REQUESTED}
            onChange={(v: Requested | 'all') => {
              setSelected([]);
              setRequested(v === 'all' ? undefined : v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: isMobile ? '100%' : 170 }}
            data-testid="expiring-requested"
          />
        </Flex>
        <Flex wrap gap={8} align="center">
          <Button onClick={() => setSelected(rows.map((r) => r.id))} disabled={rows.length === 0}>
            Select page
          </Button>
          <Button icon={<FieldTimeOutlined />} disabled={none} onClick={() => setExtending(true)} data-testid="extend-selected">
            Extend{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
          <Button type="primary" icon={<SyncOutlined />} disabled={none} onClick={renew} data-testid="renew-selected">
            Renew{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
          <TermEndButtons count={chosen.length} disabled={none} onConfirm={(action) => run({ action, body: { ids: chosen.map((r) => r.id) } })} />
        </Flex>
        <ExpiringList list={list} rows={rows} isMobile={isMobile} selected={selected} onSelect={setSelected} withinDays={withinDays} searching={search !== '' || requested !== undefined} />
        {(list.data?.total ?? 0) > 0 && (
          <Flex justify={isMobile ? 'center' : 'flex-end'}>
            <Pagination
              current={page.page}
              pageSize={page.limit}
              total={list.data?.total ?? 0}
              size={isMobile ? 'small' : undefined}
              showSizeChanger
              pageSizeOptions={PAGE_SIZES}
              showTotal={(total, [first, last]) => `${first}-${last} of ${total} items`}
              onChange={(p, limit) => {
                setSelected([]);
                setPage({ page: limit === page.limit ? p : 1, limit });
              }}
            />
          </Flex>
        )}
      </Flex>
      <Modal
        title={`Extend ${chosen.length} ${chosen.length === 1 ? 'item' : 'items'}`}
        open={extending}
        okText="Extend"
        confirmLoading={act.isPending}
        okButtonProps={{ disabled: !extendDays }}
        onCancel={() => setExtending(false)}
        onOk={() => extendDays && run({ action: 'extend', body: { items: seenOf(chosen), days: extendDays } }, () => setExtending(false))}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <label htmlFor="extend-days">Extend the end by</label>
          <InputNumber id="extend-days" min={1} max={EXTEND_DAYS_MAX} precision={0} suffix="days" value={extendDays} onChange={(v) => setExtendDays(typeof v === 'number' ? v : null)} style={{ width: 200 }} />
          <Typography.Text type="secondary">An end already past moves from today. No fee is charged; the change is in each item&apos;s activity.</Typography.Text>
        </Flex>
      </Modal>
    </Card>
  );
}
