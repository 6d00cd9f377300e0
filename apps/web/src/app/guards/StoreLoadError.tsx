import { Button, Result } from 'antd';
import { errorMessage } from '../../shared/api';
import AntdRoot from '../AntdRoot';

/**
 * The store could not be loaded: its own chunk, as Result is needed on no other first screen. It
 * brings antd's theme along, as on /login nothing above it has (app/App.tsx).
 */
export default function StoreLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <AntdRoot>
      <Result
        status="500"
        title="We could not load this store"
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    </AntdRoot>
  );
}
