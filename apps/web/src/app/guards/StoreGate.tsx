import { Button, Result } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useStore } from '../../features/store/store.api';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { errorMessage } from '../../shared/api';

/**
 * Every screen needs the store of this host. When the server has none (404), every path except
 * /catalogue/... goes to the store landing /storeSignup (spec 2, Public routes).
 */
export function StoreGate() {
  const store = useStore();
  const { pathname } = useLocation();
  const firstSegment = pathname.split('/')[1] ?? '';

  if (store.isPending) return <FullPageSpinner />;
  if (store.isError) {
    return (
      <Result
        status="500"
        title="We could not load this store"
        subTitle={errorMessage(store.error)}
        extra={
          <Button type="primary" onClick={() => store.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (store.data === null && firstSegment !== 'catalogue' && pathname !== '/storeSignup') {
    return <Navigate to="/storeSignup" replace />;
  }
  return <Outlet />;
}
