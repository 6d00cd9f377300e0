import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks';

/** Honest placeholder for screens that later issues build: nothing here pretends to work. */
export default function NotAvailablePage() {
  useDocumentTitle('Not found');
  return (
    <Result
      status="404"
      title="Not found"
      subTitle="This page is not available yet."
      extra={
        <Link to="/">
          <Button type="primary">Back home</Button>
        </Link>
      }
      data-testid="not-available"
    />
  );
}
