import { memo, type ReactNode } from 'react';
import { Button, Flex, Select } from 'antd';
import { SORT_OPTIONS, SORT_OPTION_LABELS, consignerWord, statusLabel, type InventoryStatus, type SortOption } from '@backroom/domain';
import type { FilterOptions } from './inventory-lists.api';
import { activeFilterCount, FILTER_FIELDS, type FilterField, type ListConfig, type ListState, type ListStatePatch } from './list-state';

export type Draft = Pick<ListState, FilterField | 'statuses' | 'printed' | 'sortOption'>;

export const draftOf = (s: ListState): Draft => ({
  statuses: s.statuses,
  printed: s.printed,
  sortOption: s.sortOption,
  location: s.location,
  subLocation: s.subLocation,
  option1Value: s.option1Value,
  option2Value: s.option2Value,
  option3Value: s.option3Value,
  category: s.category,
  consigner: s.consigner,
});

export const emptyDraft = (config: ListConfig): Draft => ({
  statuses: config.fixedStatus ? [config.fixedStatus] : config.defaultStatuses,
  printed: undefined,
  sortOption: 'newestUpdated',
  location: [],
  subLocation: [],
  option1Value: [],
  option2Value: [],
  option3Value: [],
  category: [],
  consigner: [],
});

const PRINTED_CHOICES = [
  { value: 'true', label: 'Printed' },
  { value: 'false', label: 'Not printed' },
];

const LABELS: Record<FilterField, string> = {
  location: 'Location',
  subLocation: 'Sub-location',
  option1Value: 'Size',
  option2Value: 'Condition',
  option3Value: 'Option 3',
  category: 'Category',
  consigner: 'Consigner',
};

function useFieldOptions(options: FilterOptions | undefined, selectedLocations: string[], isBuyingStore: boolean) {
  const subLocations = (options?.subLocations ?? []).filter((s) => selectedLocations.length === 0 || selectedLocations.includes(s.locationName));
  const values = (list: string[] | undefined) => (list ?? []).map((v) => ({ value: v, label: v }));
  return {
    labels: {
      ...LABELS,
      // the templates' own option names ('Box' rather than 'Option 3')
      ...(options?.optionNames && { option1Value: options.optionNames.option1, option2Value: options.optionNames.option2, option3Value: options.optionNames.option3 }),
      consigner: consignerWord(isBuyingStore),
    },
    choices: {
      location: (options?.locations ?? []).map((l) => ({ value: l.value, label: l.label })),
      subLocation: [...new Set(subLocations.map((s) => s.name))].map((n) => ({ value: n, label: n })),
      option1Value: values(options?.option1Values),
      option2Value: values(options?.option2Values),
      option3Value: values(options?.option3Values),
      category: values(options?.categories),
      consigner: (options?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label })),
    } satisfies Record<FilterField, { value: string; label: string }[]>,
  };
}

export interface FiltersProps {
  config: ListConfig;
  state: ListState;
  options: FilterOptions | undefined;
  isBuyingStore: boolean;
  onChange: (patch: ListStatePatch) => void;
}

/** Each field of a row of filters: the select alone. The phone sheet wraps it in a labelled form item. */
const inline = (_label: string, node: ReactNode, key: string) => <span key={key}>{node}</span>;

/** Status, printed and the value filters; on desktop inline, on phones inside the Filters modal. */
export function FilterFields({
  config,
  value,
  options,
  isBuyingStore,
  onChange,
  vertical,
  wrap = inline,
}: {
  config: ListConfig;
  value: Draft;
  options: FilterOptions | undefined;
  isBuyingStore: boolean;
  onChange: (patch: Partial<Draft>) => void;
  vertical: boolean;
  wrap?: (label: string, node: ReactNode, key: string) => ReactNode;
}) {
  const { labels, choices } = useFieldOptions(options, value.location, isBuyingStore);
  const width = vertical ? '100%' : 170;
  const fields: ReactNode[] = [];
  if (!config.fixedStatus) {
    fields.push(
      wrap(
        'Status',
        <Select<InventoryStatus[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="Any status"
          aria-label="Status"
          style={{ width: vertical ? '100%' : 200 }}
          value={value.statuses}
          onChange={(statuses) => onChange({ statuses })}
          options={(options?.statuses ?? []).map((s) => ({ value: s, label: statusLabel(s, { isBuyingStore }) }))}
          data-testid="filter-status"
        />,
        'status',
      ),
    );
  }
  if (config.fixedPrinted === undefined && config.key === 'findInventory') {
    fields.push(
      wrap(
        'Printed',
        <Select<string>
          allowClear
          placeholder="Printed or not"
          aria-label="Printed"
          style={{ width }}
          value={value.printed === undefined ? undefined : String(value.printed)}
          onChange={(v) => onChange({ printed: v === undefined ? undefined : v === 'true' })}
          options={PRINTED_CHOICES}
          data-testid="filter-printed"
        />,
        'printed',
      ),
    );
  }
  for (const field of FILTER_FIELDS) {
    // a list bound to one consigner has no consigner filter
    if (field === 'consigner' && config.consignerId) continue;
    fields.push(
      wrap(
        labels[field],
        <Select<string[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          placeholder={labels[field]}
          aria-label={labels[field]}
          style={{ width }}
          value={value[field]}
          onChange={(v) => onChange(field === 'location' ? { location: v, subLocation: [] } : { [field]: v })}
          options={choices[field]}
          data-testid={`filter-${field}`}
        />,
        field,
      ),
    );
  }
  return <>{fields}</>;
}

export const SortSelect = memo(function SortSelect({ value, onChange, block }: { value: SortOption; onChange: (v: SortOption) => void; block?: boolean }) {
  return (
    <Select<SortOption>
      aria-label="Sort"
      value={value}
      onChange={onChange}
      style={{ width: block ? '100%' : 190 }}
      options={SORT_OPTIONS.map((s) => ({ value: s, label: SORT_OPTION_LABELS[s] }))}
      data-testid="sort-select"
    />
  );
});

// memo: a row selection or a dialog re-renders the list, not its nine filter selects
export const DesktopFilters = memo(function DesktopFilters({ config, state, options, isBuyingStore, onChange }: FiltersProps) {
  const count = activeFilterCount(state, config);
  return (
    <Flex gap={8} wrap align="center" data-testid="desktop-filters">
      <FilterFields config={config} value={draftOf(state)} options={options} isBuyingStore={isBuyingStore} onChange={onChange} vertical={false} />
      {count > 0 && (
        <Button type="link" onClick={() => onChange({ ...emptyDraft(config), sortOption: state.sortOption })} data-testid="clear-filters">
          Clear filters
        </Button>
      )}
    </Flex>
  );
});
