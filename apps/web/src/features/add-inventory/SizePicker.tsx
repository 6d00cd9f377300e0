import { Flex, Tag } from 'antd';
import { formatPrice } from '../../shared/format';
import type { ProductTemplate } from '../../shared/lookups.api';
import { Field } from './Field';

/** The template's sizes as toggles, each with the lowest active price of that size when known. */
export function SizePicker({
  template,
  sizes,
  picked,
  lowestBySize,
  currency,
  onToggle,
}: {
  template: ProductTemplate;
  sizes: string[];
  picked: Set<string>;
  lowestBySize: Map<string, number | null>;
  currency: string;
  onToggle: (size: string) => void;
}) {
  return (
    <Field label={`${template.option1} — pick every ${template.option1.toLowerCase()} you are adding`}>
      <Flex wrap gap={6} data-testid="size-picker">
        {sizes.map((size) => {
          const low = lowestBySize.get(size);
          return (
            <Tag.CheckableTag
              key={size}
              checked={picked.has(size)}
              onChange={() => onToggle(size)}
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
  );
}
