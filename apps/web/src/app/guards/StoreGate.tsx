import { lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useStore } from '../../features/store/store.api';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { getStoreHandle, setStoreHandle } from '../../shared/storage';

// Its own chunk: Result is on no other first screen. When that chunk cannot be fetched either (no
// network), the same words without antd's Result.
const StoreLoadError = lazy(() => import('./StoreLoadError').catch(() => ({ default: PlainStoreLoadError })));

function PlainStoreLoadError({ onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <p>We could not load this store</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * Every screen needs the store of this host. When the server has none (404), every path except
 * /catalogue/... goes to the store landing /storeSignup (spec 2, Public routes).
 */
export function StoreGate() {
  const store = useStore();
  const { pathname, search } = useLocation();
  const firstSegment = pathname.split('/')[1] ?? '';
  // An invite link on a host that is no store's (a new store's sign-up host, docs/first-hour.md)
  // names its store (&store=handle): pick it, rather than sending the invitee to the landing page.
  const linkHandle = firstSegment === 'invite' && store.data === null ? new URLSearchParams(search).get('store') : null;
  const switching = !!linkHandle && getStoreHandle() !== linkHandle;
  useEffect(() => {
    if (!switching || !linkHandle) return;
    setStoreHandle(linkHandle);
    window.location.reload();
  }, [switching, linkHandle]);

  if (store.isPending || switching) return <FullPageSpinner />;
  if (store.isError) {
    return <StoreLoadError error={store.error} onRetry={() => void store.refetch()} />;
  }
  if (store.data === null && firstSegment !== 'catalogue' && pathname !== '/storeSignup') {
    return <Navigate to="/storeSignup" replace />;
  }
  return <Outlet />;
}
