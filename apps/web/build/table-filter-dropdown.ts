// Stands in for antd's table column filter dropdown (antd/es/table/hooks/useFilter/FilterDropdown.js)
// in the build: see tableWithoutColumnFilters in vite.config.ts. The app's lists filter in their own
// toolbars; no table column has `filters` or `filterDropdown`, so antd never renders the dropdown,
// whose import brought the Tree component (rc-tree) and the filter menu into every table screen.

type FilterItem = { value: unknown; children?: FilterItem[] };

/** The same as antd's: every value of a filter tree (useFilter reads it for the filter state). */
export function flattenKeys(filters: FilterItem[] | undefined): unknown[] {
  const keys: unknown[] = [];
  for (const { value, children } of filters ?? []) keys.push(value, ...flattenKeys(children));
  return keys;
}

export default function FilterDropdown(): never {
  throw new Error('Table column filters (filters, filterDropdown) are left out of this build: see tableWithoutColumnFilters in apps/web/vite.config.ts');
}
