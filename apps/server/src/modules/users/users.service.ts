import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { consignerActor, getIdentity, lookupActor, requireStore, type Actor, type Identity } from '../../auth/actor.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { acceptConsignerTerms, createConsignerForIdentity } from '../consigners/index.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
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
  const found = await lookupActor(ctx, request, store, identity);
  if (found.status === 'found') return { user: toSignedInUser(found.actor), createdFromSignup: false };
  if (found.status === 'wrong-store') throw forbidden('This account belongs to another store', 'WRONG_STORE');
  const stored = request.cookies[NEW_CONSIGNER_COOKIE];
  if (!stored) throw notFound('No account for this user');
  const actor = await createConsignerFromSignup(ctx, store, identity, stored);
  return { user: toSignedInUser(actor), createdFromSignup: true };
}

async function createConsignerFromSignup(ctx: AppContext, store: Tenant, identity: Identity, stored: string): Promise<Actor> {
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
  const found = await lookupActor(ctx, request, store, identity);
  if (found.status === 'found') throw new AppError('CONFLICT', 'This account already exists');
  if (found.status === 'wrong-store') throw forbidden('This account belongs to another store', 'WRONG_STORE');
  return toSignedInUser(await createConsignerForIdentity(ctx, store, identity, body));
}

/** The terms dialog: accepting sets acceptedTOS and isActive. A consigner disabled later stays disabled. */
export async function acceptTerms(ctx: AppContext, request: FastifyRequest) {
  const store = requireStore(request);
  const identity = await getIdentity(ctx, request);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await lookupActor(ctx, request, store, identity);
  if (found.status !== 'found') throw forbidden('No account for this user');
  if (found.actor.kind !== 'consigner') throw forbidden('Only consigners accept the store terms');
  if (found.actor.consigner.acceptedTOS) return toSignedInUser(found.actor);
  const updated = await acceptConsignerTerms(ctx, store, found.actor);
  if (!updated) throw notFound('No account for this user');
  sessionCacheOf(ctx).invalidateUser(identity.userId);
  return toSignedInUser(consignerActor(updated, identity));
}
