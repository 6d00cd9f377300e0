// The fields of one listing row, shared by the Add Inventory modal (a row per size, in a table or a
// card) and the wizard (one row, large controls): price, quantity and consigner.
import type { CSSProperties } from 'react';
import { InputNumber, Select } from 'antd';
import { Link } from 'react-router';
import { priceSymbol } from '../../shared/format';
import type { DraftRow } from './rows';

interface EditorProps {
  row: DraftRow;
  onChange: (patch: Partial<DraftRow>) => void;
  /** The accessible name ('Price', or 'Price for 10' beside other rows). */
  label: string;
  /** The row failed its checks: an empty field shows red. */
  invalid?: boolean;
  size?: 'large';
  style?: CSSProperties;
}

export function PriceInput({ row, onChange, label, invalid, size, style, currency }: EditorProps & { currency: string }) {
  return (
    <InputNumber
      aria-label={label}
      size={size}
      prefix={priceSymbol(currency)}
      min={0}
      // no precision: 0.004 must reach the row check and be refused with why, not be rounded to 0
      placeholder="0.00"
      value={row.price}
      onChange={(v) => onChange({ price: typeof v === 'number' ? v : null })}
      style={style}
      status={invalid && !(row.price && row.price > 0) ? 'error' : undefined}
    />
  );
}

/** The consigner's minimum price (optional): no markdown takes the price below it. */
export function MinimumPriceInput({ row, onChange, label, size, style, currency }: EditorProps & { currency: string }) {
  return (
    <InputNumber
      aria-label={label}
      size={size}
      prefix={priceSymbol(currency)}
      min={0}
      placeholder="Minimum (optional)"
      value={row.minimumPrice ?? null}
      onChange={(v) => onChange({ minimumPrice: typeof v === 'number' ? v : null })}
      style={style}
    />
  );
}

export function QuantityInput({ row, onChange, label, size, style }: EditorProps) {
  return (
    <InputNumber
      aria-label={label}
      size={size}
      min={1}
      precision={0}
      value={row.quantity}
      onChange={(v) => onChange({ quantity: typeof v === 'number' ? v : null })}
      style={style}
    />
  );
}

export function ConsignerSelect({
  row,
  onChange,
  label,
  invalid,
  size,
  style,
  consigners,
}: EditorProps & { consigners: { options: { value: string; label: string }[]; loading: boolean; locked: boolean } }) {
  return (
    <Select
      aria-label={label}
      size={size}
      placeholder="Select a consigner"
      showSearch={{ optionFilterProp: 'label' }}
      disabled={consigners.locked}
      loading={consigners.loading}
      value={row.consignerId ?? undefined}
      onChange={(v: string) => onChange({ consignerId: v })}
      options={consigners.options}
      // a new store's first item: point at the next step rather than "No data" (docs/first-hour.md)
      notFoundContent={
        consigners.loading ? undefined : (
          <div style={{ padding: 8 }} data-testid="no-consigners">
            No consigners yet. <Link to="/addConsigner">Add a consigner</Link>
          </div>
        )
      }
      style={style}
      status={invalid && !row.consignerId ? 'error' : undefined}
    />
  );
}
