import { PEOPLE_MESSAGES } from '@backroom/domain';
import './FullPageSpinner.css';

/**
 * The page-wide loading state, drawn like antd's large Spin without antd: it is the first thing the
 * sign-in page shows, and that page loads no antd (app/App.tsx). index.html holds a copy of its
 * markup, shown before any script runs: a change here is made there too.
 */
export function FullPageSpinner({ tip = PEOPLE_MESSAGES.loading }: { tip?: string }) {
  return (
    <div className="br-page-loading" data-testid="page-loading" role="status" aria-live="polite">
      <span className="br-spin-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="br-spin-text">{tip}</span>
    </div>
  );
}
