import type { HTMLAttributes } from 'react';
import { Button, Card, Flex, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useIsMobile } from '../../shared/hooks';
import type { ProductTemplate } from '../../shared/lookups.api';
import { Field } from './Field';
import { RowFigures } from './RowFigures';
import { ConsignerSelect, MinimumPriceInput, PriceInput, QuantityInput } from './RowEditors';
import { optionValues, type DraftRow } from './rows';
import type { useConsignerOptions } from './useConsignerOptions';
import type { DraftRows } from './useDraftRows';

/** The modal's rows: a table on desktop, stacked cards on a phone; each with its live fee figures. */
export function DraftRowsEditor({
  draft,
  template,
  product,
  currency,
  consigners,
}: {
  draft: DraftRows;
  template: ProductTemplate | null;
  product: { id: string; category: string | null };
  currency: string;
  consigners: ReturnType<typeof useConsignerOptions>;
}) {
  const isMobile = useIsMobile();
  const { rows, invalidKey, update, duplicate, remove } = draft;
  const edit = (row: DraftRow) => ({ row, onChange: (patch: Partial<DraftRow>) => update(row.key, patch), invalid: invalidKey === row.key });

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
  const priceInput = (row: DraftRow) => <PriceInput {...edit(row)} label={`Price for ${row.option1Value}`} currency={currency} style={{ width: '100%', minWidth: 110 }} />;
  const minimumInput = (row: DraftRow) => (
    <MinimumPriceInput {...edit(row)} label={`Consigner's minimum for ${row.option1Value}`} currency={currency} style={{ width: '100%', minWidth: 110 }} />
  );
  const quantityInput = (row: DraftRow) => <QuantityInput {...edit(row)} label={`Quantity for ${row.option1Value}`} style={{ width: '100%', minWidth: 70 }} />;
  const consignerSelect = (row: DraftRow) => (
    <ConsignerSelect {...edit(row)} label={`Consigner for ${row.option1Value}`} consigners={consigners} style={{ width: '100%', minWidth: 160 }} />
  );
  const rowActions = (row: DraftRow) => (
    <Flex gap={4}>
      <Button size="small" icon={<CopyOutlined />} onClick={() => duplicate(row)}>
        Duplicate
      </Button>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${row.option1Value}`} onClick={() => remove(row.key)} />
    </Flex>
  );
  const figures = (row: DraftRow) => <RowFigures row={row} productId={product.id} category={template?.category ?? product.category} currency={currency} />;

  if (isMobile) {
    return (
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
              <Field label="Consigner's minimum">{minimumInput(row)}</Field>
              <Field label="Consigner">{consignerSelect(row)}</Field>
              {figures(row)}
            </Flex>
          </Card>
        ))}
      </Flex>
    );
  }

  const columns: TableColumnsType<DraftRow> = [
    { title: template?.option1 ?? 'Size', dataIndex: 'option1Value', width: 80, render: (v: string) => <Tag color="blue">{v}</Tag> },
    ...(template?.option2 ? [{ title: template.option2, key: 'option2', width: 130, render: (_: unknown, r: DraftRow) => optionSelect(r, 2) }] : []),
    ...(template?.option3 ? [{ title: template.option3, key: 'option3', width: 140, render: (_: unknown, r: DraftRow) => optionSelect(r, 3) }] : []),
    // the minimum price (markdowns stop there) under the price: no column more for the modal to fit
    {
      title: 'Price',
      key: 'price',
      width: 130,
      render: (_, r) => (
        <Flex vertical gap={4}>
          {priceInput(r)}
          {minimumInput(r)}
        </Flex>
      ),
    },
    { title: 'Quantity', key: 'quantity', width: 90, render: (_, r) => quantityInput(r) },
    { title: 'Consigner', key: 'consigner', width: 200, render: (_, r) => consignerSelect(r) },
    { title: 'Fees', key: 'fees', render: (_, r) => figures(r) },
    { title: '', key: 'actions', width: 140, render: (_, r) => rowActions(r) },
  ];
  return (
    <Table<DraftRow>
      data-testid="add-inventory-rows"
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      onRow={(r) => ({ 'data-testid': 'add-inventory-row', style: invalidKey === r.key ? { background: '#fff1f0' } : undefined }) as HTMLAttributes<HTMLElement>}
    />
  );
}
