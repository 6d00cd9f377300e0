// Item labels (catalogue doc sections 3 "Label settings", 4 print rules, 7 and 9 label fields): what a
// label shows and where, as positioned boxes in millimetres. The web app draws the boxes into a PDF
// (jsPDF) and into the settings' preview; nothing here knows about either. Decisions: docs/labels.md.
import type { CustomBarcodeOption, LabelOption } from './constants.ts';
import { formatMoney } from './money.ts';
import { formatEndDate } from './term-requests.ts';

/** The label ids of the spec that have a layout of their own (section 7: "label ids 32 and 101"). */
export const SPECIAL_LABEL_LAYOUTS = [32, 101] as const;
export type SpecialLabelLayout = (typeof SPECIAL_LABEL_LAYOUTS)[number];
export const LABEL_LAYOUT_NAMES: Record<SpecialLabelLayout, string> = {
  32: 'Fold-over tag (32): two halves, code on one, details on the other',
  101: 'Price tag (101): the price large on top',
};

/** Messages of the print rules (section 7, verbatim). */
export const LABEL_MESSAGES = {
  resyncedWithoutShopifyId: 'Resynced items without Shopify ID. Please try again in a few seconds.',
  noShopifyProduct: (title: string) => `No Shopify Product Found for ${title}. Resyncing`,
  nothingToPrint: 'Select the items to print first',
} as const;

export type LabelSize = { width: number; height: number };

/** The store's label settings, as the printing code needs them. */
export type LabelSettings = {
  labelSize: LabelSize;
  labelOptions: readonly string[];
  customBarcode: CustomBarcodeOption | null;
  currency: string;
  logo: string | null;
  /** A layout of the spec's special label ids, or null for the standard one. */
  labelLayout: SpecialLabelLayout | null;
  customShopifyUrl: string | null;
  shopifyTrackingParams: readonly { param: string; value: string }[];
  /** The storefront's own address ('my-shop.myshopify.com'), when known. */
  shop: string | null;
  /** Where the store's links point (the origin e-mail links use). */
  linkOrigin: string;
  /** The store sells through a connected storefront (store_integrations 'shopify' configured). */
  hasStorefront: boolean;
};

/** One item as a label needs it (money in minor units). */
export type LabelItem = {
  id: string;
  code: string;
  title: string;
  sku: string;
  size: string | null;
  consignerId: string;
  consignerName: string;
  payoutFee: number;
  price: number;
  subLocation: string | null;
  gtin: string | null;
  /** The item's storefront id (its variant), null until it was synced. */
  shopifyId: string | null;
  /** The storefront product's handle (its address there), null when unknown. */
  storefrontHandle: string | null;
  /** The last day of the item's consignment ('YYYY-MM-DD'), null without one. */
  consignmentEndsAt?: string | null;
  /** Sellable now (sellable.ts): false when the shop does not list it (e.g. a price request waiting). Absent: yes. */
  sellableNow?: boolean;
};

// ---------------------------------------------------------------------------------------------
// Where the QR code points and which items can be labelled.

/** The item's own page in Backroom. */
export function itemLink(linkOrigin: string, itemId: string): string {
  return `${linkOrigin.replace(/\/+$/, '')}/inventories/${encodeURIComponent(itemId)}`;
}

/** The numeric tail of a storefront global id ('gid://shopify/ProductVariant/42' -> '42'). */
function numericId(id: string): string {
  const tail = id.split('/').pop() ?? id;
  return /^\d+$/.test(tail) ? tail : '';
}

/**
 * The storefront product page of an item: the store's customShopifyUrl (else https://{shop}),
 * /products/{handle}, its variant and the tracking parameters. Null when it cannot be built.
 */
export function storefrontLink(settings: Pick<LabelSettings, 'customShopifyUrl' | 'shop' | 'shopifyTrackingParams'>, item: Pick<LabelItem, 'shopifyId' | 'storefrontHandle'>): string | null {
  if (!item.shopifyId || !item.storefrontHandle) return null;
  const base = settings.customShopifyUrl?.trim() || (settings.shop?.trim() ? `https://${settings.shop.trim().replace(/^https?:\/\//, '')}` : '');
  if (!/^https?:\/\/[^/?#\s]+/i.test(base)) return null;
  const query: string[] = [];
  const variant = numericId(item.shopifyId);
  if (variant) query.push(`variant=${variant}`);
  for (const p of settings.shopifyTrackingParams) if (p.param.trim()) query.push(`${encodeURIComponent(p.param.trim())}=${encodeURIComponent(p.value)}`);
  const path = `${base.replace(/\/+$/, '')}/products/${encodeURIComponent(item.storefrontHandle)}`;
  return query.length ? `${path}?${query.join('&')}` : path;
}

export type LabelTargets = { item: string; storefront: string | null };

export type PrintPlan = {
  /** Items that get a label, in the order given. */
  printable: { item: LabelItem; targets: LabelTargets }[];
  /** Items skipped and why (the spec's messages); the caller queues their resync. */
  skipped: { item: LabelItem; message: string }[];
  /** The messages to show, once each. */
  messages: string[];
};

/**
 * Which items get a label (section 7): a store with a storefront labels only items the storefront
 * knows (without a storefront id: resync and 'Resynced items without Shopify ID...'; with one but no
 * product found: 'No Shopify Product Found for {title}. Resyncing'). A store without a storefront
 * labels every item, its QR code pointing at the item's page.
 */
export function planLabels(settings: LabelSettings, items: readonly LabelItem[]): PrintPlan {
  const printable: PrintPlan['printable'] = [];
  const skipped: PrintPlan['skipped'] = [];
  const messages = new Set<string>();
  for (const item of items) {
    const targets: LabelTargets = { item: itemLink(settings.linkOrigin, item.id), storefront: null };
    // an item not sellable now is not listed in the shop (sellable.ts): its label points at its own page
    if (settings.hasStorefront && item.sellableNow !== false) {
      if (!item.shopifyId) {
        skipped.push({ item, message: LABEL_MESSAGES.resyncedWithoutShopifyId });
        messages.add(LABEL_MESSAGES.resyncedWithoutShopifyId);
        continue;
      }
      targets.storefront = storefrontLink(settings, item);
      if (!targets.storefront) {
        const message = LABEL_MESSAGES.noShopifyProduct(item.title);
        skipped.push({ item, message });
        messages.add(message);
        continue;
      }
    }
    printable.push({ item, targets });
  }
  return { printable, skipped, messages: [...messages] };
}

// ---------------------------------------------------------------------------------------------
// Text: the built-in PDF fonts (Helvetica) hold Latin-1 only.

const REPLACEMENTS: Record<string, string> = {
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '‚': ',',
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '•': '*',
  '™': 'TM',
  Ł: 'L',
  ł: 'l',
  Œ: 'OE',
  œ: 'oe',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** Does the text hold characters the built-in fonts cannot draw? */
export function needsUnicodeFont(text: string): boolean {
  for (const ch of text) if (ch.codePointAt(0)! > 0xff) return true;
  return false;
}

/**
 * The text as Latin-1: common punctuation replaced, accents of other letters dropped (NFKD), and
 * anything left shown as '?' (used when no Unicode font is embedded; docs/labels.md).
 */
export function toLatin1(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0xff) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => c.codePointAt(0)! <= 0xff) && base ? base : '?';
    }
  }
  return out;
}

// Helvetica's advance widths (units of 1/1000 em) for ASCII 32..126, from its AFM.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611,
  611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Points to millimetres. */
export const PT_MM = 25.4 / 72;

/** Width in mm of a text at a font size (pt); wide for characters outside ASCII, so never short. */
export function textWidthMm(text: string, fontPt: number, bold = false): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 32 && code <= 126) units += table[code - 32]!;
    else if (code >= 0x2e80) units += 1000; // CJK and wider scripts
    else units += 778; // accented Latin, Greek, Cyrillic: at most as wide as a capital O
  }
  return (units / 1000) * fontPt * PT_MM;
}

/** The text cut to fit `width`, with an ellipsis when anything was cut. */
export function ellipsize(text: string, width: number, fontPt: number, bold = false): string {
  if (textWidthMm(text, fontPt, bold) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidthMm(`${chars.slice(0, mid).join('').trimEnd()}...`, fontPt, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${chars.slice(0, lo).join('').trimEnd()}...`;
}

/** Word-wraps to at most `maxLines` lines of `width`; the last one ellipsized; words longer than a line are cut. */
export function wrapText(text: string, width: number, fontPt: number, maxLines: number, bold = false): string[] {
  const fits = (t: string) => textWidthMm(t, fontPt, bold) <= width;
  const all: string[] = [];
  let current = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    let word = w;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) all.push(current);
    current = '';
    // a word wider than a line: as much of it as fits per line
    while (!fits(word)) {
      const chars = [...word];
      let n = Math.max(1, chars.length - 1);
      while (n > 1 && !fits(chars.slice(0, n).join(''))) n -= 1;
      all.push(chars.slice(0, n).join(''));
      word = chars.slice(n).join('');
    }
    current = word;
  }
  if (current) all.push(current);
  if (all.length <= maxLines) return all;
  const kept = all.slice(0, Math.max(0, maxLines - 1));
  const last = ellipsize(all.slice(kept.length).join(' '), width, fontPt, bold);
  return last ? [...kept, last] : kept;
}

// ---------------------------------------------------------------------------------------------
// The layout.

export type LabelBox =
  | { kind: 'text'; x: number; y: number; w: number; h: number; lines: string[]; fontPt: number; bold: boolean; align: 'left' | 'center'; field: string }
  | { kind: 'qr'; x: number; y: number; size: number; text: string; field: 'QR Code' | 'Shopify QR Code' }
  | { kind: 'barcode'; x: number; y: number; w: number; h: number; text: string }
  | { kind: 'logo'; x: number; y: number; w: number; h: number };

export type LabelLayout = { width: number; height: number; boxes: LabelBox[] };

const has = (settings: Pick<LabelSettings, 'labelOptions'>, option: LabelOption) => settings.labelOptions.includes(option);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const MIN_FONT_PT = 4;
const LINE = 1.18; // line height as a multiple of the font size

/** The text of the store's customBarcode choice for this item (Code128), or null. */
export function barcodeText(settings: Pick<LabelSettings, 'customBarcode'>, item: Pick<LabelItem, 'sku' | 'code' | 'gtin'>): string | null {
  const raw = settings.customBarcode === 'SKU' ? item.sku : settings.customBarcode === 'CODE' ? item.code : settings.customBarcode === 'GTIN' ? item.gtin : null;
  // Code128 carries ASCII only; anything else cannot be scanned back
  const text = raw ? [...raw.trim()].filter((c) => c.codePointAt(0)! >= 32 && c.codePointAt(0)! <= 126).join('') : '';
  return text ? text.slice(0, 48) : null;
}

type TextLine = { field: string; text: string; bold: boolean; scale: number; wrap: number };

/** The text fields of a label, in the order they are shown (those that do not fit are left out from the end). */
function textLines(settings: LabelSettings, item: LabelItem): TextLine[] {
  const lines: TextLine[] = [];
  const add = (option: LabelOption, text: string | null | undefined, opts: Partial<TextLine> = {}) => {
    if (has(settings, option) && text?.trim()) lines.push({ field: option, text: toLatin1(text.trim()), bold: false, scale: 1, wrap: 1, ...opts });
  };
  add('Item Description', item.title, { bold: true, wrap: 3 });
  add('Price', formatMoney(item.price, settings.currency), { bold: true, scale: 1.3 });
  add('Size', item.size ? `Size ${item.size}` : null);
  add('SKU', item.sku);
  add('Item Id', item.code);
  add('Consigner', item.consignerName);
  add('Consigner Id', `ID ${item.consignerId.slice(0, 8)}`);
  add('Payout Fee', `Fee ${formatMoney(item.payoutFee, settings.currency)}`);
  add('Sublocation', item.subLocation);
  add('Consignment ends', item.consignmentEndsAt ? `Ends ${formatEndDate(item.consignmentEndsAt)}` : null);
  return lines;
}

/**
 * Fits text lines into a box: the largest font (up to `maxPt`) at which they all fit, wrapping the
 * ones allowed to wrap; at the smallest font, lines that still do not fit are dropped from the end.
 */
function fitText(lines: TextLine[], x: number, y: number, w: number, h: number, maxPt: number, align: 'left' | 'center' = 'left'): LabelBox[] {
  if (lines.length === 0 || w < 3 || h <= 1) return [];
  const layoutAt = (pt: number, use: TextLine[]) => {
    const boxes: LabelBox[] = [];
    let cursor = y;
    for (const line of use) {
      const fontPt = pt * line.scale;
      const lineH = fontPt * PT_MM * LINE;
      const maxLines = Math.max(1, Math.min(line.wrap, Math.floor((y + h - cursor) / lineH)));
      const wrapped = line.wrap > 1 ? wrapText(line.text, w, fontPt, maxLines, line.bold) : [ellipsize(line.text, w, fontPt, line.bold)];
      const boxH = wrapped.length * lineH;
      boxes.push({ kind: 'text', x, y: cursor, w, h: boxH, lines: wrapped, fontPt, bold: line.bold, align, field: line.field });
      cursor += boxH;
    }
    return { boxes, bottom: cursor };
  };
  for (let use = lines; use.length > 0; use = use.slice(0, -1)) {
    for (let pt = maxPt; pt >= MIN_FONT_PT; pt -= 0.5) {
      const fitted = layoutAt(pt, use);
      if (fitted.bottom <= y + h + 1e-6 && fitted.boxes.every((b) => b.kind !== 'text' || (b.lines.length > 0 && b.lines.every((l) => l !== '' && textWidthMm(l, b.fontPt, b.bold) <= w + 1e-6)))) return fitted.boxes;
    }
  }
  return [];
}

/** Font size ceiling from the label's height: small labels get small print. */
const maxFontFor = (height: number) => clamp(height * 0.32, 6, 14);

/**
 * Positions a label's fields (settings.labelOptions) on a label of settings.labelSize (mm, landscape:
 * width is the long side as given). Every box lies inside the label's margins.
 */
export function layoutLabel(settings: LabelSettings, item: LabelItem, targets: LabelTargets): LabelLayout {
  const width = settings.labelSize.width;
  const height = settings.labelSize.height;
  const pad = clamp(Math.min(width, height) * 0.06, 1, 3);
  const inner = { x: pad, y: pad, w: width - 2 * pad, h: height - 2 * pad };
  const boxes: LabelBox[] = [];
  const barcode = barcodeText(settings, item);
  const qrs: { text: string; field: 'QR Code' | 'Shopify QR Code' }[] = [];
  if (has(settings, 'QR Code')) qrs.push({ text: targets.item, field: 'QR Code' });
  if (has(settings, 'Shopify QR Code')) {
    const text = targets.storefront ?? targets.item;
    if (!qrs.some((q) => q.text === text)) qrs.push({ text, field: 'Shopify QR Code' });
  }
  const scanToShop = has(settings, 'Scan To Shop');
  const lines = textLines(settings, item);
  const logo = has(settings, 'Logo') && settings.logo ? true : false;

  if (settings.labelLayout === 32) {
    // Fold-over tag: left half the codes (QR, item code), right half the details.
    const half = inner.w / 2;
    const gap = pad;
    const left = { x: inner.x, w: half - gap / 2 };
    const right = { x: inner.x + half + gap / 2, w: half - gap / 2 };
    const codeLine = fitText([{ field: 'Item Id', text: item.code, bold: false, scale: 1, wrap: 1 }], left.x, inner.y + inner.h * 0.8, left.w, inner.h * 0.2, maxFontFor(height) * 0.8, 'center');
    const qrSize = Math.min(left.w, inner.h * 0.8);
    if (qrs[0]) boxes.push({ kind: 'qr', x: left.x + (left.w - qrSize) / 2, y: inner.y, size: qrSize, text: qrs[0].text, field: qrs[0].field });
    boxes.push(...codeLine);
    let top = inner.y;
    let bottom = inner.y + inner.h;
    if (barcode) {
      const bh = clamp(inner.h * 0.25, 3, 12);
      boxes.push({ kind: 'barcode', x: right.x, y: bottom - bh, w: right.w, h: bh, text: barcode });
      bottom -= bh + pad / 2;
    }
    if (logo) {
      const lh = clamp(inner.h * 0.2, 2, 10);
      boxes.push({ kind: 'logo', x: right.x, y: top, w: right.w, h: lh });
      top += lh + pad / 2;
    }
    boxes.push(...fitText(lines.filter((l) => l.field !== 'Item Id'), right.x, top, right.w, bottom - top, maxFontFor(height)));
    return { width, height, boxes };
  }

  if (settings.labelLayout === 101) {
    // Price tag: the price across the top, large; the rest below beside the QR code.
    const priceLine = lines.find((l) => l.field === 'Price');
    let top = inner.y;
    if (priceLine) {
      const priceH = inner.h * 0.32;
      boxes.push(...fitText([{ ...priceLine, scale: 1 }], inner.x, top, inner.w, priceH, clamp(height * 0.6, 8, 32), 'center'));
      top += priceH;
    }
    const restH = inner.y + inner.h - top;
    const qrSize = qrs.length > 0 ? Math.min(restH, inner.w * 0.4) : 0;
    if (qrs[0]) boxes.push({ kind: 'qr', x: inner.x + inner.w - qrSize, y: top, size: qrSize, text: qrs[0].text, field: qrs[0].field });
    const textW = inner.w - (qrSize ? qrSize + pad : 0);
    let bottom = inner.y + inner.h;
    if (barcode) {
      const bh = clamp(restH * 0.3, 3, 12);
      boxes.push({ kind: 'barcode', x: inner.x, y: bottom - bh, w: textW, h: bh, text: barcode });
      bottom -= bh + pad / 2;
    }
    boxes.push(...fitText(lines.filter((l) => l.field !== 'Price'), inner.x, top, textW, bottom - top, maxFontFor(height) * 0.8));
    return { width, height, boxes };
  }

  // Standard: QR codes on the left (the storefront one captioned 'Scan to shop'), a barcode strip at
  // the bottom, the logo and the text fields on the right.
  let bottom = inner.y + inner.h;
  if (barcode) {
    const bh = clamp(inner.h * 0.24, 3, 15);
    boxes.push({ kind: 'barcode', x: inner.x, y: bottom - bh, w: inner.w, h: bh, text: barcode });
    bottom -= bh + pad / 2;
  }
  const areaH = bottom - inner.y;
  let left = inner.x;
  if (qrs.length > 0 && areaH > 3) {
    const captionH = scanToShop ? clamp(areaH * 0.16, 1.8, 5) : 0;
    const qrSize = Math.max(0, Math.min(areaH - captionH, (inner.w * 0.5) / qrs.length - pad));
    qrs.forEach((q, i) => {
      const x = inner.x + i * (qrSize + pad);
      boxes.push({ kind: 'qr', x, y: inner.y, size: qrSize, text: q.text, field: q.field });
    });
    if (scanToShop && captionH > 0) {
      const capW = qrs.length * (qrSize + pad) - pad;
      boxes.push(...fitText([{ field: 'Scan To Shop', text: 'Scan to shop', bold: true, scale: 1, wrap: 1 }], inner.x, inner.y + qrSize, capW, captionH, 8, 'center'));
    }
    left = inner.x + qrs.length * (qrSize + pad);
  } else if (scanToShop) {
    lines.unshift({ field: 'Scan To Shop', text: 'Scan to shop', bold: true, scale: 1, wrap: 1 });
  }
  const textW = inner.x + inner.w - left;
  let top = inner.y;
  if (logo && textW > 3) {
    const lh = clamp(areaH * 0.22, 2, 12);
    boxes.push({ kind: 'logo', x: left, y: top, w: textW, h: lh });
    top += lh + pad / 2;
  }
  boxes.push(...fitText(lines, left, top, textW, bottom - top, maxFontFor(height)));
  return { width, height, boxes };
}

/** Does every box lie inside the label (the tests' and the preview's check)? */
export function boxesInside(layout: LabelLayout, tolerance = 1e-6): boolean {
  return layout.boxes.every((b) => {
    const w = b.kind === 'qr' ? b.size : b.w;
    const h = b.kind === 'qr' ? b.size : b.h;
    return b.x >= -tolerance && b.y >= -tolerance && b.x + w <= layout.width + tolerance && b.y + h <= layout.height + tolerance && w >= 0 && h >= 0;
  });
}

/** A made-up item for the settings' preview. */
export const SAMPLE_LABEL_ITEM: LabelItem = {
  id: '00000000-0000-4000-8000-000000000000',
  code: 'BR-000123',
  title: 'Air Jordan 1 Retro High OG Chicago Lost and Found',
  sku: 'DZ5485-612',
  size: '10.5',
  consignerId: '5f2b9c1e-0000-4000-8000-000000000000',
  consignerName: 'Jamie Rivera',
  payoutFee: 3600,
  price: 18000,
  subLocation: 'Shelf A3',
  consignmentEndsAt: '2026-12-29',
  gtin: '0196153275123',
  shopifyId: null,
  storefrontHandle: null,
};
