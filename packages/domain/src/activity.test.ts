import { describe, expect, it } from 'vitest';
import { activityCursorOf, activityDayHeading, activitySummary, activityWording, dropBlankDuplicates, groupActivityByDay, parseActivityCursor, type ActivityLogInput } from './activity.ts';

const item = '11111111-1111-4111-8111-111111111111';
const log = (id: string, updatedAt: string, modifiedFields: ActivityLogInput['modifiedFields'], inventoryId = item): ActivityLogInput => ({ id, updatedAt, inventoryId, modifiedFields });

describe('a payout in the feed', () => {
  const joined = { variableChanged: 'payoutId', beforeValue: null, afterValue: 'p1', beforeLabel: null, afterLabel: 'PO-1002' };
  it('says an item was added to a payout, by its name, rather than an empty change', () => {
    const w = activityWording({ modifiedFields: [joined] });
    expect(w).toEqual({ kind: 'changes', changes: [{ field: 'Payout', from: null, to: 'PO-1002', reference: true }] });
    expect(activitySummary(w)).toBe('added this item to payout PO-1002');
  });
  it('names the payout a status changed to Paid in', () => {
    const w = activityWording({
      modifiedFields: [
        { variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Paid' },
        { variableChanged: 'payoutId', beforeValue: 'p1', afterValue: 'p1', beforeLabel: 'PO-1002', afterLabel: 'PO-1002' },
      ],
    });
    expect(w).toEqual({ kind: 'changes', changes: [{ field: 'Status', from: 'Sold', to: 'Paid' }, { field: 'Payout', from: null, to: 'PO-1002', reference: true }] });
    expect(activitySummary(w)).toBe('changed Status');
  });
  it('leaves out a payout it cannot name', () => {
    expect(activityWording({ modifiedFields: [{ ...joined, afterLabel: null }] })).toEqual({ kind: 'changes', changes: [] });
  });
});

describe('activityWording', () => {
  it('reads a lone createdOn change as added this item', () => {
    expect(activityWording({ modifiedFields: [{ variableChanged: 'createdOn', beforeValue: null, afterValue: '2026-11-26T10:00:00Z' }] })).toEqual({ kind: 'added' });
  });

  it('shows a consignerId change as Owner with the consigners names', () => {
    expect(
      activityWording({ modifiedFields: [{ variableChanged: 'consignerId', beforeValue: 'a', afterValue: 'b', beforeLabel: 'Ann Lee', afterLabel: 'Bo Chan' }] }),
    ).toEqual({ kind: 'changes', changes: [{ field: 'Owner', from: 'Ann Lee', to: 'Bo Chan' }] });
  });

  it('shows no empty before value and drops fields that did not change', () => {
    const w = activityWording({
      modifiedFields: [
        { variableChanged: 'location', beforeValue: '', afterValue: 'Main' },
        { variableChanged: 'notes', beforeValue: null, afterValue: '' },
        { variableChanged: 'price', beforeValue: 120, afterValue: 120 },
        { variableChanged: 'status', beforeValue: 'Pending', afterValue: 'Active' },
        { variableChanged: 'subLocation', beforeValue: 'A1', afterValue: null },
      ],
    });
    expect(w).toEqual({
      kind: 'changes',
      changes: [
        { field: 'Location', from: null, to: 'Main' },
        { field: 'Status', from: 'Pending', to: 'Active' },
        { field: 'Sub-location', from: 'A1', to: null },
      ],
    });
  });

  it('leaves out the order, payout and purchase ids', () => {
    const w = activityWording({
      modifiedFields: [
        { variableChanged: 'status', beforeValue: 'Active', afterValue: 'Sold' },
        { variableChanged: 'orderId', beforeValue: null, afterValue: '77915f76-eadd-4185-985d-0368d94eed4b' },
        { variableChanged: 'payoutId', beforeValue: null, afterValue: '77915f76-eadd-4185-985d-0368d94eed4c' },
      ],
    });
    expect(w).toEqual({ kind: 'changes', changes: [{ field: 'Status', from: 'Active', to: 'Sold' }] });
  });

  it('still reads as added when createdOn comes with fields that say nothing', () => {
    expect(activityWording({ modifiedFields: [{ variableChanged: 'createdOn', afterValue: 'x' }, { variableChanged: 'notes', beforeValue: null, afterValue: '' }] })).toEqual({ kind: 'added' });
  });
});

it('uses the labels and value format of the screen, never for an empty value', () => {
  const w = activityWording(
    { modifiedFields: [{ variableChanged: 'price', beforeValue: null, afterValue: 120 }, { variableChanged: 'status', beforeValue: 'Pending', afterValue: 'Active' }] },
    { label: (f) => f.toUpperCase(), value: (f, v) => (f === 'price' ? `$${String(v)}` : `<${String(v)}>`) },
  );
  expect(w).toEqual({ kind: 'changes', changes: [{ field: 'PRICE', from: null, to: '$120' }, { field: 'STATUS', from: '<Pending>', to: '<Active>' }] });
});

describe('dropBlankDuplicates', () => {
  const blank = (id: string, at: string) => log(id, at, [{ variableChanged: 'status', beforeValue: '', afterValue: 'Active' }]);
  it('keeps the informative entry of a same-minute burst and drops the blank ones', () => {
    const logs = [
      blank('c', '2026-11-26T10:00:40.000Z'),
      log('b', '2026-11-26T10:00:30.000Z', [{ variableChanged: 'status', beforeValue: 'Pending', afterValue: 'Active' }]),
      blank('a', '2026-11-26T10:00:10.000Z'),
    ];
    expect(dropBlankDuplicates(logs).map((l) => l.id)).toEqual(['b']);
  });

  it('keeps the earliest of blank duplicates only', () => {
    expect(dropBlankDuplicates([blank('b', '2026-11-26T10:00:50.000Z'), blank('a', '2026-11-26T10:00:10.000Z')]).map((l) => l.id)).toEqual(['a']);
  });

  it('keeps entries of another minute, item or status value', () => {
    const logs = [
      blank('a', '2026-11-26T10:00:10.000Z'),
      blank('b', '2026-11-26T10:01:10.000Z'),
      log('c', '2026-11-26T10:00:20.000Z', [{ variableChanged: 'status', beforeValue: '', afterValue: 'Active' }], '22222222-2222-4222-8222-222222222222'),
      log('d', '2026-11-26T10:00:30.000Z', [{ variableChanged: 'status', beforeValue: '', afterValue: 'Sold' }]),
      log('e', '2026-11-26T10:00:40.000Z', [{ variableChanged: 'price', beforeValue: 1, afterValue: 2 }]),
    ];
    expect(dropBlankDuplicates(logs).map((l) => l.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('day headings and cursor', () => {
  it.each([
    [new Date(2026, 10, 1, 9), 'November 1st, 2026'],
    [new Date(2026, 10, 2, 9), 'November 2nd, 2026'],
    [new Date(2026, 10, 3, 9), 'November 3rd, 2026'],
    [new Date(2026, 10, 11, 9), 'November 11th, 2026'],
    [new Date(2026, 10, 22, 9), 'November 22nd, 2026'],
  ])('%s -> %s', (d, heading) => expect(activityDayHeading(d)).toBe(heading));

  it('groups by local day, newest first as given', () => {
    const a = new Date(2026, 10, 26, 18).toISOString();
    const b = new Date(2026, 10, 26, 8).toISOString();
    const c = new Date(2026, 10, 25, 12).toISOString();
    const groups = groupActivityByDay([{ updatedAt: a }, { updatedAt: b }, { updatedAt: c }]);
    expect(groups.map((g) => [g.heading, g.logs.length])).toEqual([
      ['November 26th, 2026', 2],
      ['November 25th, 2026', 1],
    ]);
  });

  it('round-trips a cursor and refuses a forged one', () => {
    const c = activityCursorOf({ updatedAt: '2026-11-26T10:00:00.123456Z', id: item });
    expect(parseActivityCursor(c)).toEqual({ updatedAt: '2026-11-26T10:00:00.123456Z', id: item });
    expect(parseActivityCursor('x_y')).toBeNull();
    expect(parseActivityCursor(`2026-13-99T99:99:99Z_${item}`)).toBeNull();
  });
});

describe('fourPoints', () => {
  it('splits a period in four equal parts end to end', async () => {
    const { fourPoints } = await import('./dashboard.ts');
    const parts = fourPoints({ start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-09T00:00:00Z') });
    expect(parts.map((p) => [p.start.toISOString().slice(0, 10), p.end.toISOString().slice(0, 10)])).toEqual([
      ['2026-01-01', '2026-01-03'],
      ['2026-01-03', '2026-01-05'],
      ['2026-01-05', '2026-01-07'],
      ['2026-01-07', '2026-01-09'],
    ]);
  });
});
