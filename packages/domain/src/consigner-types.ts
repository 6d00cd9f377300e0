// Rules of a store's consigner types (fee schedules) beyond fee matching (fees.ts):
// one default per store, renames that carry consigners along, deletions refused while in use.
// docs/people.md "Consigner types" explains each choice.
import { DomainError } from './errors.ts';

/** Our wording (the spec gives none for these). */
export const CONSIGNER_TYPE_MESSAGES = {
  notFound: 'Consigner type not found',
  noneForAccountType: 'No consigner type has this account type',
  keepOneDefault: 'A store keeps one default consigner type: make another type the default instead',
  defaultNotDeletable: 'The default consigner type cannot be deleted: make another type the default first',
  inUse: (count: number) =>
    `This consigner type is used by ${count} consigner${count === 1 ? '' : 's'} and cannot be deleted: give them another type first`,
  inUseNow: 'This consigner type is used by consigners and cannot be deleted: give them another type first',
  concurrentChange: 'The consigner types were changed at the same time by someone else: please try again',
  added: 'Consigner type added!',
  saved: 'Consigner type saved',
  deleted: 'Consigner type deleted',
} as const;

/** The part of a type these rules look at. */
export type ConsignerTypeRef = { id: string; accountType: string; isDefault: boolean };

/** Account types compare as fee matching compares them: trimmed, case-insensitive. */
export function sameAccountType(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/**
 * Whether the saved type becomes (or stays) the default and whether the others lose the flag.
 * - asking for the default takes it from the other types (one default per store);
 * - the default cannot be unset on its own: another type is made the default instead, so a store
 *   that has a default always keeps one (items priced without a match fall back to it);
 * - a store's first type is its default.
 * `types` are the store's types before the change; `id` is absent for a new type.
 */
export function planDefault(types: readonly ConsignerTypeRef[], change: { id?: string; isDefault: boolean }): { isDefault: boolean; clearOthers: boolean } {
  if (change.isDefault) return { isDefault: true, clearOthers: true };
  if (change.id === undefined) return { isDefault: types.length === 0, clearOthers: false };
  const saved = types.find((t) => t.id === change.id);
  if (saved?.isDefault) throw new DomainError('UNPROCESSABLE', CONSIGNER_TYPE_MESSAGES.keepOneDefault);
  return { isDefault: false, clearOthers: false };
}

/**
 * Renaming a type's accountType: consigners that name the old accountType move to the new one when no
 * other type of the store keeps the old name (otherwise the old name still has a schedule, and they keep it).
 * A change of case or spaces only is no rename (matching ignores both).
 */
export function renameCarriesConsigners(types: readonly ConsignerTypeRef[], id: string, before: string, after: string): boolean {
  if (sameAccountType(before, after)) return false;
  return !types.some((t) => t.id !== id && sameAccountType(t.accountType, before));
}

/** Whether the type is the last of its accountType name (consigners naming it then use it). */
export function isLastOfAccountType(types: readonly ConsignerTypeRef[], type: ConsignerTypeRef): boolean {
  return !types.some((t) => t.id !== type.id && sameAccountType(t.accountType, type.accountType));
}

/**
 * Refuses to delete the default type (422: a store keeps its default) or a type consigners still use
 * (409, with how many), so nobody silently loses their fee schedule.
 */
export function assertDeletable(type: ConsignerTypeRef, consignersUsing: number): void {
  if (type.isDefault) throw new DomainError('UNPROCESSABLE', CONSIGNER_TYPE_MESSAGES.defaultNotDeletable);
  if (consignersUsing > 0) throw new DomainError('CONFLICT', CONSIGNER_TYPE_MESSAGES.inUse(consignersUsing));
}
