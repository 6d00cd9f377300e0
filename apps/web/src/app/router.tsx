import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { SignedInGate } from './guards/SignedInGate';
import { StoreGate } from './guards/StoreGate';
import { publicPages } from './public-pages';

// Every screen is its own chunk so the first load stays small (apps/web/vite.config.ts).
const LoginPage = lazy(publicPages.login);
const SignupPage = lazy(publicPages.signup);
const ForgotPage = lazy(publicPages.forgot);
const ResetPasswordPage = lazy(publicPages.resetPassword);
const VerifyPage = lazy(publicPages.verify);
const DisabledAccountPage = lazy(publicPages.disabledAccount);
const SignupSplashPage = lazy(publicPages.signupSplash);
const InvitePage = lazy(publicPages.invite);
const ConsignerInvitePage = lazy(publicPages.consignerInvite);
const MaintenancePage = lazy(publicPages.maintenance);
const StoreSignupPage = lazy(publicPages.storeSignup);
const CataloguePage = lazy(publicPages.catalogue);

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
