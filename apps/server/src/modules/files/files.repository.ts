import type { DbOrTx } from '../../db/client.ts';
import { uploadedImages } from '../../db/schema/index.ts';

/** The images stored for a store, with their sizes (the Billing page's storage figure). */
export const filesRepository = {
  insertImage: async (db: DbOrTx, values: { storeId: string; url: string; originalUrl: string; bytes: number; originalBytes: number }) =>
    (await db.insert(uploadedImages).values(values).returning())[0],
};
