import { Alert, Button, Modal } from 'antd';
import { errorMessage } from '../../shared/api';
import { useCurrentStore } from '../store/store.api';
import { useAcceptTerms } from './auth.api';
import { TermsText } from './TermsText';

/** Spec 2, Terms dialog: a consigner who has not accepted the store's terms must do so first. */
export function TermsDialog() {
  const store = useCurrentStore();
  const accept = useAcceptTerms();
  return (
    <Modal
      open
      title={`Accept ${store?.name ?? 'store'} Terms`}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={640}
      footer={
        <Button
          type="primary"
          size="large"
          loading={accept.isPending}
          onClick={() => accept.mutate(undefined, { onSuccess: () => window.location.reload() })}
        >
          Accept and continue
        </Button>
      }
    >
      {accept.isError && <Alert type="error" showIcon title={errorMessage(accept.error)} style={{ marginBottom: 12 }} />}
      <TermsText text={store?.termsOfService} />
    </Modal>
  );
}
