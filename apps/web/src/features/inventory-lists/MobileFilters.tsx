// Phones only, loaded when a list first renders at phone width (lazy-dialogs.tsx): the Filters button
// with its badge, and the sheet with antd Modal and Form, are not part of a desktop's first load.
import { useState } from 'react';
import { Badge, Button, Flex, Form, Modal } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { PopupsInside } from '../../shared/ui/PopupsInside';
import { activeFilterCount } from './list-state';
import { draftOf, emptyDraft, FilterFields, SortSelect, type Draft, type FiltersProps } from './ListFilters';

/** Phones: a Filters button with the number of filters set, opening a modal with Apply. */
export function MobileFilters({ config, state, options, isBuyingStore, onChange }: FiltersProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  const count = activeFilterCount(state, config);
  const show = () => {
    setDraft(draftOf(state));
    setOpen(true);
  };
  return (
    <>
      <Badge count={count} size="small">
        <Button icon={<FilterOutlined />} onClick={show} data-testid="open-filters">
          Filters
        </Button>
      </Badge>
      <Modal
        title="Filters"
        open={open}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Flex justify="space-between">
            <Button onClick={() => setDraft(emptyDraft(config))}>Clear</Button>
            <Button
              type="primary"
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
              data-testid="apply-filters"
            >
              Apply
            </Button>
          </Flex>
        }
      >
        <PopupsInside>
          <Form layout="vertical" data-testid="filters-modal">
            <Form.Item label="Sort" style={{ marginBottom: 12 }}>
              <SortSelect value={draft.sortOption} onChange={(sortOption) => setDraft((d) => ({ ...d, sortOption }))} block />
            </Form.Item>
            <FilterFields
              config={config}
              value={draft}
              options={options}
              isBuyingStore={isBuyingStore}
              onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
              vertical
              wrap={(label, node, key) => (
                <Form.Item key={key} label={label} style={{ marginBottom: 12 }}>
                  {node}
                </Form.Item>
              )}
            />
          </Form>
        </PopupsInside>
      </Modal>
    </>
  );
}
