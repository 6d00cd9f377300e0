import { toMajor, type ZProductTemplate, type ZTemplateOptionValue } from '@backroom/domain';
import type { z } from 'zod';
import type { OptionValue } from '../../db/schema/index.ts';
import type { ProductTemplateRow } from './templates.repository.ts';

/** An option value at the API: a price (when a size carries one) in major units. */
function toOptionValues(list: OptionValue[]): z.input<typeof ZTemplateOptionValue>[] {
  return list.map((v) => (v.price === undefined || v.price === null ? { value: v.value } : { value: v.value, price: toMajor(v.price) }));
}

export function toProductTemplate(t: ProductTemplateRow): z.input<typeof ZProductTemplate> {
  return {
    id: t.id,
    title: t.title,
    brand: t.brand,
    category: t.category,
    gender: t.gender,
    weight: t.weight,
    option1: t.option1,
    option2: t.option2,
    option3: t.option3,
    option1Values: toOptionValues(t.option1Values),
    option2Values: toOptionValues(t.option2Values),
    option3Values: toOptionValues(t.option3Values),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
