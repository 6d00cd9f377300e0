import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Flex, Input, Skeleton, Table } from 'antd';
import type { TableProps } from 'antd';
import { errorMessage } from '../api';

/** What a list screen reads of its query (TanStack Query's result has these and more). */
export type ListQueryState = { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; isPlaceholderData: boolean };

type ListViewProps<T extends { id: string }> = {
  list: ListQueryState;
  rows: readonly T[];
  isMobile: boolean;
  /** The error's fallback text when the API sent none. */
  errorText: string;
  empty: ReactNode;
  loadingTestId: string;
  skeletonRows?: number;
  /** A phone's cards, drawn inside the list's card column. */
  cards: () => ReactNode;
  cardsTestId: string;
  /** The desktop table; rowKey, dataSource, loading and the empty text are the list's. */
  table: Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale'>;
  /** Height kept by the empty table while the first page loads (no jump when it arrives). */
  emptyHeight?: number;
  /** The skeleton and the empty state stand in for the table too (not only on a phone). */
  skeletonOnDesktop?: boolean;
};

/**
 * The list skeleton every list screen shares (docs/screens-and-names.md, List screens): an error
 * alert, a skeleton while the first page loads and the empty state on a phone, cards on a phone
 * (390 px) and a table on a desktop, dimmed while another page loads over the last one.
 */
export function ListView<T extends { id: string }>(props: ListViewProps<T>) {
  const { list, rows, isMobile, errorText, empty, loadingTestId, skeletonRows = 6, cards, cardsTestId, table, emptyHeight = 240, skeletonOnDesktop = false } = props;
  if (list.isError) return <Alert type="error" showIcon title={errorMessage(list.error, errorText)} />;
  if (isMobile || skeletonOnDesktop) {
    if (list.isPending)
      return (
        <div data-testid={loadingTestId}>
          <Skeleton active paragraph={{ rows: skeletonRows }} />
        </div>
      );
    if (rows.length === 0) return empty;
  }
  if (isMobile)
    return (
      <Flex vertical gap={10} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid={cardsTestId}>
        {cards()}
      </Flex>
    );
  return (
    <Table<T>
      rowKey="id"
      pagination={false}
      tableLayout="fixed"
      {...table}
      loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
      dataSource={rows}
      locale={{ emptyText: list.isPending ? <div style={{ height: emptyHeight }} /> : empty }}
    />
  );
}

/**
 * A list's search box: typing edits the box, Enter (or the button) searches, and clearing the box
 * drops the search at once. The box follows the search when the address changes it.
 */
export function ListSearch(props: { value: string; onSearch: (value: string) => void; placeholder: string; testId: string; style?: CSSProperties; size?: 'large'; ariaLabel?: string }) {
  const { value, onSearch, placeholder, testId, style, size, ariaLabel } = props;
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      aria-label={ariaLabel}
      size={size}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && value) onSearch('');
      }}
      onSearch={(next) => onSearch(next.trim())}
      style={style}
      data-testid={testId}
    />
  );
}

/** A page beyond the last (the list shrank, e.g. after a deletion) moves back to the last page. */
export function useBackToLastPage(list: { data?: unknown; isFetching: boolean }, total: number, state: { page: number; pageSize: number; setPage: (page: number, pageSize: number) => void }) {
  const { page, pageSize, setPage } = state;
  useEffect(() => {
    if (!list.data || list.isFetching || page === 1) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) setPage(lastPage, pageSize);
  }, [list.data, list.isFetching, total, page, pageSize, setPage]);
}
