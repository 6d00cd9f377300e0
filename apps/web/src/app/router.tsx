import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { SignedInGate } from './guards/SignedInGate';
import { StoreGate } from './guards/StoreGate';

// Every screen is its own chunk so the first load stays small (the libraries are two shared chunks, apps/web/vite.config.ts).
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const ForgotPage = lazy(() => import('../features/auth/ForgotPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage'));
const DisabledAccountPage = lazy(() => import('../features/auth/DisabledAccountPage'));
const SignupSplashPage = lazy(() => import('../features/auth/SignupSplashPage'));
const InvitePage = lazy(() => import('../features/auth/InvitePage'));
const MaintenancePage = lazy(() => import('../features/shell/MaintenancePage'));
const StoreSignupPage = lazy(() => import('../features/store/StoreSignupPage'));
const NotAvailablePage = lazy(() => import('../features/shell/NotAvailablePage'));

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
          {/* The public catalogue belongs to a later issue. */}
          <Route path="/catalogue/*" element={<NotAvailablePage />} />
          <Route path="*" element={<SignedInGate />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
