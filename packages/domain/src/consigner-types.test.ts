import { describe, expect, it } from 'vitest';
import { assertDeletable, CONSIGNER_TYPE_MESSAGES, isLastOfAccountType, planDefault, renameCarriesConsigners, sameAccountType } from './consigner-types.ts';
import { DomainError } from './errors.ts';

/** The code of the DomainError `fn` throws (null when it throws none). */
function codeOf(fn: () => void): string | null {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? err.code : 'not a DomainError';
  }
  return null;
}

const types = [
  { id: 'std', accountType: 'Standard', isDefault: true },
  { id: 'vip', accountType: 'VIP', isDefault: false },
  { id: 'vip-sneakers', accountType: ' vip ', isDefault: false },
  { id: 'gold', accountType: 'Gold', isDefault: false },
];

describe('sameAccountType', () => {
  it('compares trimmed and case-insensitively, as fee matching does', () => {
    expect(sameAccountType(' VIP', 'vip ')).toBe(true);
    expect(sameAccountType('VIP', 'Gold')).toBe(false);
    expect(sameAccountType(null, '')).toBe(true);
  });
});

describe('planDefault', () => {
  it('takes the default from the other types when a type asks for it', () => {
    expect(planDefault(types, { id: 'gold', isDefault: true })).toEqual({ isDefault: true, clearOthers: true });
    expect(planDefault(types, { isDefault: true })).toEqual({ isDefault: true, clearOthers: true });
  });

  it('keeps the default as it is when it stays the default', () => {
    expect(planDefault(types, { id: 'std', isDefault: true })).toEqual({ isDefault: true, clearOthers: true });
  });

  it('refuses to unset the default on its own: another type is made the default instead', () => {
    expect(() => planDefault(types, { id: 'std', isDefault: false })).toThrow(CONSIGNER_TYPE_MESSAGES.keepOneDefault);
    expect(codeOf(() => planDefault(types, { id: 'std', isDefault: false }))).toBe('UNPROCESSABLE');
  });

  it('leaves a non-default type alone', () => {
    expect(planDefault(types, { id: 'vip', isDefault: false })).toEqual({ isDefault: false, clearOthers: false });
    expect(planDefault(types, { isDefault: false })).toEqual({ isDefault: false, clearOthers: false });
  });

  it("makes a store's first type its default", () => {
    expect(planDefault([], { isDefault: false })).toEqual({ isDefault: true, clearOthers: false });
  });

  it('does not make a new type the default of a store that has types but no default', () => {
    const noDefault = types.map((t) => ({ ...t, isDefault: false }));
    expect(planDefault(noDefault, { isDefault: false })).toEqual({ isDefault: false, clearOthers: false });
  });
});

describe('renameCarriesConsigners', () => {
  it('moves the consigners when no other type keeps the old name', () => {
    expect(renameCarriesConsigners(types, 'gold', 'Gold', 'Platinum')).toBe(true);
  });

  it('leaves them on the old name while another type still carries it', () => {
    expect(renameCarriesConsigners(types, 'vip', 'VIP', 'Partner')).toBe(false);
  });

  it('reads a change of case or spaces as no rename', () => {
    expect(renameCarriesConsigners(types, 'gold', 'Gold', ' GOLD ')).toBe(false);
  });
});

describe('isLastOfAccountType', () => {
  it('tells whether other types share the name', () => {
    expect(isLastOfAccountType(types, types[3])).toBe(true);
    expect(isLastOfAccountType(types, types[1])).toBe(false);
  });
});

describe('assertDeletable', () => {
  it('refuses the default type as a rule (422)', () => {
    expect(codeOf(() => assertDeletable(types[0], 0))).toBe('UNPROCESSABLE');
    expect(() => assertDeletable(types[0], 0)).toThrow(new DomainError('UNPROCESSABLE', CONSIGNER_TYPE_MESSAGES.defaultNotDeletable));
  });

  it('refuses a type in use as a conflict (409), counting the consigners', () => {
    expect(() => assertDeletable(types[3], 1)).toThrow(
      new DomainError('CONFLICT', 'This consigner type is used by 1 consigner and cannot be deleted: give them another type first'),
    );
    expect(() => assertDeletable(types[3], 3)).toThrow('This consigner type is used by 3 consigners and cannot be deleted: give them another type first');
    expect(codeOf(() => assertDeletable(types[3], 2))).toBe('CONFLICT');
  });

  it('allows an unused, non-default type', () => {
    expect(() => assertDeletable(types[3], 0)).not.toThrow();
  });
});
