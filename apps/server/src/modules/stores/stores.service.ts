import crypto from 'node:crypto';
import { DEFAULT_LABEL_OPTIONS, PEOPLE_MESSAGES, ZStoreSignup, type ZStoreSignupResult } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { employeesRepository } from '../employees/employees.repository.ts';
import { enqueueInvite } from '../employees/employees.service.ts';
import { storeLinkOrigin } from '../../auth/origins.ts';
import { hasStorefront } from '../../integrations/integrations.service.ts';
import { toPublicStore } from './stores.mapper.ts';
import { storesRepository, type StoreRow } from './stores.repository.ts';

export const ONLINE_MARKETPLACE = 'ONLINE MARKETPLACE';

/** The public store with what the web app derives from configuration: where its links point, and whether it has a storefront. */
async function publicStore(ctx: AppContext, store: StoreRow) {
  return toPublicStore(store, { linkOrigin: storeLinkOrigin(ctx.config, store), hasStorefront: await hasStorefront(ctx.db, store.id) });
}

export async function currentStore(ctx: AppContext, store: StoreRow | null) {
  if (!store) throw notFound('Store not found');
  return publicStore(ctx, store);
}

export async function getStoreByDomain(ctx: AppContext, domain: string) {
  const store = await storesRepository.findByDomain(ctx.db, domain);
  if (!store) throw notFound('Store not found');
  return publicStore(ctx, store);
}

export async function getStoreByHandle(ctx: AppContext, handle: string) {
  if (!handle.trim()) throw badRequest(PEOPLE_MESSAGES.invalidHandle);
  const store = await storesRepository.findByHandle(ctx.db, handle.trim());
  if (!store) throw notFound(PEOPLE_MESSAGES.handleNotFound);
  return publicStore(ctx, store);
}

/**
 * POST /open/stores: a new shop signs up. Creates the store with a main location, the ONLINE
 * MARKETPLACE location and a default consigner type, and invites the owner as an Admin employee.
 */
export async function signupStore(ctx: AppContext, input: { name?: string; email?: string; handle?: string; shop?: string }): Promise<z.input<typeof ZStoreSignupResult>> {
  const parsed = ZStoreSignup.safeParse(input);
  if (!parsed.success) throw badRequest(PEOPLE_MESSAGES.invalidStoreSignup);
  const { name, email, handle } = parsed.data;
  const { store, mail } = await ctx.db.transaction(async (tx) => {
    if (await storesRepository.findByHandle(tx, handle)) throw conflict('This handle is already taken');
    const store = await storesRepository.insert(tx, { name, handle, supportEmail: email, shop: input.shop ?? null, currency: 'USD', labelOptions: [...DEFAULT_LABEL_OPTIONS] });
    await storesRepository.insertLocations(tx, store.id, [{ name: 'Main Store' }, { name: ONLINE_MARKETPLACE, isMarketplace: true }]);
    await storesRepository.insertConsignerTypes(tx, store.id, [{ accountType: 'Standard', sellingFee: 20, minFee: 0, flatFee: 0, isDefault: true }]);
    const owner = await employeesRepository.insert(tx, {
      storeId: store.id,
      firstName: name,
      lastName: 'Admin',
      email,
      role: 'Admin',
      accessControls: null,
      inviteToken: crypto.randomBytes(24).toString('base64url'),
      invitedAt: new Date(),
    });
    const mail = await enqueueInvite(ctx, tx, store, owner, { withStoreHandle: true });
    return { store, mail };
  });
  await ctx.mailer.deliver(mail);
  return { store: await publicStore(ctx, store), message: PEOPLE_MESSAGES.checkEmail };
}
