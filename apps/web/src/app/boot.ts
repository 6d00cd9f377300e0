import type { QueryClient } from '@tanstack/react-query';
import { formatMoney } from '@backroom/domain';
import { meQuery } from '../features/auth/auth.api';
import { startAppCode, startSignedInCode } from './app-code';
import { storeQuery } from '../features/store/store.api';
import { publicPageAt } from './public-pages';
import { staffPageAt } from './staff-pages';
import { getLastUserKind } from '../shared/storage';
import { consignerPageAt } from './consigner-pages';
import { prefetchPortalListAt, prefetchStaffListAt } from '../features/inventory-lists/first-page';
import { isPlainPath, loadAntdRoot } from './antd-root';

// Public screens that still ask who is signed in (to send a signed-in user on).
const PUBLIC_WITH_USER = new Set(['login', 'forgot', 'verify', 'disabledAccount']);

/**
 * Starts, as the app opens, what the first screen would otherwise ask for one after the other: the
 * store and the signed-in user side by side, then the staff shell together with the screen of this
 * address and, on a list screen, the list's first page (features/inventory-lists/first-page.ts); on a
 * public screen, its code (and the user, for the screens that ask) beside the store. The gates and
 * lazy routes then find them in the query cache and the module cache. A failure here is left to the
 * gate or the list that asks again.
 *
 * Resolves once the first screen's code is here (or has failed: its lazy route then asks again and
 * shows the error), so main.tsx draws the app once, its lazy levels already loaded, instead of a
 * fallback per level (shared/lazy-screen.ts); the page's static spinner (index.html) shows meanwhile.
 */
export function startLoading(queryClient: QueryClient, location: { pathname: string; search: string }): Promise<unknown> {
  const { pathname, search } = location;
  const store = queryClient.fetchQuery(storeQuery());
  const segment = pathname.split('/')[1] ?? '';
  const publicPage = publicPageAt(segment);
  if (publicPage) {
    void store.catch(() => undefined);
    if (PUBLIC_WITH_USER.has(segment)) void queryClient.prefetchQuery(meQuery());
    // every public screen but the sign-in page is drawn inside antd's root (App.tsx)
    return Promise.allSettled([publicPage(), isPlainPath(pathname) ? null : loadAntdRoot()]);
  }
  // The first amount formatted in the shop's currency loads the browser's number formats (some 15 ms
  // of a signed-in screen's first render): done while the screen's code is still on its way.
  store.then((s) => whenIdle(() => formatMoney(0, s?.currency || 'USD'))).catch(() => undefined);
  // Who is signed in is asked first, so its request leaves before the code's.
  const me = queryClient.fetchQuery(meQuery());
  // A browser that was signed in before starts that app's code now, beside the question of who is
  // signed in, rather than after its answer (the answer starts the right code anyway). Without that
  // hint (a first visit, a new browser), an address only one app has says it (/findInventory, an
  // item: the back office; /inventory, /dropoff: the portal): someone signed out is sent to sign in
  // and brought back here, with the code loaded.
  const hint = getLastUserKind();
  const guess = hint ?? appOnlyAt(pathname);
  // The list's first page only on the hint that someone signed in here: asked of a signed-out
  // browser it is refused (401s in the console); the code is harmless to load.
  if (hint === 'employee') prefetchStaffListAt(queryClient, pathname, search);
  const guessedCode = guess ? startAppCode(guess, pathname) : null;
  // The answer of who is signed in says which code the first screen is: the guessed app's, the other
  // app's on a wrong guess, none for someone signed out (sent to sign in, a page that loads when drawn).
  const code = me.then((state) => {
    const signedInCode = startSignedInCode(state, pathname);
    if (state.status !== 'signedIn') return null;
    if (state.user.kind === 'consigner') prefetchPortalListAt(queryClient, pathname, search, state.user.id);
    else if (hint !== 'employee') prefetchStaffListAt(queryClient, pathname, search);
    return state.user.kind === guess ? guessedCode : signedInCode;
  });
  // settled, loaded or failed: a screen whose code failed shows its own error
  return code.catch(() => undefined);
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

/** The app that alone has a screen at this address, if only one has. */
function appOnlyAt(pathname: string): 'employee' | 'consigner' | null {
  const staff = staffPageAt(pathname) !== null;
  const portal = consignerPageAt(pathname) !== null;
  return staff === portal ? null : staff ? 'employee' : 'consigner';
}
