import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { INVENTORY_FIELDS, type InventoryFieldKind, type InventoryFormField } from '@backroom/domain';
import { decimalsRule, priceSymbol } from '../../shared/format';

/**
 * One editable field drawn by its kind (schemas/inventory-fields.ts): a calendar day as a date
 * picker whose value stays YYYY-MM-DD text (cleared = null), money as an amount in the store's
 * currency (cleared = null), text as a text box.
 */
export function ItemFieldInput({ field, currency }: { field: InventoryFormField; currency?: string }) {
  const { label, kind } = INVENTORY_FIELDS[field] as { label: string; kind: InventoryFieldKind };
  if (kind === 'money') {
    return (
      <Form.Item name={field} label={label} rules={[decimalsRule(label)]} normalize={(v: number | null | undefined) => v ?? null}>
        <InputNumber aria-label={label} min={0} step={0.01} prefix={priceSymbol(currency)} style={{ width: '100%' }} placeholder="None" />
      </Form.Item>
    );
  }
  if (kind === 'day') {
    return (
      <Form.Item
        name={field}
        label={label}
        getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value) : null })}
        normalize={(day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : null)}
      >
        <DatePicker aria-label={label} format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={field} label={label}>
      <Input aria-label={label} allowClear />
    </Form.Item>
  );
}
