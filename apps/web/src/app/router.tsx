import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { SignedInGate } from './guards/SignedInGate';
import { StoreGate } from './guards/StoreGate';
import { publicPages } from './public-pages';
import { lazyScreen } from '../shared/lazy-screen';

// Every screen is its own chunk so the first load stays small (apps/web/vite.config.ts).
const LoginPage = lazyScreen(publicPages.login);
const SignupPage = lazyScreen(publicPages.signup);
const ForgotPage = lazyScreen(publicPages.forgot);
const ResetPasswordPage = lazyScreen(publicPages.resetPassword);
const VerifyPage = lazyScreen(publicPages.verify);
const DisabledAccountPage = lazyScreen(publicPages.disabledAccount);
const SignupSplashPage = lazyScreen(publicPages.signupSplash);
const InvitePage = lazyScreen(publicPages.invite);
const ConsignerInvitePage = lazyScreen(publicPages.consignerInvite);
const MaintenancePage = lazyScreen(publicPages.maintenance);
const StoreSignupPage = lazyScreen(publicPages.storeSignup);
const CataloguePage = lazyScreen(publicPages.catalogue);

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route element={<StoreGate />}>
          <Route path="/storeSignup" element={<StoreSignupPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot" element={<ForgotPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/disabledAccount" element={<DisabledAccountPage />} />
          <Route path="/signupSplash" element={<SignupSplashPage />} />
          <Route path="/maintenance" element={<MaintenancePage />} />
          <Route path="/invite/:id" element={<InvitePage />} />
          <Route path="/invite/consigner/:id" element={<ConsignerInvitePage />} />
          {/* The public catalogue of a store's requests (no sign-in; docs/store-requests.md). */}
          <Route path="/catalogue/:handle" element={<CataloguePage />} />
          <Route path="*" element={<SignedInGate />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
