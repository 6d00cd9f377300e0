import { termsOf, toMajor, toTermsView, type ZConsignerType } from '@backroom/domain';
import type { z } from 'zod';
import type { ConsignerTypeRow } from './consignerTypes.repository.ts';

/** A type at the API: minFee and flatFee in major units (minor units in the database). */
export function toConsignerType(t: ConsignerTypeRow): z.input<typeof ZConsignerType> {
  return {
    id: t.id,
    accountType: t.accountType,
    sellingFee: Number(t.sellingFee),
    minFee: toMajor(t.minFee),
    flatFee: toMajor(t.flatFee),
    isDefault: t.isDefault,
    category: t.category,
    option1Value: t.option1Value,
    option2Value: t.option2Value,
    option3Value: t.option3Value,
    categories: t.categories ?? null,
    terms: toTermsView(termsOf(t.consignmentTerms)),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
