import { SETUP_STEPS, ZStoreSetupChange, type TStoreSetup } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../http/errors.ts';
import { storeCacheOf } from '../../tenancy/store-cache.ts';
import type { StoreRow } from './stores.repository.ts';
import { storeSetupRepository } from './store-setup.repository.ts';

/** GET /api/stores/setup: the guide's steps, each done when the store's data shows it (docs/first-hour.md). */
export async function getStoreSetup(ctx: AppContext, store: StoreRow): Promise<TStoreSetup> {
  const facts = await storeSetupRepository.facts(ctx.db, store.id);
  return { dismissed: store.setupDismissedAt !== null, steps: SETUP_STEPS.map((key) => ({ key, done: Boolean(facts[key]) })) };
}

/** PUT /api/stores/setup: close the guide (or open it again). */
export async function changeStoreSetup(ctx: AppContext, store: StoreRow, input: unknown): Promise<TStoreSetup> {
  const parsed = ZStoreSetupChange.safeParse(input);
  if (!parsed.success) throw badRequest('Say whether the setup guide is dismissed');
  const saved = await storeSetupRepository.setDismissed(ctx.db, store.id, parsed.data.dismissed ? new Date() : null);
  storeCacheOf(ctx).invalidate();
  return getStoreSetup(ctx, { ...store, setupDismissedAt: saved?.setupDismissedAt ?? null });
}
