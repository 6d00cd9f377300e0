// The code of the screens a signed-in user is about to see, started early: by app/boot.ts as the app
// opens, and by the sign-in page once the user is known (its own module, so the sign-in page, which
// boot.ts's public pages load, imports nothing of boot.ts).
import type { MeState } from '../features/auth/auth.api';
import { setLastUserKind } from '../shared/storage';
import { loadAntdRoot } from './antd-root';
import { consignerPageAt } from './consigner-pages';
import { staffPageAt } from './staff-pages';

/**
 * For a signed-in user, starts the code of the screens about to render: antd's root, the staff back
 * office with the screen at `pathname`, or the consigner portal. The sign-in page calls it too, once
 * the user is known, so the next screen does not wait for its chunks one after the other.
 */
export function startSignedInCode(state: MeState, pathname: string): void {
  if (state.status !== 'signedIn') {
    setLastUserKind(null);
    return;
  }
  setLastUserKind(state.user.kind);
  startAppCode(state.user.kind, pathname);
}

/** antd's root, the app of this kind of user and its screen at `pathname` (module imports run once). */
export function startAppCode(kind: 'employee' | 'consigner', pathname: string): void {
  void loadAntdRoot().catch(() => undefined);
  if (kind === 'employee') {
    void import('./StaffApp').catch(() => undefined);
    void staffPageAt(pathname)?.().catch(() => undefined);
  } else {
    void import('./ConsignerApp').catch(() => undefined);
    void consignerPageAt(pathname)?.().catch(() => undefined);
  }
}
