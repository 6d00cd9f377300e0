import { useState, type ReactNode } from 'react';
import { Badge, Button, Flex, Modal, Segmented, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { statusLabel } from '@backroom/domain';
import type { SaleFilter } from './store-requests.api';

/** The address's `sale` value as a filter: 'all' unless Buying or Consignment. */
export function saleOf(value: string | undefined): SaleFilter {
  return value === 'Buying' || value === 'Consignment' ? value : 'all';
}

/** The sale-type filter of Store Request (All, Buying — 'Instant Sell' in a buying store —, Consignment). */
export function SaleTypeFilter({ value, onChange, isBuyingStore, block }: { value: SaleFilter; onChange: (v: SaleFilter) => void; isBuyingStore: boolean; block?: boolean }) {
  const options = [
    { label: 'All', value: 'all' },
    { label: statusLabel('Buying', { isBuyingStore }), value: 'Buying' },
    { label: 'Consignment', value: 'Consignment' },
  ];
  return <Segmented value={value} options={options} onChange={(v) => onChange(v as SaleFilter)} block={block} aria-label="Sale type" data-testid="sale-type-filter" />;
}

/**
 * On a phone the filters of Store Request open in a modal titled Filter, applied with Apply (people
 * doc section 2, Store Request page): the button, with the count of filters set, and the modal.
 * `fields` draws the draft's fields; `onOpen` copies the applied filters into the draft.
 */
export function PhoneFilterModal({ active, onOpen, onApply, fields, testId }: { active: number; onOpen: () => void; onApply: () => void; fields: { label: string; node: ReactNode }[]; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={active} size="small">
        <Button
          size="large"
          icon={<FilterOutlined />}
          onClick={() => {
            onOpen();
            setOpen(true);
          }}
          data-testid={`${testId}-button`}
        >
          Filters
        </Button>
      </Badge>
      <Modal
        title="Filter"
        open={open}
        onCancel={() => setOpen(false)}
        okText="Apply"
        onOk={() => {
          onApply();
          setOpen(false);
        }}
        data-testid={`${testId}-modal`}
      >
        <Flex vertical gap={16}>
          {fields.map((f) => (
            <Flex vertical gap={4} key={f.label}>
              <Typography.Text type="secondary">{f.label}</Typography.Text>
              {f.node}
            </Flex>
          ))}
        </Flex>
      </Modal>
    </>
  );
}
