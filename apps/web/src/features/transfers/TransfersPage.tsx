import { useState, type ReactNode } from 'react';
import { Alert, App, Badge, Button, Card, Flex, Input, Modal, Select, Typography } from 'antd';
import { CheckSquareOutlined, FilterOutlined, SwapOutlined } from '@ant-design/icons';
import { allowedFrom, INVENTORY_STATUSES, isAllowedFrom, isInventoryStatus, statusLabel } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useInventoryFilterOptions } from '../../shared/lookups.api';
import { PopupsInside } from '../../shared/ui/PopupsInside';
import { useCurrentStore } from '../store/store.api';
import type { InventoryItem } from '../inventory-item/inventory-item.api';
import { SetLocationModal } from './SetLocationModal';
import { TransferList } from './TransferList';
import { answerText, useInventoryPage, useTransfer } from './transfers.api';
import { useUrlListState } from './url-state';

const FILTER_KEYS = ['search', 'status', 'location', 'option1Value', 'category', 'consigner'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Partial<Record<FilterKey, string | undefined>>;

// The transfer rule is the domain's (the server checks the same): what it may start from.
const TRANSFER_FROM = allowedFrom('transfer', 'staff');
const canSelect = (item: InventoryItem) => isAllowedFrom('transfer', item.status);

/**
 * /transfers (Orders access; people doc section 2, Transfer inventory): search, filters, select all
 * active, and Set New Location for the selected Active items; clicking an item opens it.
 */
export default function TransfersPage() {
  useDocumentTitle('Transfer inventory');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const state = useUrlListState(FILTER_KEYS, { status: TRANSFER_FROM[0] });
  const { values } = state;
  const status = values.status && isInventoryStatus(values.status) ? values.status : undefined;
  const page = useInventoryPage('transfers', { ...values, status, currentPage: state.page, pageSize: state.pageSize });
  const options = useInventoryFilterOptions();
  const transfer = useTransfer();
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState(values.search ?? '');

  const rows = page.data?.rows ?? [];
  const transferableOnPage = rows.filter(canSelect);
  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const shared = selectedRows[0]?.productTemplate;
  const sameTemplate = selectedRows.length > 0 && selectedRows.every((r) => r.productTemplateId === selectedRows[0].productTemplateId);

  const applyFilters = (patch: Filters) => {
    setSelected([]);
    state.setFilters(patch);
  };

  const filterControls = (draft: Filters, set: (patch: Filters) => void, block: boolean) => {
    const width = block ? '100%' : 150;
    const opt = (list: string[] | undefined) => (list ?? []).map((v) => ({ value: v, label: v }));
    return (
      <>
        <Select
          aria-label="Status"
          placeholder="Any status"
          allowClear
          value={draft.status}
          onChange={(v?: string) => set({ status: v })}
          options={INVENTORY_STATUSES.map((s) => ({ value: s, label: statusLabel(s, { isBuyingStore: store?.isBuyingStore }) }))}
          style={{ width }}
        />
        <Select aria-label="Location" placeholder="Any location" allowClear value={draft.location} onChange={(v?: string) => set({ location: v })} options={options.data?.locations.map((l) => ({ value: l.value, label: l.label }))} style={{ width }} />
        <Select aria-label="Size" placeholder="Any size" allowClear showSearch value={draft.option1Value} onChange={(v?: string) => set({ option1Value: v })} options={opt(options.data?.option1Values)} style={{ width }} />
        <Select aria-label="Category" placeholder="Any category" allowClear value={draft.category} onChange={(v?: string) => set({ category: v })} options={opt(options.data?.categories)} style={{ width }} />
        <Select
          aria-label="Consigner"
          placeholder="Any consigner"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={draft.consigner}
          onChange={(v?: string) => set({ consigner: v })}
          options={options.data?.consigners.map((c) => ({ value: c.value.id, label: c.label }))}
          style={{ width }}
        />
      </>
    );
  };
  const activeFilterCount = (['status', 'location', 'option1Value', 'category', 'consigner'] as const).filter((k) => values[k]).length;

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <SwapOutlined /> Transfer inventory
        </Flex>
      }
      style={{ maxWidth: 1400 }}
    >
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="center">
          <Input.Search
            aria-label="Search"
            placeholder="Search title, SKU or code"
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => applyFilters({ search: v.trim() || undefined })}
            style={{ width: isMobile ? '100%' : 250 }}
            enterButton
          />
          {isMobile ? (
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} data-testid="open-filters">
              Filters {activeFilterCount > 0 && <Badge count={activeFilterCount} size="small" />}
            </Button>
          ) : (
            filterControls(values, applyFilters, false)
          )}
        </Flex>

        <Flex wrap gap={8} align="center" justify="space-between">
          <Flex wrap gap={8}>
            <Button icon={<CheckSquareOutlined />} onClick={() => setSelected(transferableOnPage.map((r) => r.id))} disabled={transferableOnPage.length === 0} data-testid="select-all-active">
              Select all active
            </Button>
            <Button type="primary" icon={<SwapOutlined />} disabled={selected.length === 0} onClick={() => setDialog(true)} data-testid="open-transfer">
              Transfer{selected.length ? ` (${selected.length})` : ''}
            </Button>
            {selected.length > 0 && (
              <Button type="link" onClick={() => setSelected([])}>
                Clear selection
              </Button>
            )}
          </Flex>
          <Typography.Text type="secondary">Only {TRANSFER_FROM.map((s) => statusLabel(s, { isBuyingStore: store?.isBuyingStore })).join(' or ')} items can be transferred.</Typography.Text>
        </Flex>

        {page.isError && <Alert type="error" showIcon title={errorMessage(page.error)} />}
        <TransferList
          rows={rows}
          count={page.data?.count ?? 0}
          loading={page.isPending || page.isFetching}
          currentPage={state.page}
          pageSize={state.pageSize}
          onPage={state.setPage}
          selected={selected}
          onSelect={setSelected}
          canSelect={canSelect}
          currency={store?.currency ?? 'USD'}
          isBuyingStore={store?.isBuyingStore ?? false}
          emptyText={values.search || activeFilterCount ? 'No items match these filters.' : 'No items to transfer yet.'}
        />
      </Flex>

      <SetLocationModal
        open={dialog}
        title="Set New Location"
        okText="Transfer"
        count={selected.length}
        withOverride
        optionNames={sameTemplate ? { option1: shared?.option1, option2: shared?.option2, option3: shared?.option3 } : undefined}
        loading={transfer.isPending}
        onCancel={() => setDialog(false)}
        onSubmit={(v) =>
          transfer.mutate(
            { inventories: selected, ...v },
            {
              onSuccess: (answer) => {
                message.success(answerText(answer));
                setDialog(false);
                setSelected([]);
              },
              onError: (error) => message.error(errorMessage(error)),
            },
          )
        }
      />

      <FiltersModal open={filtersOpen} values={values} onClose={() => setFiltersOpen(false)} onApply={applyFilters} render={filterControls} />
    </Card>
  );
}

/** The phone layout keeps filters in a modal with Apply (docs/inventory-lists-screens.md). */
function FiltersModal({
  open,
  values,
  onClose,
  onApply,
  render,
}: {
  open: boolean;
  values: Filters;
  onClose: () => void;
  onApply: (f: Filters) => void;
  render: (draft: Filters, set: (patch: Filters) => void, block: boolean) => ReactNode;
}) {
  const [draft, setDraft] = useState<Filters>(values);
  // Start each opening from the applied filters. Done while rendering, not after the open
  // animation, so a quick first pick is not overwritten.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(values);
  }
  return (
    <Modal
      open={open}
      title="Filter"
      okText="Apply"
      onCancel={onClose}
      onOk={() => {
        onApply({ status: draft.status, location: draft.location, option1Value: draft.option1Value, category: draft.category, consigner: draft.consigner });
        onClose();
      }}
    >
      <PopupsInside>
        <Flex vertical gap={12}>{render(draft, (patch) => setDraft((d) => ({ ...d, ...patch })), true)}</Flex>
      </PopupsInside>
    </Modal>
  );
}
