// The month's statements by e-mail (docs/consigner-account.md "E-mailing a month's statements"): who
// gets one and what it says. The e-mail carries the six figures and a link to the portal's statement
// of that month, where the consigner reads every entry and downloads the PDF or CSV behind their own
// sign-in: no attachment, so nothing of the ledger sits in a mailbox beyond the totals.
import { formatMoney } from './money.ts';
import { monthLabel } from './statements.ts';
import { cleanText } from './text.ts';

/** A month's figures of one consigner, in minor units. */
export type StatementFigures = { opening: number; sales: number; fees: number; payouts: number; adjustments: number; closing: number };

/** A statement is worth an e-mail when something moved in the month or a balance is still open. */
export function statementWorthSending(figures: StatementFigures, entriesInMonth: number): boolean {
  return entriesInMonth > 0 || figures.closing !== 0;
}

/** The e-mail of one consigner's month. */
export function composeStatementEmail(input: {
  storeName: string;
  currency: string;
  firstName: string | null;
  month: string;
  figures: StatementFigures;
  /** The portal's statement of the month, from configuration (never from a request). */
  link: string;
}): { subject: string; text: string } {
  const store = cleanText(input.storeName, { oneLine: true });
  const name = cleanText(input.firstName ?? '', { oneLine: true });
  const label = monthLabel(input.month);
  const money = (minor: number) => formatMoney(minor, input.currency);
  const f = input.figures;
  const text = [
    name ? `Hi ${name},` : 'Hello,',
    '',
    `Here is your statement for ${label} from ${store}.`,
    '',
    `Opening balance: ${money(f.opening)}`,
    `Sales: ${money(f.sales)}`,
    `Fees: ${money(f.fees)}`,
    `Payouts: ${money(f.payouts)}`,
    `Adjustments: ${money(f.adjustments)}`,
    `Closing balance: ${money(f.closing)}`,
    '',
    'See every entry, and download the statement as PDF or CSV, in your portal:',
    input.link,
    '',
    `You get this e-mail because payout e-mails are on in your notification settings.`,
  ].join('\n');
  return { subject: `Your ${label} statement from ${store}`, text };
}
