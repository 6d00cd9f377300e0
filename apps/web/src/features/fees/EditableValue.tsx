import { useRef, useState, type KeyboardEvent } from 'react';
import { Form, Input, InputNumber, Typography } from 'antd';
import { formatPrice, priceSymbol } from '../../shared/format';
import { cellRules, type ConsignerTypeField } from './fee-rules';
import './fees.css';

export type CellKind = 'text' | 'percent' | 'money';
export type CellValue = string | number | null;

/** How a saved value reads: '12.5%', '$5.00', or null for an empty optional field. */
function valueText(kind: CellKind, value: CellValue, currency: string): string | null {
  if (value === null || value === '') return null;
  if (kind === 'percent') return `${value}%`;
  if (kind === 'money') return formatPrice(Number(value), currency);
  return String(value);
}

/**
 * One inline edit cell of the /fees table (people doc section 2): the value, and on a click (or Enter)
 * an input that saves on Enter or on leaving it, Escape cancels. A required cell emptied answers
 * 'Please Input {title}!' and stays open; the refusal is only logged (section 8).
 */
export function EditableValue({
  field,
  title,
  kind,
  value,
  required = false,
  currency,
  onSave,
}: {
  field: ConsignerTypeField;
  title: string;
  kind: CellKind;
  value: CellValue;
  required?: boolean;
  currency: string;
  onSave: (value: CellValue) => void;
}) {
  const [editing, setEditing] = useState(false);
  // Enter and the blur of the closing input both ask to save: only the first one does.
  const open = useRef(false);
  const [form] = Form.useForm<{ value: CellValue }>();

  const start = () => {
    form.setFieldsValue({ value });
    open.current = true;
    setEditing(true);
  };
  const close = () => {
    open.current = false;
    setEditing(false);
  };

  const save = async () => {
    if (!open.current) return;
    let next: CellValue;
    try {
      next = (await form.validateFields()).value ?? null;
    } catch (error) {
      console.info('Save failed:', error);
      return;
    }
    if (!open.current) return;
    if (typeof next === 'string') next = next.trim() || null;
    close();
    if (next !== value) onSave(next);
  };

  if (!editing) {
    const text = valueText(kind, value, currency);
    return (
      <div
        className="editable-cell"
        role="button"
        tabIndex={0}
        // the name holds the value it shows (WCAG 2.5.3, label in name)
        aria-label={`Edit ${title}: ${text ?? 'empty'}`}
        onClick={start}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            start();
          }
        }}
      >
        {text ?? <Typography.Text type="secondary">—</Typography.Text>}
      </div>
    );
  }

  const common = {
    autoFocus: true,
    'aria-label': title,
    onBlur: () => void save(),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    },
  };
  return (
    <Form form={form} component={false}>
      <Form.Item name="value" rules={cellRules(field, title, required, kind === 'text')} style={{ margin: 0 }}>
        {kind === 'text' ? (
          <Input {...common} onPressEnter={() => void save()} maxLength={200} />
        ) : (
          <InputNumber
            {...common}
            onPressEnter={() => void save()}
            min={0}
            max={kind === 'percent' ? 100 : undefined}
            step={kind === 'percent' ? 1 : 0.01}
            prefix={kind === 'money' ? priceSymbol(currency) : undefined}
            suffix={kind === 'percent' ? '%' : undefined}
            style={{ width: '100%' }}
          />
        )}
      </Form.Item>
    </Form>
  );
}
