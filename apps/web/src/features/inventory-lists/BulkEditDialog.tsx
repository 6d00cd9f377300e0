// Bulk edit (Find Inventory, with rows selected): an editable table of the selected items. Save
// sends each changed row to PUT /api/inventories/{id}; the server applies the item screen's rules.
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Flex, InputNumber, Modal, Progress, Select, Table, Typography, type TableProps } from 'antd';
import { useIsMobile } from '../../shared/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  INVENTORY_MESSAGES,
  canBulkEditPrice,
  consignerWord,
  currencySymbol,
  isStatusDropdownDisabled,
  optionLabelsOf,
} from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { inventoryListKeys, updateInventory, type FilterOptions, type ListItem } from './inventory-lists.api';
import { BulkEditCards } from './BulkEditCards';
import { LivePayout, OPTION_KEYS, changesOf, draftOf, valuesOf, type Draft } from './BulkEditDraft';
import { ItemImage } from './ItemCells';
import { ScrollCue } from './ScrollCue';
import { PopupsInside } from '../../shared/ui/PopupsInside';
import { SaleStatusSelect } from '../inventory-item/SaleStatusSelect';


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

  const isMobile = useIsMobile();
  const labels = useMemo(() => optionLabelsOf(items.flatMap((i) => (i.productTemplate ? [i.productTemplate] : []))), [items]);
  // an option column only when one of the selected items' templates has that option
  const optionKeys = OPTION_KEYS.filter((_, n) => items.some((i) => i.productTemplate && [i.productTemplate.option1, i.productTemplate.option2, i.productTemplate.option3][n]));
  const optionLabel = (n: number) => [labels.option1, labels.option2, labels.option3][n];
  const size = isMobile ? 'large' : 'small';

  const fields = useMemo(() => {
    const locationChoices = (options?.locations ?? []).map((l) => ({ value: l.value, label: l.label }));
    return {
      title: (item: ListItem) => (
        <Flex gap={10} align="center" style={{ minWidth: 0 }}>
          <ItemImage src={item.image ?? item.product.image} size={40} alt={item.product.title} />
          <Flex vertical style={{ minWidth: 0 }}>
            <span className="br-inv-title">{item.product.title}</span>
            <span className="br-inv-sub">
              {item.code}
              {item.option1Value ? ` · ${item.option1Value}` : ''}
            </span>
            {errors[item.id] && (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="bulk-edit-error">
                {errors[item.id]}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
      price: (item: ListItem) => (
        <InputNumber
          size={size}
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
      payout: (item: ListItem) => <LivePayout item={item} draft={drafts[item.id]} currency={currency} />,
      consigner: (item: ListItem) => (
        <Select
          size={size}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={drafts[item.id]?.consigner}
          onChange={(consigner) => patch(item.id, { consigner })}
          options={(options?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label }))}
          aria-label="Consigner"
        />
      ),
      status: (item: ListItem) => (
        // safe mode freezes sold items, and in this table drop-offs too (accept them via Incoming); a
        // money status is reached only through the sale it offers (docs/statuses.md)
        <SaleStatusSelect
          item={item}
          size={size}
          value={drafts[item.id]?.status}
          disabled={isStatusDropdownDisabled(item.status, safeMode, { bulk: true })}
          onChange={(status) => patch(item.id, { status })}
          testId={`bulk-status-${item.code}`}
        />
      ),
      option: (item: ListItem, n: number) => {
        const key = OPTION_KEYS[n];
        const template = item.productTemplate;
        const name = template ? [template.option1, template.option2, template.option3][n] : null;
        const values = template ? [template.option1Values, template.option2Values, template.option3Values][n] : null;
        if (!name) return <span className="br-inv-sub">—</span>;
        return (
          <Select
            size={size}
            style={{ width: '100%' }}
            value={drafts[item.id]?.[key] ?? undefined}
            onChange={(v: string) => patch(item.id, { [key]: v })}
            options={valuesOf(values)}
            aria-label={name}
            title={name}
          />
        );
      },
      location: (item: ListItem) => (
        <Select
          size={size}
          style={{ width: '100%' }}
          value={drafts[item.id]?.location ?? undefined}
          onChange={(location: string) => patch(item.id, { location, subLocation: null })}
          options={locationChoices}
          aria-label="Location"
        />
      ),
      subLocation: (item: ListItem) => {
        const location = drafts[item.id]?.location;
        const subs = (options?.subLocations ?? []).filter((x) => x.locationName === location);
        return (
          <Select
            size={size}
            allowClear
            style={{ width: '100%' }}
            disabled={!subs.length}
            value={drafts[item.id]?.subLocation ?? undefined}
            onChange={(v?: string) => patch(item.id, { subLocation: v ?? null })}
            options={subs.map((x) => ({ value: x.name, label: x.name }))}
            aria-label="Sub-location"
          />
        );
      },
    };
  }, [drafts, errors, options, currency, safeMode, size]);

  // Title, Price and the live Payout first, side by side, so they show without scrolling at 1440 px.
  const columns = useMemo(() => {
    const cols: (NonNullable<TableProps<ListItem>['columns']>[number] & { width: number })[] = [
      { key: 'title', title: 'Item', width: 250, fixed: 'left', render: (_, item) => fields.title(item) },
      { key: 'price', title: 'Price', width: 124, render: (_, item) => fields.price(item) },
      { key: 'payout', title: 'Payout', width: 112, render: (_, item) => fields.payout(item) },
      { key: 'consigner', title: consignerWord(isBuyingStore), width: 170, render: (_, item) => fields.consigner(item) },
      { key: 'status', title: 'Status', width: 160, render: (_, item) => fields.status(item) },
      ...optionKeys.map((key) => {
        const n = OPTION_KEYS.indexOf(key);
        return { key, title: optionLabel(n), width: 120, render: (_: unknown, item: ListItem) => fields.option(item, n) };
      }),
      { key: 'location', title: 'Location', width: 150, render: (_, item) => fields.location(item) },
      { key: 'subLocation', title: 'Sub-location', width: 140, render: (_, item) => fields.subLocation(item) },
    ];
    return cols;
  }, [fields, optionKeys.join(), labels, isBuyingStore]); // eslint-disable-line react-hooks/exhaustive-deps
  const minWidth = columns.reduce((sum, c) => sum + c.width, 0);

  const cards = <BulkEditCards items={items} fields={fields} optionKeys={optionKeys} optionLabel={optionLabel} isBuyingStore={isBuyingStore} />;

  return (
    <Modal
      title={`Bulk edit ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
      open={open}
      width={isMobile ? '100%' : 'min(1400px, calc(100vw - 48px))'}
      style={isMobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 40 }}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      className="br-touch"
      footer={
        <Flex justify="space-between" align="center" gap={12} wrap>
          <span style={{ flex: 1, maxWidth: 360, minWidth: 120 }}>
            {progress && <Progress percent={Math.round((progress.done / progress.total) * 100)} size="small" aria-label="Bulk edit progress" data-testid="bulk-edit-progress" />}
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
      {isMobile ? (
        // A sheet taller than the phone: its select lists scroll with their fields (PopupsInside).
        <PopupsInside>{cards}</PopupsInside>
      ) : (
        <ScrollCue minWidth={minWidth}>
          <Table<ListItem>
            rowKey="id"
            size="small"
            className="br-bulk-table"
            tableLayout="fixed"
            columns={columns}
            dataSource={items}
            pagination={false}
            scroll={{ x: minWidth, y: 'calc(100vh - 320px)' }}
            data-testid="bulk-edit-table"
          />
        </ScrollCue>
      )}
    </Modal>
  );
}
