// QR code modules and Code128 bars as plain numbers: drawn as rectangles in the PDF and as SVG paths in the preview.
import QR from 'qrcode';
import bwipjs from 'bwip-js/browser';

/** QR code modules as runs of dark cells per row: [row, startCol, length]. */
export function qrRuns(text: string, fixedMask = false): { size: number; runs: number[] } {
  // A fixed mask skips trying all eight for the best (5 times faster); any mask reads back.
  const modules = QR.create(text, fixedMask ? ({ errorCorrectionLevel: 'M', maskPattern: 2 } as QR.QRCodeOptions) : { errorCorrectionLevel: 'M' }).modules;
  const n = modules.size;
  const runs: number[] = [];
  for (let r = 0; r < n; r += 1) {
    let c = 0;
    while (c < n) {
      if (!modules.data[r * n + c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < n && modules.data[r * n + c]) c += 1;
      runs.push(r, start, c - start);
    }
  }
  return { size: n, runs };
}

/** Code128 bars as [startModule, widthModules] pairs, and the total width in modules. */
export function code128Bars(text: string): { total: number; bars: number[] } {
  const raw = (bwipjs as unknown as { raw: (o: Record<string, unknown>) => { sbs: number[] }[] }).raw({ bcid: 'code128', text });
  const sbs = raw[0]?.sbs ?? [];
  const bars: number[] = [];
  let at = 0;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) bars.push(at, w);
    at += w;
  });
  return { total: at, bars };
}

