import { useEffect, useState } from 'react';
import { Flex } from 'antd';
// Input.Search alone: antd's Input index also brings TextArea, Password and OTP, which Find
// Inventory's first load does not need (bench/first-load.ts).
import Search from 'antd/es/input/Search';
import type { SortOption } from '@backroom/domain';
import { useIsMobile } from '../../shared/hooks';
import { ColumnChooser } from './ColumnChooser';
import { hiddenByDefault, type ColumnKey } from './column-choice';
import type { FilterOptions } from './inventory-lists.api';
import type { ListConfig, ListState, ListStatePatch } from './list-state';
import { DesktopFilters, SortSelect } from './ListFilters';
import { MobileFilters } from './lazy-dialogs';

/** Search, sort, the column chooser and the filters (inline on desktop, a Filters modal on phones). */
export function ListToolbar({
  config,
  state,
  update,
  onSort,
  options,
  isBuyingStore,
  hiddenColumns,
  onHiddenColumns,
}: {
  config: ListConfig;
  state: ListState;
  update: (patch: ListStatePatch) => void;
  onSort: (sortOption: SortOption) => void;
  options: FilterOptions | undefined;
  isBuyingStore: boolean;
  hiddenColumns: ReadonlySet<ColumnKey>;
  onHiddenColumns: (hidden: ColumnKey[]) => void;
}) {
  const isMobile = useIsMobile();
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);

  return (
    <Flex vertical gap={10}>
      <Flex gap={8} align="center" wrap={!isMobile}>
        <Search
          allowClear
          placeholder="Search title, SKU or code"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '' && state.search) update({ search: '' });
          }}
          onSearch={(value) => update({ search: value })}
          style={{ maxWidth: isMobile ? undefined : 360, flex: 1 }}
          data-testid="list-search"
        />
        {isMobile ? (
          <MobileFilters config={config} state={state} options={options} isBuyingStore={isBuyingStore} onChange={update} />
        ) : (
          <>
            <SortSelect value={state.sortOption} onChange={onSort} />
            <ColumnChooser hidden={hiddenColumns} onChange={onHiddenColumns} isBuyingStore={isBuyingStore} defaults={hiddenByDefault(config.defaultHidden)} excluded={config.excludedColumns} />
          </>
        )}
      </Flex>
      {!isMobile && <DesktopFilters config={config} state={state} options={options} isBuyingStore={isBuyingStore} onChange={update} />}
    </Flex>
  );
}
