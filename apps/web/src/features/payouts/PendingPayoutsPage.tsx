import { useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DollarOutlined, WalletOutlined } from '@ant-design/icons';
import { PAGE_SIZES, PEOPLE_MESSAGES, consignerWord, formatDateShort, paginationText, previewPayout, toMinor } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListSearch, ListView } from '../../shared/ui/ListView';
import { RouteLink } from '../../shared/ui/RouteLink';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { ConsignerFilter, ConsignerName, consignerName, type ConsignerChoice } from './parts';
import { PayoutConfirmModal, type ConfirmShare } from './PayoutConfirmModal';
import { useCreatePayout, useReadyToPay, type ReadyItem } from './payouts.api';
import { ReadyCard, ReadyItemCell, ReadyPayoutCell, boughtTag, warnsZero } from './ReadyCells';
import { ReadyDateFilter } from './ReadyDateFilter';
import { ReadinessPanel } from './ReadinessPanel';
import './payouts.css';

const FILTER_KEYS = ['search', 'consigner', 'from', 'to'] as const;

/** /pendingPayouts, Ready to Pay (Orders access; people doc section 2, Payouts). */
export default function PendingPayoutsPage() {
  useDocumentTitle('Ready to Pay');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const word = consignerWord(store?.isBuyingStore);
  const money = (major: number) => formatPrice(major, currency);

  const state = useUrlListState(FILTER_KEYS);
  const { search = '', consigner, from, to } = state.values;
  const ready = useReadyToPay({ search, consigner, from, to });
  // Everyone with a ready item, from the list without the consigner filter (a store account's items are never ready).
  const everyone = useReadyToPay({ search: '', consigner: undefined, from: undefined, to: undefined });

  const rows = useMemo(() => ready.data?.rows ?? [], [ready.data]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [confirming, setConfirming] = useState(false);
  const create = useCreatePayout();
  const sending = useRef(false);
  // Back to page 1 when the filters change.
  useEffect(() => setPage((p) => ({ ...p, current: 1 })), [search, consigner, from, to]);

  // Only items on the list now can be paid: a selection hidden by a filter is not sent.
  const chosen = useMemo(() => rows.filter((r) => selected.has(r.id)), [rows, selected]);
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const chosenTotal = chosen.reduce((sum, r) => sum + toMinor(r.total), 0);

  const consignerChoices: ConsignerChoice[] = useMemo(() => {
    const seen = new Map<string, string>();
    for (const item of everyone.data?.rows ?? []) if (item.consigner && !seen.has(item.consignerId)) seen.set(item.consignerId, consignerName(item.consigner));
    return [...seen].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [everyone.data]);

  const shares: ConfirmShare[] = useMemo(() => {
    const preview = previewPayout(chosen.map((r) => ({ id: r.id, consignerId: r.consignerId, totalMinor: toMinor(r.total) })));
    const byId = new Map(chosen.map((r) => [r.id, r]));
    return preview.consigners.map((share) => {
      const items = share.itemIds.map((id) => byId.get(id)!);
      return { ...share, consigner: items[0]?.consigner ?? null, zeroPayoutItems: items.filter(warnsZero).length };
    });
  }, [chosen]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onPayoutItems = () => {
    if (chosen.length === 0) {
      void message.warning(PEOPLE_MESSAGES.selectAtLeastOneItem);
      return;
    }
    setConfirming(true);
  };

  const onConfirm = () => {
    // One payout per confirmation, however often OK is pressed: a double click calls this twice before
    // React re-renders with isPending (and a second mutate would drop the first one's callbacks).
    if (sending.current) return;
    sending.current = true;
    create.mutate(
      {
        inventoriesToPay: chosen.map((r) => r.id),
        // the spec's grouping for the confirmation; the server groups the items itself
        consignersAndInventories: shares.map((s) => ({ consignerId: s.consignerId, inventories: s.itemIds })),
      },
      {
        onSuccess: (payout) => {
          setConfirming(false);
          setSelected(new Set());
          navigate(`/payouts/${payout.id}`);
        },
        onError: (error) => void message.error(errorMessage(error), 6),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const filtered = Boolean(search || consigner || from);

  const itemCell = (item: ReadyItem) => <ReadyItemCell item={item} />;
  const payoutCell = (item: ReadyItem) => <ReadyPayoutCell item={item} money={money} isMobile={isMobile} />;

  const columns: TableColumnsType<ReadyItem> = [
    { title: 'Item', key: 'item', render: (_, item) => itemCell(item) },
    { title: word, key: 'consigner', width: 200, render: (_, item) => <ConsignerName consigner={item.consigner} /> },
    {
      title: 'Order',
      key: 'order',
      width: 170,
      render: (_, item) =>
        item.order ? (
          <Flex vertical>
            <RouteLink to={`/orders/${item.order.id}`}>{item.order.name}</RouteLink>
            <span className="br-pay-sub">{formatDateShort(item.order.orderDate)}</span>
          </Flex>
        ) : (
          boughtTag(item) ?? <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: 'Date sold', key: 'soldOn', width: 110, render: (_, item) => (item.soldOn ? formatDateShort(item.soldOn) : <Typography.Text type="secondary">—</Typography.Text>) },
    { title: 'Price', key: 'price', width: 110, align: 'right', render: (_, item) => money(item.price) },
    { title: 'Payout', key: 'payout', width: 150, align: 'right', render: (_, item) => payoutCell(item) },
  ];

  const emptyState = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? 'No ready items match these filters.' : 'Nothing to pay yet. Items show here once they are sold.'}
      data-testid="ready-empty"
    >
      {filtered && <Button onClick={() => state.setFilters({ search: '', consigner: undefined, from: undefined, to: undefined })}>Clear filters</Button>}
    </Empty>
  );

  const first = rows.length === 0 ? 0 : (page.current - 1) * page.size + 1;
  const last = Math.min(rows.length, page.current * page.size);

  const selectAllButton = (
    <Button onClick={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)))} disabled={rows.length === 0} data-testid="select-all">
      {allChosen ? 'Deselect All' : 'Select All'}
    </Button>
  );
  const selectedCount = (
    <Typography.Text type="secondary" data-testid="selected-count">
      {chosen.length} selected{chosen.length > 0 && <> · <Typography.Text strong>{money(chosenTotal / 100)}</Typography.Text></>}
    </Typography.Text>
  );
  const payoutButton = (
    <Button type="primary" icon={<DollarOutlined />} onClick={onPayoutItems} data-testid="payout-items">
      Payout Items
    </Button>
  );
  // Desktop: one bar above the table. Phone: Select All above the cards, the count and Payout Items in
  // a bar that stays at the bottom of the screen.
  const selectionBar = isMobile ? (
    <Flex gap={8} align="center" justify="space-between" className="br-pay-bar br-pay-bar-phone" data-testid="selection-bar">
      {selectedCount}
      {payoutButton}
    </Flex>
  ) : (
    <Flex gap={12} align="center" justify="space-between" className="br-pay-bar" data-testid="selection-bar">
      <Flex gap={8} align="center">
        {selectAllButton}
        {selectedCount}
      </Flex>
      {payoutButton}
    </Flex>
  );

  return (
    <Card
      className="br-payouts"
      title={
        <Flex align="center" gap={10} wrap>
          {!isMobile && <WalletOutlined />}
          <span>Ready to Pay</span>
          {ready.data && (
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="ready-count">
              {ready.data.count} {ready.data.count === 1 ? 'item' : 'items'} · {money(ready.data.total)}
            </Tag>
          )}
        </Flex>
      }
      style={{ maxWidth: 1400 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <ReadinessPanel word={word} money={money} isMobile={isMobile} onConsigner={(id) => state.setFilters({ consigner: id })} />
      <Flex gap={8} wrap vertical={isMobile} style={{ marginBottom: 16 }}>
        <ListSearch
          value={search}
          onSearch={(value) => state.setFilters({ search: value })}
          placeholder="Search title, SKU or code"
          style={{ maxWidth: isMobile ? undefined : 340, flex: isMobile ? undefined : 1 }}
          testId="ready-search"
        />
        <ConsignerFilter
          value={consigner}
          options={consignerChoices}
          loading={everyone.isPending}
          onChange={(id) => state.setFilters({ consigner: id })}
          word={word}
          style={{ width: isMobile ? '100%' : 220 }}
        />
        <ReadyDateFilter from={from} to={to} onChange={(range) => state.setFilters(range)} isMobile={isMobile} />
      </Flex>

      {!ready.isError && !isMobile && selectionBar}
      <ListView<ReadyItem>
        list={ready}
        rows={rows}
        isMobile={isMobile}
        errorText="The ready items could not be loaded."
        empty={emptyState}
        loadingTestId="ready-loading"
        cardsTestId="ready-cards"
        cards={() => (
          <>
            <Flex justify="space-between" align="center">
              {selectAllButton}
              <Typography.Text type="secondary">
                {rows.length} {rows.length === 1 ? 'item' : 'items'}
              </Typography.Text>
            </Flex>
            {rows.slice((page.current - 1) * page.size, page.current * page.size).map((item) => (
              <ReadyCard key={item.id} item={item} on={selected.has(item.id)} toggle={toggle} word={word} money={money} isMobile={isMobile} />
            ))}
          </>
        )}
        table={{
          className: 'br-pay-table',
          columns,
          rowSelection: {
            selectedRowKeys: chosen.map((r) => r.id),
            preserveSelectedRowKeys: false,
            onSelect: (row, on) => toggle(row.id, on),
            onSelectAll: (on, _rows, changed) =>
              setSelected((current) => {
                const next = new Set(current);
                for (const r of changed) if (on) next.add(r.id);
                else next.delete(r.id);
                return next;
              }),
            columnWidth: 48,
          },
          pagination: {
            current: page.current,
            pageSize: page.size,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: () => <span data-testid="pagination-text">{paginationText(first, last, rows.length)}</span>,
            onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
            hideOnSinglePage: false,
          },
          onRow: (row) => ({ 'data-testid': 'ready-row', onClick: (e) => { if (!(e.target as HTMLElement).closest('a,button,input,.ant-checkbox-wrapper')) toggle(row.id, !selected.has(row.id)); } }) as HTMLAttributes<HTMLElement>,
        }}
      />
      {!ready.isError && isMobile && rows.length > page.size && (
        <Flex justify="center" gap={8} style={{ marginTop: 12 }}>
          <Button disabled={page.current === 1} onClick={() => setPage((p) => ({ ...p, current: p.current - 1 }))}>
            Previous
          </Button>
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid="pagination-text">
            {paginationText(first, last, rows.length)}
          </Typography.Text>
          <Button disabled={last >= rows.length} onClick={() => setPage((p) => ({ ...p, current: p.current + 1 }))}>
            Next
          </Button>
        </Flex>
      )}
      {!ready.isError && isMobile && selectionBar}

      <PayoutConfirmModal
        open={confirming}
        shares={shares}
        itemCount={chosen.length}
        totalMinor={chosenTotal}
        currency={currency}
        word={word}
        pending={create.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
