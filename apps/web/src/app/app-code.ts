// The code of the screens a signed-in user is about to see, started early: by app/boot.ts as the app
// opens, and by the sign-in page once the user is known (its own module, so the sign-in page, which
// boot.ts's public pages load, imports nothing of boot.ts).
import type { MeState } from '../features/auth/auth.api';
import { setLastUserKind } from '../shared/storage';
import { loadAntdRoot } from './antd-root';
import { consignerPageAt } from './consigner-pages';
import { staffPageAt } from './staff-pages';
import { keepLoaded } from '../shared/lazy-screen';

/**
 * The two signed-in apps' code (guards/SignedInGate.tsx draws them), each with the screen it first
 * opens on (`pathname`, else the address being opened): the shell and that screen are then drawn
 * together. Drawn apart, the shell's fallback for a screen still loading made React hold the screen
 * for up to 300 ms once it had arrived (shared/lazy-screen.ts). A screen that fails to load is left to
 * its own lazy route, which asks again and shows the error.
 */
export const loadStaffApp = keepLoaded((pathname: string = window.location.pathname) =>
  Promise.all([import('./StaffApp'), staffPageAt(pathname)?.().catch(() => undefined)]).then(([app]) => app),
);
export const loadConsignerApp = keepLoaded((pathname: string = window.location.pathname) =>
  Promise.all([import('./ConsignerApp'), consignerPageAt(pathname)?.().catch(() => undefined)]).then(([app]) => app),
);

/**
 * For a signed-in user, starts the code of the screens about to render: antd's root, the staff back
 * office with the screen at `pathname`, or the consigner portal. The sign-in page calls it too, once
 * the user is known, so the next screen does not wait for its chunks one after the other.
 */
export function startSignedInCode(state: MeState, pathname: string): Promise<unknown> | null {
  if (state.status !== 'signedIn') {
    setLastUserKind(null);
    return null;
  }
  setLastUserKind(state.user.kind);
  return startAppCode(state.user.kind, pathname);
}

/**
 * antd's root, the app of this kind of user and its screen at `pathname` (module imports run once);
 * resolves when all are here or one has failed (the lazy route that draws it shows the error).
 */
export function startAppCode(kind: 'employee' | 'consigner', pathname: string): Promise<unknown> {
  return Promise.allSettled([loadAntdRoot(), kind === 'employee' ? loadStaffApp(pathname) : loadConsignerApp(pathname)]);
}
