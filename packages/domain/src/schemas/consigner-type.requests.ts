// Request bodies and params of the consigner types API (people doc section 7).
import { z } from 'zod';
import { safeString } from './common.ts';

/** GET /api/consignerTypes/accountType/{accountType} */
export const ZConsignerTypeAccountParams = z.object({ accountType: safeString('name', 'Account type').trim().min(1, 'Account type required') });

// Loose shapes with the domain's limits; the service's ZConsignerTypeInput words the refusals
// ('Consigner type required', 'Fee required', 'Min fee required').
const text = safeString('name').nullish();
const amount = z.union([z.number(), safeString('code', 'An amount')]).nullish();
/** POST and PUT /api/consignerTypes */
export const ZConsignerTypeBody = z.object({
  accountType: text,
  sellingFee: amount,
  minFee: amount,
  flatFee: amount,
  isDefault: z.boolean().nullish(),
  category: text,
  option1Value: text,
  option2Value: text,
  option3Value: text,
  categories: z.array(safeString('name', 'A category')).max(200).nullish(),
});
