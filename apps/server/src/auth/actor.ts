import { hasArea, type Area } from '@backroom/domain';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppContext } from '../app-context.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import type { Actor, ConsignerActor, EmployeeActor, Identity } from './actor-types.ts';
import { actorRepository, type ConsignerRow, type EmployeeRow } from './actor.repository.ts';
import { sessionCacheOf } from './session-cache.ts';

export type { Actor, ConsignerActor, EmployeeActor, Identity } from './actor-types.ts';

type ActorLookup = { status: 'found'; actor: Actor } | { status: 'wrong-store' } | { status: 'none' };

export async function getIdentity(ctx: AppContext, request: FastifyRequest): Promise<Identity | null> {
  return sessionCacheOf(ctx).identity(request, async () => {
    const session = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const u = session.user;
    return { identity: { userId: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified }, expiresAt: session.session.expiresAt };
  });
}

function employeeActor(e: EmployeeRow, identity: Identity): EmployeeActor {
  return {
    kind: 'employee',
    id: e.id,
    storeId: e.storeId,
    name: `${e.firstName} ${e.lastName}`.trim(),
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    isActive: e.isActive,
    role: e.role,
    accessControls: (e.accessControls as Area[] | null) ?? null,
    identity,
    employee: e,
  };
}

export function consignerActor(c: ConsignerRow, identity: Identity): ConsignerActor {
  return {
    kind: 'consigner',
    id: c.id,
    storeId: c.storeId,
    name: `${c.firstName} ${c.lastName}`.trim(),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    isActive: c.isActive,
    identity,
    consigner: c,
  };
}

/** The spec's user lookup: consigner of this store first, then employee. */
export async function lookupActor(ctx: AppContext, request: FastifyRequest, store: Tenant, identity: Identity): Promise<ActorLookup> {
  return sessionCacheOf(ctx).actor(request, store.id, identity, () => findActor(ctx, store, identity), (found) => (found.status === 'found' ? found.actor : null));
}

async function findActor(ctx: AppContext, store: Tenant, identity: Identity): Promise<ActorLookup> {
  const consigners = await actorRepository.consignersOfUser(ctx.db, identity.userId);
  const consigner = consigners.find((c) => c.storeId === store.id);
  if (consigner) return { status: 'found', actor: consignerActor(consigner, identity) };
  const employees = await actorRepository.employeesOfUser(ctx.db, identity.userId);
  const employee = employees.find((e) => e.storeId === store.id);
  if (employee) return { status: 'found', actor: employeeActor(employee, identity) };
  // A record staff added is not claimed by signing in: the person joins by accepting the invitation
  // mailed to them (docs/security.md "Identity model").
  if (consigners.length || employees.length) return { status: 'wrong-store' };
  return { status: 'none' };
}

export function requireStore(request: FastifyRequest): Tenant {
  if (!request.store) throw notFound('Store not found');
  return request.store;
}

const actorCache = new WeakMap<FastifyRequest, Promise<Actor>>();

/**
 * The signed-in user of this store, past the account gates (verified, terms accepted, active, store
 * not in maintenance). Every /api route but /api/me goes through here.
 */
export function requireActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  let pending = actorCache.get(request);
  if (!pending) {
    pending = resolveGatedActor(ctx, request);
    actorCache.set(request, pending);
  }
  return pending;
}

async function resolveGatedActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const store = requireStore(request);
  const identity = await getIdentity(ctx, request);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const found = await lookupActor(ctx, request, store, identity);
  if (found.status === 'wrong-store') throw forbidden('This account belongs to another store', 'WRONG_STORE');
  if (found.status === 'none') throw forbidden('No account for this user', 'NO_ACCOUNT');
  const actor = found.actor;
  if (!identity.emailVerified) throw forbidden('You need to verify your email', 'EMAIL_NOT_VERIFIED');
  if (actor.kind === 'consigner' && !actor.consigner.acceptedTOS) throw forbidden(`Please accept the ${store.name} terms first`, 'TERMS');
  if (!actor.isActive)
    throw forbidden(`Your account has been disabled by the store owner. Contact ${store.supportEmail} to get more info.`, 'DISABLED');
  if (store.maintenanceMode) throw new AppError('FORBIDDEN', 'The store is in maintenance mode', 'MAINTENANCE');
  return actor;
}

/** Staff only, and (when given) only with the area in their access controls. */
export async function requireStaff(ctx: AppContext, request: FastifyRequest, area?: Area): Promise<EmployeeActor> {
  const actor = await requireActor(ctx, request);
  if (actor.kind !== 'employee') throw forbidden('Only store staff can do this');
  if (area && !hasArea(actor.accessControls, area)) throw forbidden(`You need ${area} access for this`);
  return actor;
}

/** Staff with any one of the areas (e.g. the consigner types: Settings edits them, Consigners picks among them). */
export async function requireStaffAnyArea(ctx: AppContext, request: FastifyRequest, areas: readonly Area[]): Promise<EmployeeActor> {
  const actor = await requireStaff(ctx, request);
  if (!areas.some((area) => hasArea(actor.accessControls, area))) throw forbidden(`You need ${areas.join(' or ')} access for this`);
  return actor;
}

/** Staff with the area, or any consigner (who then only sees their own things). */
export async function requireStaffAreaOrConsigner(ctx: AppContext, request: FastifyRequest, area: Area): Promise<Actor> {
  const actor = await requireActor(ctx, request);
  if (actor.kind === 'employee' && !hasArea(actor.accessControls, area)) throw forbidden(`You need ${area} access for this`);
  return actor;
}

/** Staff with any one of the areas, or any consigner (e.g. a product read by the add-inventory screens). */
export async function requireStaffAnyAreaOrConsigner(ctx: AppContext, request: FastifyRequest, areas: readonly Area[]): Promise<Actor> {
  const actor = await requireActor(ctx, request);
  if (actor.kind === 'employee' && !areas.some((area) => hasArea(actor.accessControls, area))) {
    throw forbidden(`You need ${areas.join(' or ')} access for this`);
  }
  return actor;
}

/** Who did it, stamped on changes and log entries. */
export function actorStamp(actor: Actor) {
  return { id: actor.id, name: actor.name };
}

/** The actor this request resolved, if it asked for one (the request log names the user; ops/request-log.ts). */
export function resolvedActorOf(request: FastifyRequest): Promise<Actor> | undefined {
  return actorCache.get(request);
}
