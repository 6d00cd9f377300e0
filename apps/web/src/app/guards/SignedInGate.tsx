import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isScreenGuarded, routeGuard, routeRequirement } from '@backroom/domain';
import { loginPathFor } from '../../features/auth/return-path';
import { useMe, useSession, useSignOut } from '../../features/auth/auth.api';
import { useCurrentStore } from '../../features/store/store.api';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { lazyScreen } from '../../shared/lazy-screen';
import { loadConsignerApp, loadStaffApp } from '../app-code';

const StaffApp = lazyScreen(loadStaffApp);
const ConsignerApp = lazyScreen(loadConsignerApp);

const WRONG_STORE_NOTICE = 'This account belongs to another store. You have been signed out.';

/** Signs the user out, then shows the sign-in screen with a notice (spec 2, guard 5). */
function SignOutAndLeave({ notice }: { notice: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut.mutate({}, { onSettled: () => navigate('/login', { replace: true, state: { notice } }) });
  }, [signOut, navigate, notice]);
  return <FullPageSpinner tip="Signing out..." />;
}

/**
 * Guards every logged-in route in the spec's order through the domain's routeGuard, then
 * renders the staff back office or the consigner portal.
 */
export function SignedInGate() {
  const me = useMe();
  // Only a user of another store needs the provider's session (to read emailVerified); everyone else's
  // /api/me answers it, so a signed-in page load does not wait behind get-session.
  const session = useSession(me.data?.status === 'wrongStore');
  const store = useCurrentStore();
  const { pathname, search, hash } = useLocation();

  if (me.isPending) return <FullPageSpinner />;
  const state = me.data;
  // The sign-in screen takes the visitor back to the address they opened (a label's QR code, a link in an e-mail).
  if (state?.status === 'signedOut' && state.reason === 'unverified') return <Navigate to="/verify" replace />;
  if (!state || state.status === 'signedOut') return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  if (state.status === 'wrongStore') {
    // A user of another store still meets guards 2 and 4 before guard 5 signs them out. Guard 3
    // (isActive) belongs to a record of the other store, which this store does not read.
    if (session.isPending) return <FullPageSpinner />;
    const early = routeGuard({
      signedIn: true,
      emailVerified: session.data?.user.emailVerified,
      maintenanceMode: store?.maintenanceMode ?? false,
    });
    if (early.action === 'redirect') return <Navigate to={early.to} replace />;
    return <SignOutAndLeave notice={WRONG_STORE_NOTICE} />;
  }

  const user = state.user;
  const requirement = routeRequirement(pathname, user.kind);
  const decision = routeGuard({
    signedIn: true,
    emailVerified: user.emailVerified,
    isActive: user.isActive,
    acceptedTOS: user.acceptedTOS,
    kind: user.kind,
    maintenanceMode: store?.maintenanceMode ?? false,
    userStoreId: String(user.storeId),
    currentStoreId: store ? String(store.id) : undefined,
    accessControls: user.accessControls,
    // '/' is where a refused route lands, so it never needs an area: without Products it shows a
    // welcome card instead of the product search. /settings shows its title and Logout to everyone
    // and its form only with Settings (isScreenGuarded).
    requiredArea: pathname === '/' || (user.kind === 'employee' && isScreenGuarded(pathname)) ? undefined : (requirement.area ?? undefined),
    adminOnly: requirement.adminOnly,
    role: user.role,
  });

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'logout') return <SignOutAndLeave notice={WRONG_STORE_NOTICE} />;

  // The domain asks for terms when a fresh signup is still inactive; an active consigner who has
  // not accepted the terms gets the same dialog (spec 2, Terms dialog).
  const needsTerms = decision.action === 'terms' || (user.kind === 'consigner' && !user.acceptedTOS);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {user.kind === 'employee' ? <StaffApp user={user} /> : <ConsignerApp user={user} needsTerms={needsTerms} />}
    </Suspense>
  );
}
