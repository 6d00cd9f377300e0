// Printing labels from any screen (docs/scanning.md): the server's label data, the spec's print rules
// (planLabels), the PDF drawn in a worker with its progress, the file saved as inventory_label.pdf,
// then (Ready To Print, Print page items) the items marked printed: they leave Ready To Print only
// once their PDF was made.
import { useCallback, useRef, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { LABEL_MESSAGES, planLabels, type LabelItem, type LabelSettings, type LabelTargets } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { inventoryListKeys } from '../inventory-lists/inventory-page.api';
import { itemKeys } from '../inventory-item/inventory-item.api';
import { fetchLabelData, markPrinted, resyncItems } from './labels.api';
import type { LabelJobMessage, LabelJobRequest } from './label-pdf.worker';

const LABEL_FILE_NAME = 'inventory_label.pdf';

export type PrintState = { phase: 'preparing' | 'drawing' | 'marking'; done: number; total: number };

/** Draws the labels in a worker; `onProgress` as they are drawn. */
function drawInWorker(settings: LabelSettings, labels: { item: LabelItem; targets: LabelTargets }[], onProgress: (done: number, total: number) => void): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./label-pdf.worker.ts', import.meta.url), { type: 'module', name: 'labels' });
    worker.onmessage = (event: MessageEvent<LabelJobMessage>) => {
      const m = event.data;
      if (m.type === 'progress') onProgress(m.done, m.total);
      else {
        worker.terminate();
        if (m.type === 'done') resolve(m.pdf);
        else reject(new Error(m.message));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The labels could not be drawn'));
    };
    worker.postMessage({ settings, labels } satisfies LabelJobRequest);
  });
}

function savePdf(pdf: ArrayBuffer) {
  const url = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = LABEL_FILE_NAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function usePrintLabels() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PrintState | null>(null);
  const running = useRef(false);

  /** Prints the labels of `ids`; with `markPrinted`, marks the labelled items printed after. True when a PDF was made. */
  const print = useCallback(
    async (ids: string[], opts: { markPrinted?: boolean } = {}): Promise<boolean> => {
      if (ids.length === 0) {
        message.warning(LABEL_MESSAGES.nothingToPrint);
        return false;
      }
      if (running.current) return false;
      running.current = true;
      setState({ phase: 'preparing', done: 0, total: ids.length });
      try {
        const data = await fetchLabelData(ids);
        const plan = planLabels(data.settings, data.items);
        for (const m of plan.messages) message.warning(m);
        if (plan.skipped.length > 0) void resyncItems(plan.skipped.map((s) => s.item.id));
        if (plan.printable.length === 0) return false;
        setState({ phase: 'drawing', done: 0, total: plan.printable.length });
        const pdf = await drawInWorker(data.settings, plan.printable, (done, total) => setState({ phase: 'drawing', done, total }));
        savePdf(pdf);
        const n = plan.printable.length;
        if (opts.markPrinted) {
          setState({ phase: 'marking', done: n, total: n });
          const { jobId } = await markPrinted(plan.printable.map((p) => p.item.id));
          message.success(jobId ? `${n} labels saved as ${LABEL_FILE_NAME}; marking them printed in the background` : `${n} ${n === 1 ? 'label' : 'labels'} saved as ${LABEL_FILE_NAME} and marked printed`);
          void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
          void queryClient.invalidateQueries({ queryKey: itemKeys.all });
        } else {
          message.success(`${n} ${n === 1 ? 'label' : 'labels'} saved as ${LABEL_FILE_NAME}`);
        }
        return true;
      } catch (error) {
        message.error(errorMessage(error));
        return false;
      } finally {
        running.current = false;
        setState(null);
      }
    },
    [message, queryClient],
  );

  return { print, state, busy: state !== null };
}
