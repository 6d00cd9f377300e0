// A consigner's statement as a PDF (docs/consigner-account.md "Statements"): the same figures and
// entries as the screen and the CSV (getStatement), drawn by pdfkit on the server, which streams a
// long statement page by page (10,000 entries are some 250 pages). pdfkit's standard fonts need no
// font file on the machine; they draw the Windows-1252 characters, so a memo's other characters are
// shown as '?' rather than as mojibake.
import { formatMoney, toMinor, type TStatement } from '@backroom/domain';
import PDFDocument from 'pdfkit';

const MARGIN = 50;
const PAGE = { width: 612, height: 792 }; // US Letter, in points
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const ROW_HEIGHT = 16;
const COLUMNS = [
  { title: 'Date', width: 72, align: 'left' },
  { title: 'Entry', width: 130, align: 'left' },
  { title: 'Memo', width: CONTENT_WIDTH - 72 - 130 - 90, align: 'left' },
  { title: 'Amount', width: 90, align: 'right' },
] as const;

/** The characters Windows-1252 has above Latin-1's controls (what the standard fonts can draw). */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: controls dropped, characters outside Windows-1252 as '?'. */
export function pdfSafeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += code === 0x09 || code === 0x0a ? ' ' : '';
    else if (code <= 0xff || CP1252_EXTRAS.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

export type StatementPdfInput = { statement: TStatement; storeName: string; currency: string };

/** The statement's PDF, whole, as bytes. */
export function statementPdf({ statement: s, storeName, currency }: StatementPdfInput): Promise<Buffer> {
  const money = (major: number) => formatMoney(toMinor(major), currency);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    bufferPages: true,
    info: { Title: pdfSafeText(`Statement ${s.label}: ${s.consignerName}`), Author: pdfSafeText(storeName), Creator: 'Backroom' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The heading: the store, whose statement, of which period.
  doc.font('Helvetica-Bold').fontSize(18).text(pdfSafeText(storeName), { width: CONTENT_WIDTH });
  doc.moveDown(0.2).font('Helvetica').fontSize(12).fillColor('#444').text(`Statement of account, ${s.period === 'month' ? s.label : `year ${s.label}`}`);
  doc.moveDown(0.6).fillColor('#000').font('Helvetica-Bold').fontSize(12).text(pdfSafeText(s.consignerName || 'Consigner'));
  doc.font('Helvetica').fontSize(10).text(`${s.from} to ${s.to}`);
  doc.moveDown(1);

  // The figures: opening + sales + fees + payouts + adjustments = closing.
  const figures: [string, number, boolean][] = [
    ['Opening balance', s.opening, false],
    ['Sales', s.sales, false],
    ['Fees', s.fees, false],
    ['Payouts', s.payouts, false],
    ['Adjustments', s.adjustments, false],
    ['Closing balance', s.closing, true],
  ];
  for (const [label, amount, strong] of figures) {
    const y = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, MARGIN, y, { width: 200 });
    doc.text(money(amount), MARGIN + 200, y, { width: 120, align: 'right' });
    doc.moveDown(0.25);
  }
  doc.moveDown(1);

  // The entries, the table's header repeated on every page.
  const drawHeader = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9);
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.text(c.title, x, y, { width: c.width - 6, align: c.align, lineBreak: false });
      x += c.width;
    }
    doc.moveTo(MARGIN, y + ROW_HEIGHT - 4).lineTo(MARGIN + CONTENT_WIDTH, y + ROW_HEIGHT - 4).lineWidth(0.5).strokeColor('#999').stroke();
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
    doc.font('Helvetica').fontSize(9);
  };
  if (s.entries.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor('#444').text('No entries in this period.', MARGIN);
  } else {
    drawHeader();
    const bottom = PAGE.height - MARGIN - 20; // above the page number
    for (const e of s.entries) {
      if (doc.y + ROW_HEIGHT > bottom) {
        doc.addPage();
        drawHeader();
      }
      const y = doc.y;
      const cells = [e.day, e.kindLabel, pdfSafeText(e.memo ?? ''), money(e.amount)];
      let x = MARGIN;
      COLUMNS.forEach((c, i) => {
        doc.text(cells[i], x, y, { width: c.width - 6, align: c.align, lineBreak: false, ellipsis: true, height: ROW_HEIGHT });
        x += c.width;
      });
      doc.x = MARGIN;
      doc.y = y + ROW_HEIGHT;
    }
  }

  // "Page i of n" on every page, once the count is known.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the bottom margin; without this pdfkit would start a new page
    doc.font('Helvetica').fontSize(8).fillColor('#666');
    doc.text(`${pdfSafeText(s.consignerName)}, ${s.label}: page ${i + 1} of ${count}`, MARGIN, PAGE.height - MARGIN, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  }
  doc.end();
  return finished;
}
