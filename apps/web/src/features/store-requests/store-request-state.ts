import type { useUrlListState } from '../transfers/url-state';

/** The store-requests screen's filters in the address (search, location, sale, tab, request location). */
export const FILTER_KEYS = ['search', 'location', 'sale', 'tab', 'requestLocation'] as const;
export type Mode = 'staff' | 'consigner';
export type RequestListState = ReturnType<typeof useUrlListState<(typeof FILTER_KEYS)[number]>>;
