import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { consignerWord, INVENTORY_COLUMN_FIELDS, labelOfField } from '@backroom/domain';
import { CHOOSABLE_COLUMNS, DEFAULT_HIDDEN, type ColumnKey } from './column-choice';

const TITLES: Record<ColumnKey, string> = {
  sku: 'SKU',
  size: 'Size',
  status: 'Status',
  price: 'Price',
  payout: 'Payout',
  location: 'Location',
  days: 'Days Active',
  consigner: 'Consigner',
  order: 'Order',
  tracking: 'Tracking',
  ...(Object.fromEntries(INVENTORY_COLUMN_FIELDS.map((k) => [k, labelOfField(k)])) as Record<(typeof INVENTORY_COLUMN_FIELDS)[number], string>),
};

/** The columns button of a list: which columns this person shows, remembered for them. */
export function ColumnChooser({
  hidden,
  onChange,
  isBuyingStore,
  defaults = DEFAULT_HIDDEN,
  excluded = [],
}: {
  hidden: ReadonlySet<ColumnKey>;
  onChange: (hidden: ColumnKey[]) => void;
  isBuyingStore: boolean;
  /** The list's default hidden columns. */
  defaults?: readonly ColumnKey[];
  /** Columns the list never shows (not offered). */
  excluded?: readonly ColumnKey[];
}) {
  const choosable = CHOOSABLE_COLUMNS.filter((k) => !excluded.includes(k));
  const shown = choosable.filter((k) => !hidden.has(k));
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 180 }} data-testid="column-chooser-panel">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Product and Edit always show.
      </Typography.Text>
      <Checkbox.Group
        value={shown}
        onChange={(values) => onChange(choosable.filter((k) => !values.includes(k)))}
        style={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {choosable.map((k) => (
          <Checkbox key={k} value={k} style={{ paddingBlock: 4 }} data-testid={`column-${k}`}>
            {k === 'consigner' ? consignerWord(isBuyingStore) : TITLES[k]}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Button size="small" type="link" style={{ alignSelf: 'flex-start', paddingInline: 0 }} onClick={() => onChange([...defaults])}>
        Reset to the default columns
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Columns" content={content}>
      <Button icon={<TableOutlined />} data-testid="column-chooser">
        Columns
      </Button>
    </Popover>
  );
}
