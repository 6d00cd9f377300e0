import crypto from 'node:crypto';
import { DEFAULT_LABEL_OPTIONS, mailboxKey, PEOPLE_MESSAGES, ZStoreSignup, type ZStoreSignupResult } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { asSystem } from '../../db/row-security.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { insertEmployee, enqueueInvite, inviteLinkOf } from '../employees/index.ts';
import { installationHost, isStoreRedirect, storeLinkOrigin } from '../../tenancy/origins.ts';
import { throttleOf } from '../../shared/throttle.ts';
import { hasStorefront } from '../../integrations/index.ts';
import { toPublicStore } from './stores.mapper.ts';
import { storesRepository, type StoreRow } from './stores.repository.ts';

export const ONLINE_MARKETPLACE = 'ONLINE MARKETPLACE';
/** The consigner type of the store account: no fees on the store's own stock. */
const STORE_ACCOUNT_TYPE = 'Store';

/** The public store with what the web app derives from configuration: where its links point, and whether it has a storefront. */
async function publicStore(ctx: AppContext, store: StoreRow) {
  const pub = toPublicStore(store, { linkOrigin: storeLinkOrigin(ctx.config, store), hasStorefront: await hasStorefront(ctx.db, store.id) });
  // the back link of the reset screen only to APP_URL or a proven host (docs/security.md)
  return { ...pub, redirectURL: store.redirectURL && isStoreRedirect(ctx.config, store, store.redirectURL) ? store.redirectURL : null };
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

/** The owner's name as typed, else the start of their e-mail address (never '<store> Admin'). */
function ownerNameOf(typed: string | undefined, email: string) {
  const words = (typed ?? '').split(/\s+/).filter(Boolean);
  if (!words.length) return { firstName: email.split('@')[0], lastName: '' };
  return { firstName: words[0], lastName: words.slice(1).join(' ') };
}

/** The store account's address: `.invalid` is reserved (RFC 2606), so no mail can ever reach it. */
const storeAccountEmail = (handle: string) => `stock+${handle.toLowerCase()}@store-account.invalid`;

/**
 * POST /open/stores: a new shop signs up. Creates the store with a main location, the ONLINE
 * MARKETPLACE location, a default consigner type, the store account (a Store type without fees: the
 * store's own stock, docs/first-hour.md) and invites the owner as an Admin employee.
 */
export async function signupStore(
  ctx: AppContext,
  input: { name?: string; email?: string; handle?: string; shop?: string; ownerName?: string },
  from: { ip: string; host: string | undefined },
): Promise<z.input<typeof ZStoreSignupResult>> {
  const parsed = ZStoreSignup.safeParse(input);
  if (!parsed.success) throw badRequest(PEOPLE_MESSAGES.invalidStoreSignup);
  const { name, email, handle, ownerName } = parsed.data;
  // Anyone may sign a store up, and each sign-up mails an invite: per client address and per mailbox.
  await throttleOf(ctx).enforce('/stores/signup', { address: from.ip, recipient: mailboxKey(email) });
  // a store that does not exist yet is no request's store: its first rows are written on the named
  // cross-store path (db/row-security.ts)
  const { store, owner, mail } = await asSystem(() => ctx.db.transaction(async (tx) => {
    if (await storesRepository.findByHandle(tx, handle)) throw conflict('This handle is already taken');
    const store = await storesRepository.insert(tx, {
      name,
      handle,
      supportEmail: email,
      shop: input.shop ?? null,
      currency: 'USD',
      labelOptions: [...DEFAULT_LABEL_OPTIONS],
      // only a name of this installation is kept (tenancy/origins.ts): the request's Host is the client's to choose
      signupHost: installationHost(ctx.config, from.host),
    });
    await storesRepository.insertLocations(tx, store.id, [{ name: 'Main Store' }, { name: ONLINE_MARKETPLACE, isMarketplace: true }]);
    await storesRepository.insertConsignerTypes(tx, store.id, [
      { accountType: 'Standard', sellingFee: 20, minFee: 0, flatFee: 0, isDefault: true },
      { accountType: STORE_ACCOUNT_TYPE, sellingFee: 0, minFee: 0, flatFee: 0, isDefault: false },
    ]);
    await storesRepository.insertStoreAccount(tx, store.id, { firstName: name, lastName: 'Stock', email: storeAccountEmail(handle), accountType: STORE_ACCOUNT_TYPE });
    const owner = await insertEmployee(tx, {
      storeId: store.id,
      ...ownerNameOf(ownerName, email),
      email,
      role: 'Admin',
      accessControls: null,
      inviteToken: crypto.randomBytes(24).toString('base64url'),
      invitedAt: new Date(),
    });
    const mail = await enqueueInvite(ctx, tx, store, owner, { withStoreHandle: true });
    return { store, owner, mail };
  }));
  await asSystem(() => ctx.mailer.deliver(mail));
  // Without SMTP no e-mail leaves this machine: in development the page shows the link instead (a
  // development server is never public; docs/first-hour.md "Sign-up without SMTP").
  const devInviteLink = ctx.config.env === 'development' && !ctx.config.smtpUrl ? inviteLinkOf(ctx, store, owner, { withStoreHandle: true }) : null;
  return { store: await publicStore(ctx, store), message: PEOPLE_MESSAGES.checkEmail, devInviteLink };
}
