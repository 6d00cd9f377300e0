import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Empty, Flex, Input, Modal, Select, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, InboxOutlined, PrinterOutlined } from '@ant-design/icons';
import { consignerWord, formatDateShort, INVENTORY_MESSAGES, statusColor, statusLabel, truncateSku, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { formatPrice, fullName } from '../../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { useInventoryFilterOptions } from '../../../shared/lookups.api';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { useCurrentStore } from '../../store/store.api';
import { useUrlListState } from '../../transfers/url-state';
import { fetchAllDropoffItems, useCancelDropoff, useDropoffItems, type DropoffItem, type DropoffStatus } from './dropoff.api';
import { DropoffManifest, ManifestPrintCopy, type ManifestInfo } from './DropoffManifest';
import './dropoff.css';
import { ItemImage } from '../../../shared/ui/ItemImage';

const FILTER_KEYS = ['search', 'location'] as const;
/** A phone shows one card per unit (spec 9); past this many units of one item the rest are counted, not drawn. */
const MAX_CARDS_PER_ITEM = 20;

const SCREEN: Record<DropoffStatus, { title: string; intro: string; empty: string }> = {
  Requested: {
    title: 'Requested',
    intro: 'Items you asked the store to take. The store reviews each request; accepted ones move to Drop Off Pending.',
    empty: 'No drop-off requests yet.',
  },
  Pending: {
    title: 'Drop Off Pending',
    intro: 'The store accepted these items: bring them in. Print the manifest so the shop can check them against it.',
    empty: 'Nothing to drop off right now.',
  },
};

function Thumb({ src, size = 44 }: { src: string | null; size?: number }) {
  return <ItemImage src={src} size={size} className="br-drop-thumb" />;
}

function StatusTag({ item }: { item: DropoffItem }) {
  // The consigner portal shows every status but Sold in red; Pending reads 'Drop off pending' (spec 4).
  return (
    <Tag color={statusColor(item.status, 'consigner')} style={{ marginInlineEnd: 0 }} data-testid="dropoff-status">
      {statusLabel(item.status)}
    </Tag>
  );
}

const optionsOf = (item: DropoffItem) => [item.option2Value, item.option3Value].filter(Boolean).join(' · ');

/** Requested Inventory: /dropoff (status Requested) and /dropoffPending (status Pending) of the consigner portal. */
export default function DropoffPage({ user, status = 'Pending' }: { user: SignedInUser; status?: DropoffStatus }) {
  const screen = SCREEN[status];
  useDocumentTitle(screen.title);
  const { message, modal } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const money = (major: number) => formatPrice(major, currency);

  const state = useUrlListState(FILTER_KEYS);
  const { search = '', location } = state.values;
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  const query = useMemo(() => ({ status, search, location }), [status, search, location]);
  const list = useDropoffItems(query, state.page, state.pageSize);
  const options = useInventoryFilterOptions();
  const cancel = useCancelDropoff();

  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const total = list.data?.count ?? 0;
  // A page beyond the last (after cancelling its items) moves back to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && rows.length === 0 && total > 0 && state.page > 1) state.setPage(Math.ceil(total / state.pageSize), state.pageSize);
  }, [list.data, list.isPlaceholderData, rows.length, total, state]);

  // Checked items, kept with their rows so the manifest can list them across pages; a change of
  // filter clears them (what is checked is always what the list shows).
  const [checked, setChecked] = useState<Map<string, DropoffItem>>(() => new Map());
  useEffect(() => setChecked(new Map()), [search, location]);
  const toggle = (items: DropoffItem[], on: boolean) =>
    setChecked((current) => {
      const next = new Map(current);
      for (const item of items) if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });
  const pageChecked = rows.filter((r) => checked.has(r.id)).length;
  const allOnPage = rows.length > 0 && pageChecked === rows.length;

  const [manifest, setManifest] = useState<{ info: ManifestInfo; items: DropoffItem[] } | null>(null);
  const [building, setBuilding] = useState(false);

  const runCancel = (ids: string[]) =>
    cancel.mutateAsync(ids).then(
      () => {
        void message.success(INVENTORY_MESSAGES.dropoffCancelled);
        setChecked((current) => {
          const next = new Map(current);
          for (const id of ids) next.delete(id);
          return next;
        });
      },
      (error: unknown) => {
        void message.error(errorMessage(error, 'The drop-off could not be cancelled'), 5);
      },
    );

  const confirmCancelOne = (item: DropoffItem) =>
    modal.confirm({
      title: INVENTORY_MESSAGES.cancelDropoffConfirm,
      content: `${item.product.title || item.title} (${item.code}${item.quantity > 1 ? `, ${item.quantity} units` : ''}) is removed from your ${screen.title.toLowerCase()} items.`,
      okText: 'Confirm',
      okButtonProps: { danger: true },
      cancelText: 'Keep',
      onOk: () => runCancel([item.id]),
    });

  const confirmCancelChecked = () =>
    modal.confirm({
      title: 'Do you want to cancel all checked items?',
      content: `${checked.size} ${checked.size === 1 ? 'item' : 'items'} will be removed.`,
      okText: 'Confirm',
      okButtonProps: { danger: true },
      cancelText: 'Keep',
      onOk: () => runCancel([...checked.keys()]),
    });

  const openManifest = async () => {
    setBuilding(true);
    try {
      const items = checked.size > 0 ? [...checked.values()] : await fetchAllDropoffItems(query);
      if (items.length === 0) {
        void message.info('There are no items to put on a manifest');
        return;
      }
      setManifest({
        items,
        info: {
          storeName: store?.name ?? '',
          currency,
          consignerWord: consignerWord(store?.isBuyingStore),
          consignerName: fullName(user) || user.email,
          consignerEmail: user.email,
          status,
          location,
          scope: checked.size > 0 ? 'selected' : 'all',
          date: new Date(),
        },
      });
    } catch (error) {
      void message.error(errorMessage(error, 'The manifest could not be made'));
    } finally {
      setBuilding(false);
    }
  };

  const itemCell = (item: DropoffItem) => (
    <Flex gap={10} align="center" style={{ minWidth: 0 }}>
      <Thumb src={item.image ?? item.product.image} />
      <Flex vertical style={{ minWidth: 0 }}>
        <RouteLink to={`/productItem/${item.productId}`} className="br-drop-title">
          {item.product.title || item.title}
        </RouteLink>
        <span className="br-drop-sub" title={item.product.sku || item.sku}>
          {item.code} · {truncateSku(item.product.sku || item.sku)}
        </span>
      </Flex>
    </Flex>
  );

  const cancelButton = (item: DropoffItem, block = false) => (
    <Button danger block={block} icon={<DeleteOutlined />} onClick={() => confirmCancelOne(item)} data-testid="cancel-dropoff" aria-label={`Cancel drop-off of ${item.code}`}>
      Cancel
    </Button>
  );

  const columns: TableColumnsType<DropoffItem> = [
    { title: 'Item', key: 'item', render: (_, item) => itemCell(item) },
    {
      title: 'Size',
      key: 'size',
      width: 150,
      render: (_, item) => (
        <Flex vertical>
          <span>{item.option1Value ?? '—'}</span>
          {optionsOf(item) && <span className="br-drop-sub">{optionsOf(item)}</span>}
        </Flex>
      ),
    },
    { title: 'Location', key: 'location', width: 140, render: (_, item) => item.location ?? <Typography.Text type="secondary">—</Typography.Text> },
    { title: 'Price', key: 'price', width: 110, align: 'right', render: (_, item) => money(item.price) },
    { title: 'Qty', key: 'quantity', width: 64, align: 'right', render: (_, item) => item.quantity },
    { title: 'Added', key: 'createdAt', width: 96, render: (_, item) => formatDateShort(item.createdAt) },
    { title: 'Status', key: 'status', width: 140, render: (_, item) => <StatusTag item={item} /> },
    { title: '', key: 'actions', width: 120, align: 'right', render: (_, item) => cancelButton(item) },
  ];

  const filtered = Boolean(search || location);
  const emptyState = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        filtered ? (
          'No items match these filters.'
        ) : (
          <Flex vertical gap={2} align="center">
            <span>{screen.empty}</span>
            <Typography.Text type="secondary">List items from Products: pick a product, add your sizes and prices, then Review Items.</Typography.Text>
          </Flex>
        )
      }
      data-testid="dropoff-empty"
    >
      {filtered ? (
        <Button onClick={() => state.setFilters({ search: '', location: undefined })}>Clear filters</Button>
      ) : (
        <RouteLink to="/">
          <Button type="primary">Go to Products</Button>
        </RouteLink>
      )}
    </Empty>
  );

  const locationOptions = [{ label: 'All locations', value: '' }, ...(options.data?.locations ?? []).map((l) => ({ label: l.label, value: l.value }))];

  const bulkBar = (
    <Flex gap={8} align="center" justify="space-between" wrap className={isMobile ? 'br-drop-bar br-drop-bar-phone' : 'br-drop-bar'} data-testid="dropoff-bar">
      <Flex gap={10} align="center">
        {isMobile && (
          <Checkbox
            checked={allOnPage}
            indeterminate={pageChecked > 0 && !allOnPage}
            disabled={rows.length === 0}
            onChange={(e) => toggle(rows, e.target.checked)}
            className="br-drop-selectall"
            data-testid="select-all"
          >
            All
          </Checkbox>
        )}
        <Typography.Text type="secondary" data-testid="checked-count">
          {checked.size} checked
        </Typography.Text>
      </Flex>
      <Flex gap={8} className="br-drop-bar-buttons">
        <Button danger icon={<DeleteOutlined />} disabled={checked.size === 0} onClick={confirmCancelChecked} data-testid="cancel-checked">
          {isMobile ? 'Cancel' : 'Cancel checked'}
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} loading={building} disabled={!list.data || total === 0} onClick={() => void openManifest()} data-testid="print-manifest">
          Print Manifest
        </Button>
      </Flex>
    </Flex>
  );

  const cards = (
    <Flex vertical gap={10} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="dropoff-cards">
      {rows.flatMap((item) => {
        const shown = Math.min(item.quantity, MAX_CARDS_PER_ITEM);
        const on = checked.has(item.id);
        const cardsOfItem = Array.from({ length: shown }, (_, unit) => (
          <div key={`${item.id}-${unit}`} className={`br-drop-card${on ? ' br-drop-card-on' : ''}`} data-testid="dropoff-card" data-code={item.code}>
            <Flex gap={10} align="flex-start">
              <Checkbox checked={on} onChange={(e) => toggle([item], e.target.checked)} aria-label={`Select ${item.code}`} className="br-drop-check" />
              <div style={{ minWidth: 0, flex: 1 }}>{itemCell(item)}</div>
            </Flex>
            <dl className="br-drop-facts">
              <div>
                <dt>Size</dt>
                <dd>
                  {item.option1Value ?? '—'}
                  {optionsOf(item) && <span className="br-drop-sub">{optionsOf(item)}</span>}
                </dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{money(item.price)}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{item.location ?? '—'}</dd>
              </div>
              <div>
                <dt>{item.quantity > 1 ? 'Unit' : 'Qty'}</dt>
                <dd data-testid="card-unit">{item.quantity > 1 ? `${unit + 1} of ${item.quantity}` : 1}</dd>
              </div>
            </dl>
            <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 10 }}>
              <StatusTag item={item} />
              {cancelButton(item)}
            </Flex>
          </div>
        ));
        if (item.quantity > shown)
          cardsOfItem.push(
            <Typography.Text key={`${item.id}-more`} type="secondary" className="br-drop-more">
              and {item.quantity - shown} more of {item.code}
            </Typography.Text>,
          );
        return cardsOfItem;
      })}
    </Flex>
  );

  return (
    <Card
      className="br-dropoff"
      title={
        <Flex align="center" gap={10} wrap>
          {!isMobile && <InboxOutlined />}
          <span data-testid="dropoff-title">{screen.title}</span>
          {list.data && (
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="dropoff-count">
              {total} {total === 1 ? 'item' : 'items'}
            </Tag>
          )}
        </Flex>
      }
      style={{ maxWidth: 1400 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {screen.intro}
      </Typography.Paragraph>
      <Flex gap={8} wrap vertical={isMobile} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Search title, SKU or code"
          size={isMobile ? 'large' : undefined}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '' && search) state.setFilters({ search: '' });
          }}
          onSearch={(value) => state.setFilters({ search: value.trim() })}
          style={{ maxWidth: isMobile ? undefined : 340, flex: isMobile ? undefined : 1 }}
          data-testid="dropoff-search"
        />
        <Select
          value={location ?? ''}
          options={locationOptions}
          size={isMobile ? 'large' : undefined}
          loading={options.isPending}
          onChange={(value: string) => state.setFilters({ location: value || undefined })}
          style={{ width: isMobile ? '100%' : 220 }}
          aria-label="Location"
          data-testid="dropoff-location"
        />
      </Flex>

      {list.isError ? (
        <Alert type="error" showIcon title={errorMessage(list.error, 'Your items could not be loaded.')} />
      ) : (
        <>
          {!isMobile && rows.length > 0 && bulkBar}
          {list.isPending ? (
            <div data-testid="dropoff-loading">
              <Skeleton active paragraph={{ rows: 6 }} />
            </div>
          ) : rows.length === 0 ? (
            emptyState
          ) : isMobile ? (
            cards
          ) : (
            <Table<DropoffItem>
              rowKey="id"
              className="br-drop-table"
              loading={list.isFetching && list.isPlaceholderData}
              dataSource={rows}
              columns={columns}
              tableLayout="fixed"
              // a narrow desk (a tablet) scrolls the table, not the page
              scroll={{ x: 980 }}
              pagination={false}
              rowSelection={{
                selectedRowKeys: rows.filter((r) => checked.has(r.id)).map((r) => r.id),
                onSelect: (row, on) => toggle([row], on),
                onSelectAll: (on, _rows, changed) => toggle(changed, on),
                getCheckboxProps: (row) => ({ 'aria-label': `Select ${row.code}` }) as object,
              }}
              data-testid="dropoff-table"
            />
          )}
          {/* Spec 9: the requested inventory table hides its pager when everything fits on one page. */}
          {total > state.pageSize && (
            <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={state.setPage} testId="dropoff-pagination" />
          )}
          {isMobile && rows.length > 0 && bulkBar}
        </>
      )}

      <Modal
        open={manifest !== null}
        title="Print Manifest"
        width={960}
        onCancel={() => setManifest(null)}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={() => setManifest(null)} data-testid="manifest-close">
            Close
          </Button>,
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="manifest-print-button">
            Print
          </Button>,
        ]}
        data-testid="manifest-dialog"
      >
        {manifest && (
          <>
            <Typography.Paragraph type="secondary">
              {manifest.info.scope === 'selected'
                ? `The ${manifest.items.length} checked ${manifest.items.length === 1 ? 'item' : 'items'}.`
                : 'Every item of this list (nothing is checked).'}{' '}
              Print it, or show it at the counter.
            </Typography.Paragraph>
            <div className="br-manifest-scroll">
              <DropoffManifest info={manifest.info} items={manifest.items} />
            </div>
            <ManifestPrintCopy info={manifest.info} items={manifest.items} />
          </>
        )}
      </Modal>
    </Card>
  );
}
