import { Alert, Progress } from 'antd';
import type { PrintState } from './use-print-labels';

const TITLE: Record<PrintState['phase'], string> = {
  preparing: 'Preparing the labels…',
  drawing: 'Drawing the labels',
  marking: 'Marking the items printed…',
};

/** The progress of a label PDF being made; the page stays usable meanwhile. */
export function PrintProgress({ state }: { state: PrintState | null }) {
  if (!state) return null;
  const percent = state.total ? Math.round((state.done / state.total) * 100) : 0;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="label-progress"
      title={state.phase === 'drawing' ? `${TITLE.drawing}: ${state.done} of ${state.total}` : TITLE[state.phase]}
      description={<Progress percent={state.phase === 'preparing' ? 0 : percent} size="small" status="active" aria-label="Label progress" />}
    />
  );
}
