import { useEffect } from 'react';
import { Result } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { errorMessage } from '../../shared/api';
import { getStoreHandle, setStoreHandle } from '../../shared/storage';

/**
 * What an invitation link carries: the invitation's id and token, and for stores without a domain of
 * their own the store's handle (`&store=`), which is picked first (the page reloads as that store).
 */
export function useInviteLink(): { id: string; token: string; switchingStore: boolean } {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const storeParam = params.get('store');
  const switchingStore = !!storeParam && getStoreHandle() !== storeParam;
  useEffect(() => {
    if (!switchingStore || !storeParam) return;
    setStoreHandle(storeParam);
    window.location.reload();
  }, [switchingStore, storeParam]);
  return { id, token: params.get('token') ?? '', switchingStore };
}

/** The page of an invitation that cannot be used (unknown, used, or a wrong token). */
export function InvalidInvite({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <PublicLayout title="Invitation">
      <Result
        status="warning"
        title="This invitation is not valid"
        subTitle={error ? errorMessage(error) : fallback}
        extra={<Link to="/login">Go to sign in</Link>}
        style={{ padding: 0 }}
      />
    </PublicLayout>
  );
}
