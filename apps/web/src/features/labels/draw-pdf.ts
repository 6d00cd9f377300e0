// Draws laid-out labels (packages/domain labels.ts) into one PDF with jsPDF: millimetres, one page per
// label at the store's label size, QR codes and Code128 barcodes as vector rectangles. Runs in the
// label worker (label-pdf.worker.ts) and, for the benchmark, wherever it is imported.
import { jsPDF } from 'jspdf';
import QR from 'qrcode';
import bwipjs from 'bwip-js/browser';
import { layoutLabel, planLabels, PT_MM, type LabelItem, type LabelLayout, type LabelSettings, type LabelTargets } from '@backroom/domain';

export type LogoImage = { data: Uint8Array; format: 'PNG' | 'JPEG'; width: number; height: number } | null;

/** QR code modules as runs of dark cells per row: [row, startCol, length]. */
export function qrRuns(text: string): { size: number; runs: number[] } {
  const modules = QR.create(text, { errorCorrectionLevel: 'M' }).modules;
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

const QUIET_MODULES = 1;
const BARCODE_QUIET = 6;

function drawLayout(doc: jsPDF, layout: LabelLayout, logo: LogoImage, qrCache: Map<string, ReturnType<typeof qrRuns>>) {
  for (const box of layout.boxes) {
    switch (box.kind) {
      case 'text': {
        doc.setFont('helvetica', box.bold ? 'bold' : 'normal');
        doc.setFontSize(box.fontPt);
        const lineH = box.fontPt * PT_MM * 1.18;
        box.lines.forEach((line, i) => {
          const x = box.align === 'center' ? box.x + box.w / 2 : box.x;
          doc.text(line, x, box.y + i * lineH, { baseline: 'top', align: box.align });
        });
        break;
      }
      case 'qr': {
        let qr = qrCache.get(box.text);
        if (!qr) {
          qr = qrRuns(box.text);
          qrCache.set(box.text, qr);
        }
        const cell = box.size / (qr.size + 2 * QUIET_MODULES);
        const ox = box.x + cell * QUIET_MODULES;
        const oy = box.y + cell * QUIET_MODULES;
        for (let i = 0; i < qr.runs.length; i += 3) doc.rect(ox + qr.runs[i + 1]! * cell, oy + qr.runs[i]! * cell, qr.runs[i + 2]! * cell, cell, 'F');
        break;
      }
      case 'barcode': {
        const { total, bars } = code128Bars(box.text);
        if (total === 0) break;
        const unit = box.w / (total + 2 * BARCODE_QUIET);
        for (let i = 0; i < bars.length; i += 2) doc.rect(box.x + (BARCODE_QUIET + bars[i]!) * unit, box.y, bars[i + 1]! * unit, box.h, 'F');
        break;
      }
      case 'logo': {
        if (!logo) break;
        // kept in proportion, at the left of its box
        const scale = Math.min(box.w / logo.width, box.h / logo.height);
        doc.addImage(logo.data, logo.format, box.x, box.y, logo.width * scale, logo.height * scale, 'logo', 'FAST');
        break;
      }
    }
  }
}

/** The page size and orientation of a label: landscape (the spec) unless the label is taller than wide. */
export function pageOf(settings: Pick<LabelSettings, 'labelSize'>) {
  const { width, height } = settings.labelSize;
  return { orientation: width >= height ? ('landscape' as const) : ('portrait' as const), format: [width, height] as [number, number] };
}

/**
 * One PDF with a page per printable item; `onProgress(done)` after each label. The caller decides
 * which items (planLabels); this draws them.
 */
export function drawLabelsPdf(
  settings: LabelSettings,
  labels: { item: LabelItem; targets: LabelTargets }[],
  logo: LogoImage,
  onProgress?: (done: number) => void,
): ArrayBuffer {
  const page = pageOf(settings);
  const doc = new jsPDF({ unit: 'mm', format: page.format, orientation: page.orientation, compress: true });
  doc.setProperties({ title: 'inventory_label' });
  doc.setFillColor(0, 0, 0);
  doc.setTextColor(0, 0, 0);
  const qrCache = new Map<string, ReturnType<typeof qrRuns>>();
  labels.forEach((label, i) => {
    if (i > 0) doc.addPage(page.format, page.orientation);
    drawLayout(doc, layoutLabel(settings, label.item, label.targets), logo, qrCache);
    onProgress?.(i + 1);
  });
  return doc.output('arraybuffer');
}

/** Plans and draws in one go (the benchmark and tests). */
export function labelsPdfOf(settings: LabelSettings, items: LabelItem[]): ArrayBuffer {
  return drawLabelsPdf(settings, planLabels(settings, items).printable, null);
}
