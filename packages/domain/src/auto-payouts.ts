// Automated payouts (docs/payouts-automated.md): the rules the server's payout job and the
// screens share. Sending itself (providers, the job) lives in apps/server/src/payouts.

/**
 * The idempotency key of a cheque's n-th send attempt: the cheque id for the first, `<id>-<n>` after
 * that. An attempt keeps its key until the provider answers, so a resend of an unanswered attempt is
 * recognised (Checkbook's Idempotency-Key, PayPal's sender_batch_id) and pays nobody twice; a new key
 * is taken only after a definite failure, when nothing was paid.
 */
export function sendKeyOf(chequeId: string, attempt: number): string {
  return attempt <= 1 ? chequeId : `${chequeId}-${attempt}`;
}

/** Whether an unanswered send may go again under its key: the provider still recognises it (with an hour to spare). */
export function withinIdempotencyWindow(sentAt: Date, windowMs: number, now: Date = new Date()): boolean {
  const margin = Math.min(60 * 60 * 1000, windowMs / 10);
  return now.getTime() - sentAt.getTime() < windowMs - margin;
}

/** What a cheque's line of the payout's failure reason reads: who, and which cheque of how many. */
export function chequeLabel(consignerName: string, sequence: number, ofCount: number): string {
  return ofCount > 1 ? `${consignerName}, cheque ${sequence} of ${ofCount}` : consignerName;
}

/** The payout's failure reason from its failed cheques' reasons (bounded: the first few, then a count). */
export function payoutFailureReason(failures: readonly { label: string; reason: string }[], chequeCount: number): string {
  if (failures.length === 0) return '';
  const head = failures.length === 1 ? '' : `${failures.length} of ${chequeCount} cheques failed. `;
  const shown = failures.slice(0, 3).map((f) => `${f.label}: ${f.reason}`);
  const more = failures.length > 3 ? ` (and ${failures.length - 3} more)` : '';
  return `${head}${shown.join('; ')}${more}`.slice(0, 2000);
}

// Wording ours (the spec names only the retry's success message, PEOPLE_MESSAGES.autoPayoutRetried).
export const AUTO_PAYOUT_MESSAGES = {
  notFound: 'Payout not found',
  notFailed: (status: string) => `Only a Failed payout can be retried; this one is ${status}`,
  notAutomated: 'This payout is paid by hand: mark it as paid',
  notInPayout: 'This consigner has no automated cheque in this payout',
  nothingToRetry: 'Every automated cheque of this payout is paid',
  providerOff: (label: string) => `${label} is turned off in Settings > Integrations: turn it on and retry, or mark this consigner paid by hand`,
  providerNoCredentials: (label: string) => `${label} has no usable credentials in Settings > Integrations: enter them and retry`,
  automatedPayoutOff: 'Automated payout is off in the store settings: turn it on and retry, or mark this consigner paid by hand',
  noEmail: 'This consigner has no e-mail address for the digital cheque',
  noPaypalEmail: 'This consigner has no PayPal e-mail in their payout details: add it and retry',
  unknownExpired: (label: string, sentAt: string) =>
    `${label} did not answer the send of ${sentAt} and no longer recognises a resend: check the ${label} dashboard, then mark this consigner paid by hand if it was paid`,
  stillProcessing: (label: string) => `${label} is still processing this payment: retry later to check it again`,
} as const;
