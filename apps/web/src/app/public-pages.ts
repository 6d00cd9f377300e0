import { keepLoaded } from '../shared/lazy-screen';

/**
 * Where each public screen's code lives. The router makes its lazy routes from these, and
 * app/boot.ts starts loading the screen of the address being opened while the store is fetched,
 * instead of after it (StoreGate renders the route only once the store is known).
 */
export const publicPages = {
  login: keepLoaded(() => import('../features/auth/LoginPage')),
  signup: keepLoaded(() => import('../features/auth/SignupPage')),
  forgot: keepLoaded(() => import('../features/auth/ForgotPage')),
  resetPassword: keepLoaded(() => import('../features/auth/ResetPasswordPage')),
  verify: keepLoaded(() => import('../features/auth/VerifyPage')),
  disabledAccount: keepLoaded(() => import('../features/auth/DisabledAccountPage')),
  signupSplash: keepLoaded(() => import('../features/auth/SignupSplashPage')),
  invite: keepLoaded(() => import('../features/auth/InvitePage')),
  consignerInvite: keepLoaded(() => import('../features/auth/ConsignerInvitePage')),
  maintenance: keepLoaded(() => import('../features/shell/MaintenancePage')),
  storeSignup: keepLoaded(() => import('../features/store/StoreSignupPage')),
  notAvailable: keepLoaded(() => import('../features/shell/NotAvailablePage')),
  catalogue: keepLoaded(() => import('../features/store-requests/CataloguePage')),
};

const BY_SEGMENT: Record<string, () => Promise<unknown>> = {
  login: publicPages.login,
  signup: publicPages.signup,
  forgot: publicPages.forgot,
  'reset-password': publicPages.resetPassword,
  verify: publicPages.verify,
  disabledAccount: publicPages.disabledAccount,
  signupSplash: publicPages.signupSplash,
  invite: publicPages.invite,
  maintenance: publicPages.maintenance,
  storeSignup: publicPages.storeSignup,
  catalogue: publicPages.catalogue,
};

/** The loader of the public screen whose address starts with this segment, or null. */
export function publicPageAt(segment: string): (() => Promise<unknown>) | null {
  return Object.hasOwn(BY_SEGMENT, segment) ? BY_SEGMENT[segment] : null;
}
