import type { TLabelData } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import { notFound } from '../../http/errors.ts';
import { hasStorefront } from '../../integrations/index.ts';
import { storefrontConnectionOf } from '../../storefront/connection.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toLabelItem, toLabelSettings } from './labels.mapper.ts';
import { labelsRepository } from './labels.repository.ts';

/**
 * POST /api/labels: the store's label settings and the items to label, in the order asked. An id
 * that is not an item of this store is not found (nothing of another store is printed).
 */
export async function labelData(ctx: AppContext, store: Tenant, ids: string[]): Promise<TLabelData> {
  const unique = [...new Set(ids)];
  const rows = await labelsRepository.findItems(ctx.db, store.id, unique);
  if (rows.length !== unique.length) throw notFound('Inventory not found');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const storefront = await hasStorefront(ctx.db, store.id);
  // Shopify QR codes point at the store's storefront address, else its shop's myshopify address
  const shop = store.shop?.trim() || (storefront ? ((await storefrontConnectionOf(ctx, store.id))?.shopDomain ?? null) : null);
  return {
    settings: toLabelSettings({ ...store, shop }, { linkOrigin: storeLinkOrigin(ctx.config, store), hasStorefront: storefront }) as TLabelData['settings'],
    items: unique.map((id) => toLabelItem(byId.get(id)!)),
  };
}
