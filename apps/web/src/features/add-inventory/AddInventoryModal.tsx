import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Image, InputNumber, Modal, Select, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES, templateOptionNames, validateInventoryRow, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice, fullName, priceSymbol } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { subLocationsOf, useInventoryFilterOptions, useLocations, useProductTemplates, useSubLocations, type ProductTemplate } from '../../shared/lookups';
import { useMe } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { useCatalogueProduct, useCreateInventories, useLowestVariantPrices, useRefetchAfterAdd, type CreatedInventory } from './add-inventory.api';
import { RowFigures } from './RowFigures';
import { inSizeOrder, newRow, newRowKey, optionValues, rowTemplate, sortedOption1Values, type DraftRow } from './rows';

export interface AddInventoryModalProps {
  /** The product to list; the modal shows nothing while it is null. */
  productId: string | null;
  open: boolean;
  onClose: () => void;
  /** Called once the items exist (before the 500 ms re-fetch). */
  onAdded?: (items: CreatedInventory[]) => void;
}

/**
 * The Add Inventory modal (catalogue doc section 2): template, location and sizes, then one row per
 * size with its options, price, quantity, consigner and live fee figures. Width 1200 on desktop;
 * rows become stacked cards on a phone.
 */
export function AddInventoryModal({ productId, open, onClose, onAdded }: AddInventoryModalProps) {
  const isMobile = useIsMobile();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={isMobile ? '100%' : 1200}
      style={isMobile ? { top: 0, maxWidth: '100vw', padding: 0 } : { top: 32 }}
      title="Add Inventory"
      destroyOnHidden
      data-testid="add-inventory-modal"
    >
      {productId && <AddInventoryForm key={productId} productId={productId} onClose={onClose} onAdded={onAdded} />}
    </Modal>
  );
}

function AddInventoryForm({ productId, onClose, onAdded }: { productId: string; onClose: () => void; onAdded?: AddInventoryModalProps['onAdded'] }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const me = useMe();
  const user: SignedInUser | null = me.data?.status === 'signedIn' ? me.data.user : null;
  const isConsigner = user?.kind === 'consigner';
  const store = useCurrentStore();
  const currency = store?.currency ?? 'USD';

  const product = useCatalogueProduct(productId);
  const templates = useProductTemplates();
  const locations = useLocations();
  const subLocations = useSubLocations();
  const filterOptions = useInventoryFilterOptions(Boolean(user) && !isConsigner);
  const lowest = useLowestVariantPrices(productId);
  const create = useCreateInventories();
  const refetchAfterAdd = useRefetchAfterAdd();

  const [pickedTemplateId, setTemplateId] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [subLocation, setSubLocation] = useState<string | null>(null);
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [invalidKey, setInvalidKey] = useState<string | null>(null);

  const templateId = pickedTemplateId ?? product.data?.productTemplateId ?? null;
  const template: ProductTemplate | null = templates.data?.find((t) => t.id === templateId) ?? null;
  const sizes = useMemo(() => sortedOption1Values(template), [template]);
  const lowestBySize = useMemo(() => new Map((lowest.data ?? []).map((v) => [v.option1Value ?? '', v.price])), [lowest.data]);

  // Consigners: staff choose one per row; a consigner lists for themselves only (the select is disabled).
  const consignerOptions = useMemo(() => {
    if (isConsigner && user) return [{ value: user.id, label: fullName(user) || user.email }];
    return (filterOptions.data?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label, email: c.value.email }));
  }, [isConsigner, user, filterOptions.data]);
  const defaultConsigner = isConsigner && user ? user.id : null;

  // ONLINE MARKETPLACE only for users with marketplaceLocation (catalogue doc section 2).
  const locationOptions = (locations.data ?? []).filter((l) => !l.isMarketplace || user?.marketplaceLocation).map((l) => ({ value: l.name, label: l.name }));
  const subLocationOptions = subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }));

  if (product.isPending || templates.isPending || me.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (product.isError) return <Alert type="error" showIcon title={errorMessage(product.error)} />;
  const p = product.data;

  const pickedSizes = new Set(rows.map((r) => r.option1Value));
  const toggleSize = (size: string) => {
    if (!template) return;
    setRows((current) => {
      if (current.some((r) => r.option1Value === size)) return current.filter((r) => r.option1Value !== size);
      const carried = current.length ? current[current.length - 1].consignerId : defaultConsigner;
      return inSizeOrder([...current, newRow(template, size, carried)]);
    });
  };
  const update = (key: string, patch: Partial<DraftRow>) => {
    if (key === invalidKey) setInvalidKey(null);
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const duplicate = (row: DraftRow) =>
    setRows((current) => {
      const at = current.findIndex((r) => r.key === row.key);
      const copy = { ...row, key: newRowKey() };
      return [...current.slice(0, at + 1), copy, ...current.slice(at + 1)];
    });
  const remove = (key: string) => setRows((current) => current.filter((r) => r.key !== key));
  const changeTemplate = (id: string) => {
    setTemplateId(id);
    setRows([]);
  };

  const submit = () => {
    if (!template) {
      message.warning(INVENTORY_MESSAGES.selectProductTemplate);
      return;
    }
    if (rows.length === 0) {
      message.warning(INVENTORY_MESSAGES.rowIncomplete(templateOptionNames(rowTemplate(template))));
      return;
    }
    for (const row of rows) {
      const refused = validateInventoryRow(row, rowTemplate(template), { requireConsigner: true });
      if (refused) {
        setInvalidKey(row.key);
        message.warning(refused);
        return;
      }
    }
    setInvalidKey(null);
    if (!location) {
      message.warning(INVENTORY_MESSAGES.selectLocation);
      return;
    }
    create.mutate(
      rows.map((r) => ({
        productId: p.id,
        option1Value: r.option1Value,
        option2Value: r.option2Value,
        option3Value: r.option3Value,
        price: r.price!,
        quantity: r.quantity!,
        consigner: r.consignerId,
        category: template.category,
        location,
        subLocation,
      })),
      {
        onSuccess: (items) => {
          message.success(INVENTORY_MESSAGES.added(p.title));
          refetchAfterAdd();
          onAdded?.(items);
          onClose();
        },
        onError: (error) => message.error(errorMessage(error)),
      },
    );
  };

  const optionSelect = (row: DraftRow, which: 2 | 3) => {
    const name = which === 2 ? template?.option2 : template?.option3;
    if (!name) return <Typography.Text type="secondary">—</Typography.Text>;
    const field = which === 2 ? 'option2Value' : 'option3Value';
    return (
      <Select
        aria-label={`${name} for ${row.option1Value}`}
        placeholder={name}
        value={row[field] ?? undefined}
        onChange={(v: string) => update(row.key, { [field]: v })}
        options={optionValues(template, which).map((v) => ({ value: v, label: v }))}
        style={{ width: '100%', minWidth: 110 }}
        status={invalidKey === row.key && !row[field] ? 'error' : undefined}
      />
    );
  };
  const priceInput = (row: DraftRow) => (
    <InputNumber
      aria-label={`Price for ${row.option1Value}`}
      prefix={priceSymbol(currency)}
      min={0}
      precision={2}
      placeholder="0.00"
      value={row.price}
      onChange={(v) => update(row.key, { price: typeof v === 'number' ? v : null })}
      style={{ width: '100%', minWidth: 110 }}
      status={invalidKey === row.key && !(row.price && row.price > 0) ? 'error' : undefined}
    />
  );
  const quantityInput = (row: DraftRow) => (
    <InputNumber
      aria-label={`Quantity for ${row.option1Value}`}
      min={1}
      precision={0}
      value={row.quantity}
      onChange={(v) => update(row.key, { quantity: typeof v === 'number' ? v : null })}
      style={{ width: '100%', minWidth: 70 }}
    />
  );
  const consignerSelect = (row: DraftRow) => (
    <Select
      aria-label={`Consigner for ${row.option1Value}`}
      placeholder="Select a consigner"
      showSearch={{ optionFilterProp: 'label' }}
      disabled={isConsigner}
      loading={filterOptions.isPending && !isConsigner}
      value={row.consignerId ?? undefined}
      onChange={(v: string) => update(row.key, { consignerId: v })}
      options={consignerOptions}
      style={{ width: '100%', minWidth: 160 }}
      status={invalidKey === row.key && !row.consignerId ? 'error' : undefined}
    />
  );
  const rowActions = (row: DraftRow) => (
    <Flex gap={4}>
      <Button size="small" icon={<CopyOutlined />} onClick={() => duplicate(row)}>
        Duplicate
      </Button>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${row.option1Value}`} onClick={() => remove(row.key)} />
    </Flex>
  );
  const figures = (row: DraftRow) => <RowFigures row={row} productId={p.id} category={template?.category ?? p.category} currency={currency} />;

  const columns: TableColumnsType<DraftRow> = [
    { title: template?.option1 ?? 'Size', dataIndex: 'option1Value', width: 80, render: (v: string) => <Tag color="blue">{v}</Tag> },
    ...(template?.option2 ? [{ title: template.option2, key: 'option2', width: 130, render: (_: unknown, r: DraftRow) => optionSelect(r, 2) }] : []),
    ...(template?.option3 ? [{ title: template.option3, key: 'option3', width: 140, render: (_: unknown, r: DraftRow) => optionSelect(r, 3) }] : []),
    { title: 'Price', key: 'price', width: 130, render: (_, r) => priceInput(r) },
    { title: 'Quantity', key: 'quantity', width: 90, render: (_, r) => quantityInput(r) },
    { title: 'Consigner', key: 'consigner', width: 200, render: (_, r) => consignerSelect(r) },
    { title: 'Fees', key: 'fees', render: (_, r) => figures(r) },
    { title: '', key: 'actions', width: 140, render: (_, r) => rowActions(r) },
  ];

  return (
    <Flex vertical gap={16} data-testid="add-inventory-form">
      <Flex gap={16} align="center">
        <Image
          src={p.image ?? undefined}
          alt={p.title}
          width={isMobile ? 64 : 88}
          height={isMobile ? 64 : 88}
          style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
          preview={false}
          fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
        <Flex vertical>
          <Typography.Title level={isMobile ? 5 : 4} style={{ margin: 0 }} data-testid="add-inventory-title">
            {p.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[p.brand, p.sku].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      </Flex>

      <Flex gap={12} wrap vertical={isMobile}>
        <Field label="Template">
          <Select
            aria-label="Template"
            value={templateId ?? undefined}
            placeholder="Select a template"
            onChange={changeTemplate}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.category ? `${t.title} (${t.category})` : t.title }))}
            style={{ width: isMobile ? '100%' : 240 }}
          />
        </Field>
        <Field label="Location">
          <Select
            aria-label="Location"
            value={location ?? undefined}
            placeholder="Select a location"
            loading={locations.isPending}
            onChange={(v: string) => {
              setLocation(v);
              setSubLocation(null);
            }}
            options={locationOptions}
            style={{ width: isMobile ? '100%' : 220 }}
          />
        </Field>
        {subLocationOptions.length > 0 && (
          <Field label="Sub-location (optional)">
            <Select
              aria-label="Sub-location"
              allowClear
              value={subLocation ?? undefined}
              placeholder="Any"
              onChange={(v: string | undefined) => setSubLocation(v ?? null)}
              options={subLocationOptions}
              style={{ width: isMobile ? '100%' : 180 }}
            />
          </Field>
        )}
      </Flex>

      {!template ? (
        <Alert type="info" showIcon title={INVENTORY_MESSAGES.selectProductTemplate} />
      ) : (
        <Field label={`${template.option1} — pick every ${template.option1.toLowerCase()} you are adding`}>
          <Flex wrap gap={6} data-testid="size-picker">
            {sizes.map((size) => {
              const low = lowestBySize.get(size);
              return (
                <Tag.CheckableTag
                  key={size}
                  checked={pickedSizes.has(size)}
                  onChange={() => toggleSize(size)}
                  style={{
                    border: '1px solid #d9d9d9',
                    padding: '4px 10px',
                    minWidth: 48,
                    minHeight: lowestBySize.size > 0 ? 44 : undefined,
                    textAlign: 'center',
                    borderRadius: 6,
                  }}
                  aria-label={`${template.option1} ${size}`}
                >
                  <div style={{ fontWeight: 600 }}>{size}</div>
                  {typeof low === 'number' && <div style={{ fontSize: 11, opacity: 0.75 }}>{formatPrice(low, currency)}</div>}
                </Tag.CheckableTag>
              );
            })}
          </Flex>
        </Field>
      )}

      {template && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`Pick a ${template.option1.toLowerCase()} above to add a row for it.`} />
      ) : isMobile ? (
        <Flex vertical gap={12} data-testid="add-inventory-rows">
          {rows.map((row) => (
            <Card
              key={row.key}
              size="small"
              data-testid="add-inventory-row"
              title={
                <span>
                  {template?.option1} <Tag color="blue">{row.option1Value}</Tag>
                </span>
              }
              extra={rowActions(row)}
              style={invalidKey === row.key ? { borderColor: '#ff4d4f' } : undefined}
            >
              <Flex vertical gap={10}>
                {template?.option2 && <Field label={template.option2}>{optionSelect(row, 2)}</Field>}
                {template?.option3 && <Field label={template.option3}>{optionSelect(row, 3)}</Field>}
                <Flex gap={8}>
                  <div style={{ flex: 2 }}>
                    <Field label="Price">{priceInput(row)}</Field>
                  </div>
                  <div style={{ flex: 1 }}>
                    <Field label="Quantity">{quantityInput(row)}</Field>
                  </div>
                </Flex>
                <Field label="Consigner">{consignerSelect(row)}</Field>
                {figures(row)}
              </Flex>
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<DraftRow>
          data-testid="add-inventory-rows"
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          onRow={(r) => ({ 'data-testid': 'add-inventory-row', style: invalidKey === r.key ? { background: '#fff1f0' } : undefined }) as HTMLAttributes<HTMLElement>}
        />
      )}

      <Flex justify="end" gap={8} style={{ position: isMobile ? 'sticky' : undefined, bottom: 0, background: '#fff', paddingTop: 8 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" loading={create.isPending} onClick={submit} data-testid="add-product">
          Add Product
        </Button>
      </Flex>
    </Flex>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}
