import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Empty, Flex, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, InboxOutlined, PrinterOutlined } from '@ant-design/icons';
import { consignerWord, formatDateShort, INVENTORY_MESSAGES, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { formatPrice, fullName } from '../../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../../shared/hooks';
import { useInventoryFilterOptions } from '../../../shared/lookups.api';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { ListSearch, ListView } from '../../../shared/ui/ListView';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { useCurrentStore } from '../../store/store.api';
import { useUrlListState } from '../../transfers/url-state';
import { fetchAllDropoffItems, useCancelDropoff, useDropoffItems, type DropoffItem, type DropoffStatus } from './dropoff.api';
import { DropoffCards } from './DropoffCards';
import { ItemCell, SCREEN, StatusTag, optionsOf } from './DropoffCells';
import { ManifestDialog, type ManifestShown } from './ManifestDialog';
import './dropoff.css';

const FILTER_KEYS = ['search', 'location'] as const;

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

  const [manifest, setManifest] = useState<ManifestShown | null>(null);
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

  const itemCell = (item: DropoffItem) => <ItemCell item={item} />;

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

  const cards = () => <DropoffCards rows={rows} checked={checked} toggle={toggle} money={money} cancelButton={cancelButton} />;

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
        <ListSearch
          value={search}
          onSearch={(value) => state.setFilters({ search: value })}
          placeholder="Search title, SKU or code"
          size={isMobile ? 'large' : undefined}
          style={{ maxWidth: isMobile ? undefined : 340, flex: isMobile ? undefined : 1 }}
          testId="dropoff-search"
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

      {!list.isError && !isMobile && rows.length > 0 && bulkBar}
      <ListView<DropoffItem>
        list={list}
        rows={rows}
        isMobile={isMobile}
        errorText="Your items could not be loaded."
        empty={emptyState}
        loadingTestId="dropoff-loading"
        skeletonOnDesktop
        cardsTestId="dropoff-cards"
        cards={cards}
        table={{
          className: 'br-drop-table',
          columns,
          // a narrow desk (a tablet) scrolls the table, not the page
          scroll: { x: 980 },
          rowSelection: {
            selectedRowKeys: rows.filter((r) => checked.has(r.id)).map((r) => r.id),
            onSelect: (row, on) => toggle([row], on),
            onSelectAll: (on, _rows, changed) => toggle(changed, on),
            getCheckboxProps: (row) => ({ 'aria-label': `Select ${row.code}` }) as object,
          },
          ...({ 'data-testid': 'dropoff-table' } as object),
        }}
      />
      {/* Spec 9: the requested inventory table hides its pager when everything fits on one page. */}
      {!list.isError && total > state.pageSize && (
        <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={state.setPage} testId="dropoff-pagination" />
      )}
      {!list.isError && isMobile && rows.length > 0 && bulkBar}

      <ManifestDialog manifest={manifest} onClose={() => setManifest(null)} />
    </Card>
  );
}
