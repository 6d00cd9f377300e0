import { bankDataForMode, consignerSignupSchema } from '@backroom/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { consignerActor, getIdentity, lookupActor, requireStore, type Actor, type Identity } from '../../auth/actor.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { consignersRepository } from '../consigners/consigners.repository.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { toSignedInUser } from './users.mapper.ts';

export const NEW_CONSIGNER_COOKIE = 'newConsigner';

/**
 * GET /api/me: the spec's user lookup. Consigner first, then employee; when neither exists but the
 * sign-up form was kept in the newConsigner cookie, the consigner is created from it.
 */
export async function getSignedInUser(ctx: AppContext, request: FastifyRequest): Promise<{ user: ReturnType<typeof toSignedInUser>; createdFromSignup: boolean }> {
  const store = requireStore(request);
  const identity = await getIdentity(ctx, request);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await lookupActor(ctx, store, identity);
  if (found.status === 'found') return { user: toSignedInUser(found.actor), createdFromSignup: false };
  if (found.status === 'wrong-store') throw forbidden('This account belongs to another store', 'WRONG_STORE');
  const stored = request.cookies[NEW_CONSIGNER_COOKIE];
  if (!stored) throw notFound('No account for this user');
  const actor = await createConsignerFromSignup(ctx, store, identity, stored);
  return { user: toSignedInUser(actor), createdFromSignup: true };
}

async function createConsignerFromSignup(ctx: AppContext, store: StoreRow, identity: Identity, stored: string): Promise<Actor> {
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(stored));
  } catch {
    throw new AppError('BAD_REQUEST', 'The saved sign-up details could not be read');
  }
  return createConsignerForIdentity(ctx, store, identity, json);
}

/**
 * POST /api/consigners (self sign-up): the signed-in identity without an account in this store
 * becomes its consigner, from the sign-up form.
 */
export async function createSelfConsigner(ctx: AppContext, request: FastifyRequest, body: unknown) {
  const store = requireStore(request);
  const identity = await getIdentity(ctx, request);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await lookupActor(ctx, store, identity);
  if (found.status === 'found') throw new AppError('CONFLICT', 'This account already exists');
  if (found.status === 'wrong-store') throw forbidden('This account belongs to another store', 'WRONG_STORE');
  return toSignedInUser(await createConsignerForIdentity(ctx, store, identity, body));
}

async function createConsignerForIdentity(ctx: AppContext, store: StoreRow, identity: Identity, input: unknown): Promise<Actor> {
  const parsed = consignerSignupSchema(store.bankFields).parse(input);
  const form = { ...parsed, bankData: bankDataForMode(parsed.bankData, store.bankFields) };
  // Staff added this person already (createFromAdmin): the account is theirs once the e-mail is proven.
  const existing = await consignersRepository.findByEmail(ctx.db, store.id, identity.email);
  if (existing) {
    if (existing.fbUserId || !identity.emailVerified) throw new AppError('CONFLICT', 'An account with this e-mail already exists in this store. Verify your e-mail, then sign in.');
    const linked = await consignersRepository.update(ctx.db, store.id, existing.id, { fbUserId: identity.userId });
    sessionCacheOf(ctx).invalidateUser(identity.userId);
    return consignerActor(linked!, identity);
  }
  const consigner = await consignersRepository.insert(ctx.db, {
    storeId: store.id,
    fbUserId: identity.userId,
    firstName: form.firstName,
    lastName: form.lastName,
    email: identity.email,
    phone: form.phone,
    address: form.address,
    idNumber: form.idNumber ?? null,
    payoutType: form.payoutType,
    bankData: form.bankData ?? null,
    accountName: form.bankData?.accountName ?? null,
    accountNumber: form.bankData?.accountNumber ?? null,
    bank: form.bankData?.bank ?? null,
    bankType: form.bankData?.bankType ?? null,
    branchCode: form.bankData?.branchCode ?? null,
    // a new consigner is active once the store's terms are accepted
    isActive: false,
    acceptedTOS: false,
  });
  return consignerActor(consigner, identity);
}

/** The terms dialog: accepting sets acceptedTOS and isActive. A consigner disabled later stays disabled. */
export async function acceptTerms(ctx: AppContext, request: FastifyRequest) {
  const store = requireStore(request);
  const identity = await getIdentity(ctx, request);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await lookupActor(ctx, store, identity);
  if (found.status !== 'found') throw forbidden('No account for this user');
  if (found.actor.kind !== 'consigner') throw forbidden('Only consigners accept the store terms');
  if (found.actor.consigner.acceptedTOS) return toSignedInUser(found.actor);
  const updated = await consignersRepository.update(ctx.db, store.id, found.actor.id, { acceptedTOS: true, isActive: true });
  if (!updated) throw notFound('No account for this user');
  sessionCacheOf(ctx).invalidateUser(identity.userId);
  return toSignedInUser(consignerActor(updated, identity));
}
