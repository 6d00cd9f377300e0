// Consigner statements (docs/consigner-account.md "Statements"): GET /api/consigners/{id}/statements and
// its CSV, /statements/export. Read-only, summed from the ledger; amounts in major units as elsewhere.
import { z } from 'zod';
import { LEDGER_KINDS } from '../payouts.ts';

export const STATEMENT_MONTH_MESSAGE = 'Month must be YYYY-MM, e.g. 2026-11';
export const STATEMENT_YEAR_MESSAGE = 'Year must be YYYY, e.g. 2026';
export const STATEMENT_RANGE_MESSAGE = 'Statements cover 2000-01 to 2100-12';
export const STATEMENT_PERIOD_MESSAGE = 'Ask for a month (month=YYYY-MM) or a year (year=YYYY), not both';
/** The months and years a statement may cover (yearStatementOf's range). */
export const STATEMENT_FIRST_YEAR = 2000;
export const STATEMENT_LAST_YEAR = 2100;

const inRange = (year: number) => year >= STATEMENT_FIRST_YEAR && year <= STATEMENT_LAST_YEAR;

/** A statement's month, 'YYYY-MM', inside the range statements cover. */
const ZStatementMonth = z
  .string({ error: STATEMENT_MONTH_MESSAGE })
  .max(7, STATEMENT_MONTH_MESSAGE)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATEMENT_MONTH_MESSAGE)
  .refine((m) => inRange(Number(m.slice(0, 4))), STATEMENT_RANGE_MESSAGE);

/**
 * `month=YYYY-MM` (a month's statement) or `year=YYYY` (the year-end summary); neither is refused, as
 * the statement of "now" depends on the store's clock, which the web knows and sends.
 */
export const ZStatementQuery = z
  .object({
    month: ZStatementMonth.optional(),
    year: z
      .string({ error: STATEMENT_YEAR_MESSAGE })
      .max(4, STATEMENT_YEAR_MESSAGE)
      .regex(/^\d{4}$/, STATEMENT_YEAR_MESSAGE)
      .refine((y) => inRange(Number(y)), STATEMENT_RANGE_MESSAGE)
      .optional(),
  })
  .refine((q) => (q.month === undefined) !== (q.year === undefined), { message: STATEMENT_PERIOD_MESSAGE });
export type TStatementQuery = z.output<typeof ZStatementQuery>;

export const ZStatementEntry = z.object({
  id: z.string(),
  /** The store's calendar day of the entry, YYYY-MM-DD. */
  day: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** What the entry is, in words ('Sale', 'Fee', 'Payout', ...). */
  kindLabel: z.string(),
  group: z.enum(['sales', 'fees', 'payouts', 'other']),
  amount: z.number(),
  memo: z.string().nullable(),
  inventoryId: z.string().nullable(),
  orderId: z.string().nullable(),
  payoutId: z.string().nullable(),
});
export type TStatementEntry = z.output<typeof ZStatementEntry>;

/** A consigner's statement of a month or a year: opening + sales + fees + payouts + adjustments = closing. */
export const ZStatement = z.object({
  consignerId: z.string(),
  consignerName: z.string(),
  period: z.enum(['month', 'year']),
  /** '2026-11' or '2026'. */
  key: z.string(),
  /** 'November 2026' or '2026'. */
  label: z.string(),
  from: z.string(),
  to: z.string(),
  /** The periods before and after, for the picker's arrows (null outside the range). */
  previous: z.string().nullable(),
  next: z.string().nullable(),
  opening: z.number(),
  sales: z.number(),
  fees: z.number(),
  payouts: z.number(),
  adjustments: z.number(),
  closing: z.number(),
  entries: z.array(ZStatementEntry),
});
export type TStatement = z.output<typeof ZStatement>;

/** POST /api/consigners/emailStatements: e-mail every consigner their statement of a month (a background job). */
export const ZEmailStatementsBody = z.object({ month: ZStatementMonth });
export type TEmailStatementsBody = z.output<typeof ZEmailStatementsBody>;

export const STATEMENT_EMAIL_MESSAGES = {
  queued: 'The statements are being e-mailed',
  alreadyRunning: "This month's statements are already being e-mailed",
} as const;

/** The job that e-mails them: its progress at GET /api/jobs/{id}; `alreadyRunning` when one for the month was under way. */
export const ZEmailStatementsStarted = z.object({ jobId: z.string(), month: z.string(), message: z.string(), alreadyRunning: z.boolean() });

/** The job's result: e-mails written, consigners passed over (nothing in the month, or e-mails off), and why. */
export const ZEmailStatementsResult = z.object({ month: z.string(), sent: z.number(), nothingToSend: z.number(), emailsOff: z.number() });
export type TEmailStatementsResult = z.output<typeof ZEmailStatementsResult>;
