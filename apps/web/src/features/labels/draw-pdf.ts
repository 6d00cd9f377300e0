// Draws laid-out labels (packages/domain labels.ts) into one PDF with jsPDF: millimetres, one page per
// label at the store's label size, QR codes and Code128 barcodes as vector rectangles. Runs in the
// label worker (label-pdf.worker.ts) and, for the benchmark, wherever it is imported.
import { jsPDF } from 'jspdf';
import { code128Bars, qrRuns } from './draw-pdf-codes';
import { layoutLabel, PT_MM, type LabelItem, type LabelLayout, type LabelSettings, type LabelTargets } from '@backroom/domain';

export { code128Bars, qrRuns };

export type LogoImage = { data: Uint8Array; format: 'PNG' | 'JPEG'; width: number; height: number } | null;

const QUIET_MODULES = 1;
const BARCODE_QUIET = 6;
/** Batches larger than this draw their QR codes with a fixed mask (docs/labels.md). */
export const FIXED_MASK_FROM = 100;

/**
 * Filled rectangles in a grid of `unit` mm cells, written straight into the page's content stream as
 * one path under a scaling matrix, so each rectangle is a few small integers ("12 5 3 1 re"). A label
 * holds some 300 of them (QR modules in runs, bars); jsPDF's rect() per rectangle was most of the time
 * of a 1,000-label PDF (bench/labels-pdf.ts). (x, y) is the grid's top left in mm; cells go right and down.
 */
function fillGrid(doc: jsPDF, pageH: number, x: number, y: number, unitW: number, unitH: number, cells: string[]) {
  if (cells.length === 0) return;
  const k = doc.internal.scaleFactor;
  const matrix = `${(unitW * k).toFixed(4)} 0 0 ${(-unitH * k).toFixed(4)} ${(x * k).toFixed(3)} ${((pageH - y) * k).toFixed(3)} cm`;
  (doc.internal as unknown as { write: (...s: string[]) => void }).write(`q ${matrix} 0 g\n${cells.join('\n')}\nf Q`);
}

function drawLayout(doc: jsPDF, layout: LabelLayout, logo: LogoImage, qrCache: Map<string, ReturnType<typeof qrRuns>>, fixedMask: boolean) {
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
          qr = qrRuns(box.text, fixedMask);
          qrCache.set(box.text, qr);
        }
        const cell = box.size / (qr.size + 2 * QUIET_MODULES);
        const cells: string[] = [];
        for (let i = 0; i < qr.runs.length; i += 3) cells.push(`${qr.runs[i + 1]} ${qr.runs[i]} ${qr.runs[i + 2]} 1 re`);
        fillGrid(doc, layout.height, box.x + cell * QUIET_MODULES, box.y + cell * QUIET_MODULES, cell, cell, cells);
        break;
      }
      case 'barcode': {
        const { total, bars } = code128Bars(box.text);
        if (total === 0) break;
        const unit = box.w / (total + 2 * BARCODE_QUIET);
        const cells: string[] = [];
        for (let i = 0; i < bars.length; i += 2) cells.push(`${bars[i]} 0 ${bars[i + 1]} 1 re`);
        fillGrid(doc, layout.height, box.x + BARCODE_QUIET * unit, box.y, unit, box.h, cells);
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
function pageOf(settings: Pick<LabelSettings, 'labelSize'>) {
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
  // uncompressed: deflating a 1,000-label PDF took a quarter of its time, for a file that stays local
  const doc = new jsPDF({ unit: 'mm', format: page.format, orientation: page.orientation, compress: false });
  doc.setProperties({ title: 'inventory_label' });
  doc.setFillColor(0, 0, 0);
  doc.setTextColor(0, 0, 0);
  const qrCache = new Map<string, ReturnType<typeof qrRuns>>();
  // large batches take the QR codes' fixed mask (the mask search was half of a 1,000-label PDF's time)
  const fixedMask = labels.length > FIXED_MASK_FROM;
  labels.forEach((label, i) => {
    if (i > 0) doc.addPage(page.format, page.orientation);
    drawLayout(doc, layoutLabel(settings, label.item, label.targets), logo, qrCache, fixedMask);
    onProgress?.(i + 1);
  });
  return doc.output('arraybuffer');
}
