// Bulk edit (Find Inventory, with rows selected): an editable table of the selected items. Save
// sends each changed row to PUT /api/inventories/{id}; the server applies the item screen's rules.
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Flex, InputNumber, Modal, Progress, Select, Table, Typography, type TableProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  INVENTORY_MESSAGES,
  INVENTORY_STATUSES,
  canBulkEditPrice,
  consignerWord,
  currencySymbol,
  isStatusDropdownDisabled,
  statusLabel,
  type InventoryStatus,
} from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { inventoryListKeys, updateInventory, type FilterOptions, type InventoryEdit, type ListItem } from './inventory-lists.api';
import { ItemImage } from './ItemCells';
import { money } from './row-actions';

type Draft = {
  consigner: string;
  status: InventoryStatus;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  location: string | null;
  subLocation: string | null;
  price: number;
};

const draftOf = (item: ListItem): Draft => ({
  consigner: item.consignerId,
  status: item.status,
  option1Value: item.option1Value,
  option2Value: item.option2Value,
  option3Value: item.option3Value,
  location: item.location,
  subLocation: item.subLocation,
  price: item.price,
});

/** Only the fields that changed, so the log records exactly what staff edited. */
export function changesOf(item: ListItem, draft: Draft): InventoryEdit {
  const before = draftOf(item);
  const out: InventoryEdit = {};
  if (draft.consigner !== before.consigner) out.consigner = draft.consigner;
  if (draft.status !== before.status) out.status = draft.status;
  for (const key of ['option1Value', 'option2Value', 'option3Value', 'location', 'subLocation'] as const) {
    if (draft[key] !== before[key]) out[key] = draft[key];
  }
  if (draft.price !== before.price) out.price = draft.price;
  return out;
}

const valuesOf = (list: { value: string }[] | null | undefined) => (list ?? []).map((v) => ({ value: v.value, label: v.value }));

export function BulkEditDialog({
  open,
  items,
  options,
  currency,
  isBuyingStore,
  safeMode,
  onClose,
}: {
  open: boolean;
  items: ListItem[];
  options: FilterOptions | undefined;
  currency: string;
  isBuyingStore: boolean;
  safeMode: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (open) {
      setDrafts(Object.fromEntries(items.map((i) => [i.id, draftOf(i)])));
      setErrors({});
      setProgress(null);
    }
  }, [open, items]);

  const patch = (id: string, p: Partial<Draft>) => setDrafts((d) => ({ ...d, [id]: { ...d[id], ...p } }));
  const changed = items.filter((i) => drafts[i.id] && Object.keys(changesOf(i, drafts[i.id])).length > 0);

  const save = async () => {
    if (!changed.length) {
      onClose();
      return;
    }
    setSaving(true);
    setErrors({});
    message.warning(INVENTORY_MESSAGES.updatingInventories);
    const failures: Record<string, string> = {};
    setProgress({ done: 0, total: changed.length });
    // One at a time: each save is its own transaction with its log entries, and a refusal of one
    // row (e.g. a status the rules forbid) leaves the others saved.
    for (let n = 0; n < changed.length; n += 1) {
      const item = changed[n];
      try {
        await updateInventory(item.id, changesOf(item, drafts[item.id]));
      } catch (error) {
        failures[item.id] = errorMessage(error);
      }
      setProgress({ done: n + 1, total: changed.length });
    }
    setSaving(false);
    setErrors(failures);
    await queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    const failed = Object.keys(failures).length;
    if (failed === 0) {
      message.success(INVENTORY_MESSAGES.saved);
      onClose();
    } else {
      message.error(`${failed} of ${changed.length} items were not saved`);
    }
  };

  const columns: TableProps<ListItem>['columns'] = useMemo(() => {
    const locationChoices = (options?.locations ?? []).map((l) => ({ value: l.value, label: l.label }));
    return [
      { key: 'image', title: 'Image', width: 64, render: (_, item) => <ItemImage src={item.image ?? item.product.image} size={40} /> },
      {
        key: 'title',
        title: 'Title',
        width: 220,
        render: (_, item) => (
          <Flex vertical>
            <span className="br-inv-title">{item.product.title}</span>
            <span className="br-inv-sub">{item.code}</span>
            {errors[item.id] && (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="bulk-edit-error">
                {errors[item.id]}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        key: 'consigner',
        title: consignerWord(isBuyingStore),
        width: 180,
        render: (_, item) => (
          <Select
            size="small"
            style={{ width: '100%' }}
            showSearch={{ optionFilterProp: 'label' }}
            value={drafts[item.id]?.consigner}
            onChange={(consigner) => patch(item.id, { consigner })}
            options={(options?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label }))}
            aria-label="Consigner"
          />
        ),
      },
      {
        key: 'status',
        title: 'Status',
        width: 180,
        render: (_, item) => (
          <Select
            size="small"
            style={{ width: '100%' }}
            value={drafts[item.id]?.status}
            // safe mode freezes sold items, and in this table drop-offs too (accept them via Incoming)
            disabled={isStatusDropdownDisabled(item.status, safeMode, { bulk: true })}
            onChange={(status) => patch(item.id, { status })}
            options={INVENTORY_STATUSES.map((s) => ({ value: s, label: statusLabel(s, { isBuyingStore }) }))}
            aria-label="Status"
          />
        ),
      },
      ...(['option1Value', 'option2Value', 'option3Value'] as const).map((key, n) => ({
        key,
        title: ['Size', 'Condition', 'Option 3'][n],
        width: 120,
        render: (_: unknown, item: ListItem) => {
          const template = item.productTemplate;
          const name = template ? [template.option1, template.option2, template.option3][n] : null;
          const values = template ? [template.option1Values, template.option2Values, template.option3Values][n] : null;
          if (!name) return <span className="br-inv-sub">—</span>;
          return (
            <Select
              size="small"
              style={{ width: '100%' }}
              value={drafts[item.id]?.[key] ?? undefined}
              onChange={(v: string) => patch(item.id, { [key]: v })}
              options={valuesOf(values)}
              aria-label={name}
              title={name}
            />
          );
        },
      })),
      {
        key: 'location',
        title: 'Location',
        width: 170,
        render: (_, item) => (
          <Select
            size="small"
            style={{ width: '100%' }}
            value={drafts[item.id]?.location ?? undefined}
            onChange={(location: string) => patch(item.id, { location, subLocation: null })}
            options={locationChoices}
            aria-label="Location"
          />
        ),
      },
      {
        key: 'subLocation',
        title: 'Sub-location',
        width: 150,
        render: (_, item) => {
          const location = drafts[item.id]?.location;
          const subs = (options?.subLocations ?? []).filter((s) => s.locationName === location);
          return (
            <Select
              size="small"
              allowClear
              style={{ width: '100%' }}
              disabled={!subs.length}
              value={drafts[item.id]?.subLocation ?? undefined}
              onChange={(v?: string) => patch(item.id, { subLocation: v ?? null })}
              options={subs.map((s) => ({ value: s.name, label: s.name }))}
              aria-label="Sub-location"
            />
          );
        },
      },
      {
        key: 'price',
        title: 'Price',
        width: 130,
        render: (_, item) => (
          <InputNumber
            size="small"
            min={0}
            style={{ width: '100%' }}
            prefix={currencySymbol(currency)}
            // price edits in bulk only for Active items (catalogue doc section 4)
            disabled={!canBulkEditPrice(item.status)}
            value={drafts[item.id]?.price}
            onChange={(v) => patch(item.id, { price: typeof v === 'number' ? v : item.price })}
            aria-label="Price"
            data-testid="bulk-edit-price"
          />
        ),
      },
      {
        key: 'payout',
        title: 'Payout',
        width: 110,
        render: (_, item) => (
          <span title="Recalculated from the price when saved">{money(item.consigner?.isStoreAccount ? (item.cost ?? item.payout) : item.payout, currency)}</span>
        ),
      },
    ];
  }, [drafts, errors, options, currency, isBuyingStore, safeMode]);

  return (
    <Modal
      title={`Bulk edit ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
      open={open}
      width={1400}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      footer={
        <Flex justify="space-between" align="center" gap={12}>
          <span style={{ flex: 1, maxWidth: 360 }}>
            {progress && <Progress percent={Math.round((progress.done / progress.total) * 100)} size="small" data-testid="bulk-edit-progress" />}
          </span>
          <Flex gap={8}>
            <Button onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="bulk-edit-save">
              Save{changed.length ? ` (${changed.length})` : ''}
            </Button>
          </Flex>
        </Flex>
      }
      data-testid="bulk-edit"
    >
      <Table<ListItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 1500, y: 520 }}
        data-testid="bulk-edit-table"
      />
    </Modal>
  );
}
