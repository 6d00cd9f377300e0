import { PEOPLE_MESSAGES, ZProductTemplateInput, type TProductTemplateInput } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { OptionValue } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { CATALOGUE_MESSAGES } from '../../shared/catalogue-messages.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../shared/pg-errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toProductTemplate } from './templates.mapper.ts';
import { templatesRepository, type NewProductTemplate, type ProductTemplateRow } from './templates.repository.ts';

type OptionValueItem = string | { value: string; price?: number | string | null };
type OptionValuesBody = string | OptionValueItem[] | null | undefined;

/** POST and PUT /api/productTemplates body, as sent (the domain schema words the refusals). */
type TemplateBody = {
  title?: string | null;
  brand?: string | null;
  category?: string | null;
  gender?: string | null;
  weight?: number | null;
  option1?: string | null;
  option2?: string | null;
  option3?: string | null;
  option1Values?: OptionValuesBody;
  option2Values?: OptionValuesBody;
  option3Values?: OptionValuesBody;
};

function parseTemplate(body: TemplateBody): TProductTemplateInput {
  // Prices arrive in major units ('9:120' or { value: '9', price: 120 }); the domain schema stores minor units.
  const parsed = ZProductTemplateInput.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

function toRow(input: TProductTemplateInput): Omit<NewProductTemplate, 'storeId'> {
  const plain = (list: string[]): OptionValue[] => list.map((value) => ({ value }));
  return {
    title: input.title,
    brand: input.brand,
    category: input.category,
    gender: input.gender,
    weight: input.weight === null ? null : Math.round(input.weight),
    option1: input.option1,
    option2: input.option2,
    option3: input.option3,
    option1Values: input.option1Values.map((v) => (v.price === undefined || v.price === null ? { value: v.value } : { value: v.value, price: v.price })),
    option2Values: plain(input.option2Values),
    option3Values: plain(input.option3Values),
  };
}

async function findOrThrow(ctx: AppContext, storeId: string, id: string): Promise<ProductTemplateRow> {
  const template = await templatesRepository.findById(ctx.db, storeId, id);
  if (!template) throw notFound(CATALOGUE_MESSAGES.templateNotFound);
  return template;
}

export async function listTemplates(ctx: AppContext, store: Tenant) {
  return (await templatesRepository.list(ctx.db, store.id)).map(toProductTemplate);
}

export async function getTemplate(ctx: AppContext, store: Tenant, id: string) {
  return toProductTemplate(await findOrThrow(ctx, store.id, id));
}

export async function createTemplate(ctx: AppContext, store: Tenant, body: TemplateBody) {
  const input = parseTemplate(body);
  return toProductTemplate(await templatesRepository.insert(ctx.db, { storeId: store.id, ...toRow(input) }));
}

const sameName = (a: string | null | undefined, b: string | null) => (a?.trim() || null) === b;

/**
 * PUT /api/productTemplates/{id}. Option names are fixed once saved (people doc section 5): inventory
 * stores option values by position, so renaming or adding an option would relabel every listing.
 * A body may omit the names (they are kept); one that changes a name is refused, not silently ignored.
 */
export async function updateTemplate(ctx: AppContext, store: Tenant, id: string, body: TemplateBody) {
  const saved = await findOrThrow(ctx, store.id, id);
  const input = parseTemplate({
    ...body,
    option1: body.option1 ?? saved.option1,
    option2: body.option2 === undefined ? saved.option2 : body.option2,
    option3: body.option3 === undefined ? saved.option3 : body.option3,
  });
  if (!sameName(input.option1, saved.option1) || !sameName(input.option2, saved.option2) || !sameName(input.option3, saved.option3)) {
    throw unprocessable(CATALOGUE_MESSAGES.optionNamesLocked);
  }
  const updated = await templatesRepository.update(ctx.db, store.id, id, toRow(input));
  if (!updated) throw notFound(CATALOGUE_MESSAGES.templateNotFound);
  return toProductTemplate(updated);
}

/** Refused while inventory or products use it, and for the store's only template (people doc section 2). */
export async function deleteTemplate(ctx: AppContext, store: Tenant, id: string): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const template = await templatesRepository.findById(tx, store.id, id);
    if (!template) throw notFound(CATALOGUE_MESSAGES.templateNotFound);
    if (await templatesRepository.isInUse(tx, store.id, id)) throw conflict(PEOPLE_MESSAGES.templateInUse);
    if ((await templatesRepository.countForStore(tx, store.id)) <= 1) throw conflict(CATALOGUE_MESSAGES.onlyTemplate);
    await templatesRepository.remove(tx, store.id, id);
    return { id };
  }).catch((err: unknown) => {
    // an item added between the check and the delete: the foreign key refuses, and so do we
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw conflict(PEOPLE_MESSAGES.templateInUse);
    throw err;
  });
}
