import { keepAllLoaded } from '../shared/lazy-screen';

/**
 * Where each public screen's code lives. The router makes its lazy routes from these, and
 * app/boot.ts starts loading the screen of the address being opened while the store is fetched,
 * instead of after it (StoreGate renders the route only once the store is known).
 */
export const publicPages = keepAllLoaded({
  login: () => import('../features/auth/LoginPage'),
  signup: () => import('../features/auth/SignupPage'),
  forgot: () => import('../features/auth/ForgotPage'),
  resetPassword: () => import('../features/auth/ResetPasswordPage'),
  verify: () => import('../features/auth/VerifyPage'),
  disabledAccount: () => import('../features/auth/DisabledAccountPage'),
  signupSplash: () => import('../features/auth/SignupSplashPage'),
  invite: () => import('../features/auth/InvitePage'),
  consignerInvite: () => import('../features/auth/ConsignerInvitePage'),
  maintenance: () => import('../features/shell/MaintenancePage'),
  storeSignup: () => import('../features/store/StoreSignupPage'),
  notAvailable: () => import('../features/shell/NotAvailablePage'),
  catalogue: () => import('../features/store-requests/CataloguePage'),
});

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
