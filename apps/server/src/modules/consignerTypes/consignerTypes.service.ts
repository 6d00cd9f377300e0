import {
  assertDeletable,
  CONSIGNER_TYPE_MESSAGES,
  isLastOfAccountType,
  MARKDOWN_MESSAGES,
  planDefault,
  renameCarriesConsigners,
  toMajor,
  ZConsignerTypeInput,
  ZConsignmentTermsInput,
  type TConsignerTypeInput,
} from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../shared/pg-errors.ts';
import { toConsignerType } from './consignerTypes.mapper.ts';
import { consignerTypesRepository as repo, type ConsignerTypeRow, type NewConsignerType } from './consignerTypes.repository.ts';

type Amount = number | string | null | undefined;
type Text = string | null | undefined;

/** POST and PUT /api/consignerTypes body, as sent (the domain schema words the refusals). */
type ConsignerTypeBody = {
  accountType?: Text;
  sellingFee?: Amount;
  minFee?: Amount;
  flatFee?: Amount;
  isDefault?: boolean | null;
  category?: Text;
  option1Value?: Text;
  option2Value?: Text;
  option3Value?: Text;
  categories?: string[] | null;
};

function parseType(body: ConsignerTypeBody): TConsignerTypeInput {
  const parsed = ZConsignerTypeInput.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

function toRow(input: TConsignerTypeInput): Omit<NewConsignerType, 'storeId' | 'isDefault'> {
  return {
    accountType: input.accountType,
    sellingFee: input.sellingFee,
    minFee: input.minFee,
    flatFee: input.flatFee,
    category: input.category,
    option1Value: input.option1Value,
    option2Value: input.option2Value,
    option3Value: input.option3Value,
    categories: input.categories,
  };
}

/** A PUT may send one field (an inline cell) or all of them: what it leaves out keeps its saved value. */
function withSaved(saved: ConsignerTypeRow, body: ConsignerTypeBody): ConsignerTypeBody {
  const keep = <T>(sent: T | undefined, current: T): T => (sent === undefined ? current : sent);
  return {
    accountType: keep(body.accountType, saved.accountType),
    sellingFee: keep(body.sellingFee, Number(saved.sellingFee)),
    minFee: keep(body.minFee, toMajor(saved.minFee)),
    flatFee: keep(body.flatFee, toMajor(saved.flatFee)),
    // null or absent: the flag stays as it is (unsetting the default is its own, refused, request)
    isDefault: body.isDefault ?? saved.isDefault,
    category: keep(body.category, saved.category),
    option1Value: keep(body.option1Value, saved.option1Value),
    option2Value: keep(body.option2Value, saved.option2Value),
    option3Value: keep(body.option3Value, saved.option3Value),
    categories: keep(body.categories, saved.categories),
  };
}

/** Two changes of the default at once: the unique index refuses the second, and so do we, in words. */
function concurrentChange(err: unknown): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(CONSIGNER_TYPE_MESSAGES.concurrentChange);
  throw err;
}

async function findOrThrow(ctx: AppContext, storeId: string, id: string): Promise<ConsignerTypeRow> {
  const type = await repo.findById(ctx.db, storeId, id);
  if (!type) throw notFound(CONSIGNER_TYPE_MESSAGES.notFound);
  return type;
}

/** GET /api/consignerTypes: the default first, then by name. */
export async function listConsignerTypes(ctx: AppContext, store: Tenant) {
  return (await repo.list(ctx.db, store.id)).map(toConsignerType);
}

export async function getConsignerType(ctx: AppContext, store: Tenant, id: string) {
  return toConsignerType(await findOrThrow(ctx, store.id, id));
}

/**
 * GET /api/consignerTypes/accountType/{accountType}: every type of that name (trimmed, case-insensitive,
 * as fee matching reads it), the general one first (fewest criteria), then in creation order; 404 when none.
 */
export async function findConsignerTypesByAccountType(ctx: AppContext, store: Tenant, accountType: string) {
  const rows = await repo.findByAccountType(ctx.db, store.id, accountType);
  if (rows.length === 0) throw notFound(CONSIGNER_TYPE_MESSAGES.noneForAccountType);
  return rows.map(toConsignerType);
}

/** POST /api/consignerTypes. Asking for the default takes it from the other types in the same transaction. */
export async function createConsignerType(ctx: AppContext, store: Tenant, body: ConsignerTypeBody) {
  const input = parseType(body);
  return ctx.db
    .transaction(async (tx) => {
      const types = await repo.lockAll(tx, store.id);
      const plan = planDefault(types, { isDefault: input.isDefault });
      if (plan.clearOthers) await repo.clearDefaults(tx, store.id);
      return toConsignerType(await repo.insert(tx, { storeId: store.id, ...toRow(input), isDefault: plan.isDefault }));
    })
    .catch(concurrentChange);
}

/**
 * PUT /api/consignerTypes/{id}. Fees are fixed at intake: a new fee applies to items priced from now on,
 * and no existing item is re-priced here. A new accountType name carries its consigners along (docs/people.md).
 */
export async function updateConsignerType(ctx: AppContext, store: Tenant, id: string, body: ConsignerTypeBody) {
  const result = await ctx.db
    .transaction(async (tx) => {
      const types = await repo.lockAll(tx, store.id);
      const saved = await repo.findById(tx, store.id, id);
      if (!saved) throw notFound(CONSIGNER_TYPE_MESSAGES.notFound);
      const input = parseType(withSaved(saved, body));
      const plan = planDefault(types, { id, isDefault: input.isDefault });
      if (plan.clearOthers) await repo.clearDefaults(tx, store.id, id);
      const updated = await repo.update(tx, store.id, id, { ...toRow(input), isDefault: plan.isDefault });
      if (!updated) throw notFound(CONSIGNER_TYPE_MESSAGES.notFound);
      let movedConsigners = 0;
      if (saved.accountType !== input.accountType) {
        const byName = renameCarriesConsigners(types, id, saved.accountType, input.accountType);
        movedConsigners = await repo.renameConsigners(tx, store.id, { id, before: saved.accountType, after: input.accountType }, byName);
      }
      return { type: toConsignerType(updated), movedConsigners };
    })
    .catch(concurrentChange);
  // the signed-in consigners' cached records carry their accountType
  if (result.movedConsigners > 0) sessionCacheOf(ctx).invalidateStore(store.id);
  return result.type;
}

/** DELETE /api/consignerTypes/{id}: refused for the default and while consigners use the type. */
export async function deleteConsignerType(ctx: AppContext, store: Tenant, id: string): Promise<{ id: string }> {
  return ctx.db
    .transaction(async (tx) => {
      const types = await repo.lockAll(tx, store.id);
      const type = types.find((t) => t.id === id);
      if (!type) throw notFound(CONSIGNER_TYPE_MESSAGES.notFound);
      assertDeletable(type, await repo.countConsignersUsing(tx, store.id, type, isLastOfAccountType(types, type)));
      await repo.remove(tx, store.id, id);
      return { id };
    })
    .catch((err: unknown) => {
      // a consigner pinned to it between the check and the delete: the foreign key refuses, and so do we
      if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw conflict(CONSIGNER_TYPE_MESSAGES.inUseNow);
      throw err;
    });
}

/**
 * PUT /api/consignerTypes/{id}/terms: the type's consignment terms (docs/consignment-terms.md). Items
 * already accepted keep the terms locked on them; the new terms apply to items accepted from now on.
 */
export async function updateConsignerTypeTerms(ctx: AppContext, store: Tenant, id: string, body: Record<string, unknown>) {
  const parsed = ZConsignmentTermsInput.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  // another store's schedule, or one deleted since the form opened, is refused in words (never a 404 that tells it exists)
  const scheduleId = parsed.data.markdownScheduleId;
  if (scheduleId && !(await repo.scheduleExists(ctx.db, store.id, scheduleId))) throw badRequest(MARKDOWN_MESSAGES.unknownSchedule);
  const updated = await repo.update(ctx.db, store.id, id, { consignmentTerms: parsed.data });
  if (!updated) throw notFound(CONSIGNER_TYPE_MESSAGES.notFound);
  return toConsignerType(updated);
}
