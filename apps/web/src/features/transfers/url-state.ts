import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@backroom/domain';

/**
 * A list's filters, page and page size live in the URL, so a reload or a shared link shows the same
 * list (docs/inventory-lists-screens.md). Empty values are left out of the URL; changing a filter goes back to page 1.
 */
export function useUrlListState<K extends string>(keys: readonly K[], defaults: Partial<Record<K, string>> = {}) {
  const [params, setRouterParams] = useSearchParams();
  // The router renders navigations in a transition, so two quick changes (clearing a filter, then a
  // search) can both run before the first is rendered: each starts from the address bar, which already
  // holds the first, never from the last render's params (react-router's own `current`), which would
  // write the cleared filter back.
  const setParams = (change: (current: URLSearchParams) => URLSearchParams, options: { replace: boolean }) =>
    setRouterParams(change(new URLSearchParams(window.location.search)), options);
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? defaults[k] ?? undefined])) as Record<K, string | undefined>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;

  const setFilters = (patch: Partial<Record<K, string | undefined | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch) as [K, string | undefined | null][]) {
          // A value equal to the default is still written when the default is not empty, so "All" can be chosen.
          if (v === undefined || v === null || v === '') {
            if (defaults[k]) next.set(k, '');
            else next.delete(k);
          } else next.set(k, v);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const setPage = (nextPage: number, nextSize: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (nextSize !== pageSize) next.delete('page');
        else if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
        if (nextSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(nextSize));
        else next.delete('pageSize');
        return next;
      },
      { replace: false },
    );

  // An empty string in the URL means "chosen: none" over a default.
  const clean = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? undefined : v])) as Record<K, string | undefined>;
  return { values: clean, page, pageSize, setFilters, setPage };
}
