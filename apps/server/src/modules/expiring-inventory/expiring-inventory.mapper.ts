import { renewalOf, termsOf, termStateOf, toMajor, type ZExpiringItem } from '@backroom/domain';
import type { z } from 'zod';
import type { ExpiringRow } from './expiring-inventory.repository.ts';

/** A row of the expiring list: where its term stands on `today` within the window asked for. */
export function toExpiringItem(row: ExpiringRow, today: string, withinDays: number): z.input<typeof ZExpiringItem> {
  const endsOn = row.consignmentEndsAt!;
  const terms = termsOf(row.consignmentTerms);
  const at = termStateOf(endsOn, today, terms.graceDays, withinDays);
  const state = at.state === 'grace' || at.state === 'due' ? at.state : 'ending';
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    consignerId: row.consignerId,
    consignerName: `${row.firstName} ${row.lastName}`.trim(),
    consignmentEndsAt: endsOn,
    state,
    days: 'daysLeft' in at ? at.daysLeft : 'daysOver' in at ? at.daysOver : 0,
    endAction: terms.endAction,
    renewable: renewalOf({ endsOn, terms }, endsOn, today).kind === 'change',
    renewalFee: toMajor(terms.renewalFee),
    request: row.requestId && row.requestKind && row.requestedAt ? { id: row.requestId, kind: row.requestKind, createdAt: row.requestedAt.toISOString() } : null,
  };
}
