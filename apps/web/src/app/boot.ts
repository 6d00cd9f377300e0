import type { QueryClient } from '@tanstack/react-query';
import { meQuery } from '../features/auth/auth.api';
import { storeQuery } from '../features/store/store.api';
import { staffPageAt } from './staff-pages';

// Screens anyone may open: no signed-in user to look up for them.
const PUBLIC_SEGMENTS = new Set(['storeSignup', 'login', 'signup', 'forgot', 'reset-password', 'verify', 'disabledAccount', 'signupSplash', 'maintenance', 'invite', 'catalogue']);

/**
 * Starts, as the app opens, what the first screen would otherwise ask for one after the other: the
 * store and the signed-in user side by side, then the staff shell together with the screen of this
 * address. The gates and lazy routes then find them in the query cache and the module cache. A
 * failure here is left to the gate that asks again.
 */
export function startLoading(queryClient: QueryClient, pathname: string): void {
  void queryClient.prefetchQuery(storeQuery());
  if (PUBLIC_SEGMENTS.has(pathname.split('/')[1] ?? '')) return;
  queryClient
    .fetchQuery(meQuery())
    .then((state) => {
      if (state.status !== 'signedIn') return;
      if (state.user.kind === 'employee') {
        void import('./StaffApp');
        void staffPageAt(pathname)?.();
      } else {
        void import('./ConsignerApp');
      }
    })
    .catch(() => undefined);
}
