/// <reference lib="webworker" />
// The label PDF off the main thread (docs/scanning.md): the page stays usable while a large batch is drawn,
// and the progress comes back every few labels.
import type { LabelItem, LabelSettings, LabelTargets } from '@backroom/domain';
import { drawLabelsPdf, type LogoImage } from './draw-pdf';

export type LabelJobRequest = { settings: LabelSettings; labels: { item: LabelItem; targets: LabelTargets }[] };
export type LabelJobMessage = { type: 'progress'; done: number; total: number } | { type: 'done'; pdf: ArrayBuffer } | { type: 'error'; message: string };

declare const self: DedicatedWorkerGlobalScope;

/** The store's logo as PNG bytes (any image format the browser reads); none when it cannot be read. */
async function loadLogo(url: string | null): Promise<LogoImage> {
  if (!url) return null;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    const png = await canvas.convertToBlob({ type: 'image/png' });
    return { data: new Uint8Array(await png.arrayBuffer()), format: 'PNG', width: bitmap.width, height: bitmap.height };
  } catch {
    return null;
  }
}

self.onmessage = async (event: MessageEvent<LabelJobRequest>) => {
  const { settings, labels } = event.data;
  try {
    const logo = settings.labelOptions.includes('Logo') ? await loadLogo(settings.logo) : null;
    const every = Math.max(1, Math.floor(labels.length / 50));
    const pdf = drawLabelsPdf(settings, labels, logo, (done) => {
      if (done % every === 0 || done === labels.length) self.postMessage({ type: 'progress', done, total: labels.length } satisfies LabelJobMessage);
    });
    self.postMessage({ type: 'done', pdf } satisfies LabelJobMessage, [pdf]);
  } catch (error) {
    self.postMessage({ type: 'error', message: error instanceof Error ? error.message : 'The labels could not be drawn' } satisfies LabelJobMessage);
  }
};
