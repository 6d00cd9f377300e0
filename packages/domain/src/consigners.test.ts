import { describe, expect, it } from 'vitest';
import {
  canEditBankData,
  canSeeBankData,
  DELETE_BLOCKING_STATUSES,
  hasBankData,
  isConsignerAdmin,
  isRecalculable,
  maskAccountNumber,
  maskBankSnapshot,
  RECALCULABLE_STATUSES,
  reportRange,
} from './consigners.ts';
import { INVENTORY_STATUSES } from './statuses.ts';
import { addConsignerSchema, bankDataIssues, ZBankData, ZConsignerReportQuery, ZConsignersQuery, ZConsignerUpdate } from './schemas/consigner.ts';

const day = (iso: string) => ({ at: new Date(`${iso}T00:00:00.000Z`), dateOnly: true });

describe('reportRange (people doc section 7: the end date moves to the next day when it is today)', () => {
  const now = new Date('2026-11-22T15:30:00.000Z');

  it('moves an end date of today to the start of tomorrow, so today’s sales count', () => {
    expect(reportRange(undefined, day('2026-11-22'), now).end).toEqual(new Date('2026-11-23T00:00:00.000Z'));
  });

  it('counts the whole end day of any calendar date', () => {
    expect(reportRange(day('2026-11-01'), day('2026-11-20'), now)).toEqual({ start: new Date('2026-11-01T00:00:00.000Z'), end: new Date('2026-11-21T00:00:00.000Z') });
  });

  it('moves a timestamp of today to tomorrow and keeps another timestamp', () => {
    const today = reportRange(undefined, { at: new Date(now.getTime() - 60_000), dateOnly: false }, now).end!;
    expect(today.getTime()).toBeGreaterThan(now.getTime());
    expect(today.getTime() - now.getTime()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const past = new Date('2026-10-02T10:00:00.000Z');
    expect(reportRange(undefined, { at: past, dateOnly: false }, now).end).toEqual(past);
  });

  it('leaves open ends open', () => {
    expect(reportRange(undefined, undefined, now)).toEqual({ start: null, end: null });
  });
});

describe('masking bank details for the change log', () => {
  it('shows only the last four characters of an account number or IBAN', () => {
    expect(maskAccountNumber('000123456789')).toBe('••••6789');
    expect(maskAccountNumber('GB33 BUKB 2020 1555 5555 55')).toBe('••••5555');
    expect(maskAccountNumber('1234')).toBe('••••');
    expect(maskAccountNumber('')).toBeNull();
    expect(maskAccountNumber(null)).toBeNull();
  });

  it('masks a snapshot and keeps the rest', () => {
    const snap = maskBankSnapshot('Bank', { routingType: 'ibanNumber', accountName: 'Nora', ibanNumber: 'GB33BUKB20201555555555', accountNumber: '12345678' });
    expect(snap).toMatchObject({ payoutType: 'Bank', routingType: 'ibanNumber', accountName: 'Nora', ibanNumber: '••••5555', accountNumber: '••••5678', swiftCode: null });
    expect(JSON.stringify(snap)).not.toContain('20201555');
    expect(maskBankSnapshot(null, null)).toBeNull();
  });

  it('knows when details were submitted', () => {
    expect(hasBankData(null)).toBe(false);
    expect(hasBankData({ routingType: 'abaNumber' })).toBe(false);
    expect(hasBankData({ accountName: '  ' })).toBe(false);
    expect(hasBankData({ email: 'a@b.test' })).toBe(true);
  });
});

describe('which items a fee change re-prices and which stop a deletion', () => {
  it('re-prices unsold items only: never sold, paid, withdrawn, declined, bought or in a payout', () => {
    for (const status of ['Sold', 'Paid', 'PendingSale', 'Withdrawn', 'Declined', 'Buying']) expect(isRecalculable({ status })).toBe(false);
    expect(isRecalculable({ status: 'Active' })).toBe(true);
    expect(isRecalculable({ status: 'Active', buyingId: 'b' })).toBe(false);
    expect(isRecalculable({ status: 'Active', payoutId: 'p' })).toBe(false);
  });

  it('lets a consigner go only with withdrawn, declined and paid items left', () => {
    const free = INVENTORY_STATUSES.filter((s) => !(DELETE_BLOCKING_STATUSES as readonly string[]).includes(s));
    expect(free.sort()).toEqual(['Declined', 'Paid', 'Withdrawn']);
    // every re-priceable status blocks a deletion
    for (const s of RECALCULABLE_STATUSES) expect(DELETE_BLOCKING_STATUSES).toContain(s);
  });
});

describe('who sees and changes bank details', () => {
  const admin = { kind: 'employee', role: 'Admin', accessControls: null } as const;
  const adminWithout = { kind: 'employee', role: 'Admin', accessControls: ['Inventory'] } as const;
  const clerk = { kind: 'employee', role: 'Employee', accessControls: ['Consigners'] } as const;
  const self = { kind: 'consigner', id: 'c1' } as const;

  it('shows them to Admins with Consigners access and to the consigner themself', () => {
    expect([admin, adminWithout, clerk, self].map((v) => canSeeBankData(v, 'c1'))).toEqual([true, false, false, true]);
    expect(canSeeBankData(self, 'c2')).toBe(false);
    expect(isConsignerAdmin(admin)).toBe(true);
  });

  it('lets the consigner set them until submitted, Admins always, other staff never', () => {
    expect(canEditBankData(self, 'c1', false)).toBe(true);
    expect(canEditBankData(self, 'c1', true)).toBe(false);
    expect(canEditBankData(admin, 'c1', true)).toBe(true);
    expect(canEditBankData(clerk, 'c1', false)).toBe(false);
  });
});

describe('bank fields by the store’s bankFields setting', () => {
  const bank = (b: Record<string, unknown>) => ZBankData.parse(b);
  it('routing: the spec’s rules by routing type', () => {
    expect(bankDataIssues('Bank', bank({ routingType: 'abaNumber', accountName: 'A', accountNumber: '1', routingNumber: '2' }))).toEqual([]);
    expect(bankDataIssues('Bank', bank({ routingType: 'ibanNumber', accountName: 'A' })).map((i) => i.message)).toEqual(['IBAN number is required']);
    expect(bankDataIssues('PayPal', bank({})).map((i) => i.message)).toEqual(['Payout account email is required']);
  });

  it('local: account name and number only, routing fields dropped', () => {
    expect(bankDataIssues('Bank', bank({ routingType: 'ibanNumber', accountName: 'A', accountNumber: '1' }), 'local')).toEqual([]);
    expect(bankDataIssues('Bank', bank({ accountName: 'A', bank: 'Absa Bank' }), 'local').map((i) => i.message)).toEqual(['Account number is required']);
    const form = { firstName: 'A', lastName: 'B', email: 'a@b.test', phone: '+27 21 555 0100', address: 'x', payoutType: 'Bank', bankData: { routingType: 'swiftCode', accountName: 'A', accountNumber: '1' } };
    expect(addConsignerSchema('local').safeParse(form).success).toBe(true);
    expect(addConsignerSchema('routing').safeParse(form).success).toBe(false);
  });
});

describe('query and body schemas', () => {
  it('takes the spec’s page sizes only', () => {
    expect(ZConsignersQuery.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'name' });
    expect(ZConsignersQuery.parse({ pageSize: '250', page: '3' })).toMatchObject({ pageSize: 250, page: 3 });
    expect(ZConsignersQuery.safeParse({ pageSize: '15' }).success).toBe(false);
  });

  it('reads report filters as lists, with All meaning no filter', () => {
    const q = ZConsignerReportQuery.parse({ consigner: 'all', status: 'All', category: ['Sneakers', ''], dateRangeEnd: '2026-11-22' });
    expect(q).toMatchObject({ consigner: undefined, status: [], category: ['Sneakers'], dateRangeEnd: { dateOnly: true } });
  });

  it('defaults isRecalculateInventoryPayout to false and takes emailNotifications in both forms', () => {
    expect(ZConsignerUpdate.parse({})).toEqual({ isRecalculateInventoryPayout: false });
    expect(ZConsignerUpdate.parse({ idNumber: '' }).idNumber).toBeNull();
    expect(ZConsignerUpdate.parse({ emailNotifications: false }).emailNotifications).toBe(false);
    expect(ZConsignerUpdate.parse({ emailNotifications: { onPayout: false } }).emailNotifications).toEqual({ onPayout: false });
  });
});
