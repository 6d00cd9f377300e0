import crypto from 'node:crypto';
import {
  employeeChangeRefusal,
  normaliseAreas,
  plainTextName,
  ZEmployeeInput,
  type Area,
  type EmployeeChange,
  type EmployeeState,
  type TEmployeeUpdate,
  type ZEmployeeInvite,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type EmployeeActor } from '../../auth/actor.ts';
import { endSessions } from '../../auth/identities.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import { throttleOf } from '../../shared/throttle.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EmployeeLogChange } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound, toAppError } from '../../http/errors.ts';
import type { OutboxRow } from '../../mail/mailer.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { employeesRepository, type EmployeeRow } from './employees.repository.ts';
import { toEmployee, toEmployeeLog } from './employees.mapper.ts';

const safeEqual = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const newInviteToken = () => crypto.randomBytes(24).toString('base64url');

/** The invite link of an employee. */
export function inviteLinkOf(ctx: AppContext, store: Tenant, employee: EmployeeRow, opts: { withStoreHandle?: boolean } = {}): string {
  // From configuration (the store's domain or APP_URL), never from the request's Host.
  const origin = storeLinkOrigin(ctx.config, store);
  // A store without a domain of its own is picked by handle, so its link carries the handle.
  const storePart = opts.withStoreHandle ? `&store=${encodeURIComponent(store.handle)}` : '';
  return `${origin}/invite/${employee.id}?token=${employee.inviteToken}${storePart}`;
}

/** Writes the invite e-mail into the outbox (inside the caller's transaction). */
export async function enqueueInvite(
  ctx: AppContext,
  tx: DbOrTx,
  store: Tenant,
  employee: EmployeeRow,
  opts: { withStoreHandle?: boolean } = {},
): Promise<OutboxRow> {
  const link = inviteLinkOf(ctx, store, employee, opts);
  // The store's name is plain text anyone may have typed (store sign-up): no links made of it.
  const name = plainTextName(store.name);
  return ctx.mailer.enqueue(tx, {
    storeId: store.id,
    to: employee.email,
    subject: `You are invited to ${name} on Backroom`,
    text: `Hello ${plainTextName(employee.firstName)},\n\n${name} invited you to its back office. Set your password here:\n${link}\n`,
  });
}

const fullName = (e: Pick<EmployeeRow, 'firstName' | 'lastName'>) => `${e.firstName} ${e.lastName}`.trim();

function stateOf(e: EmployeeRow): EmployeeState {
  return { id: e.id, role: e.role, isActive: e.isActive, accessControls: (e.accessControls as Area[] | null) ?? null, fbUserId: e.fbUserId };
}

function throwIfRefused(error: ReturnType<typeof employeeChangeRefusal>) {
  if (error) throw toAppError(error)!;
}

/**
 * The acting employee as the rules read them: their row as it is now (locked with the rest of the
 * staff), not the copy cached with their session.
 */
function actorState(actor: EmployeeActor, staff: readonly EmployeeRow[]): EmployeeState {
  const row = staff.find((e) => e.id === actor.id);
  if (!row || !row.isActive) throw forbidden('Your account can no longer change employees');
  return stateOf(row);
}

/** Every employee write goes through here: the change, its log entry and the session caches. */
async function logChange(tx: DbOrTx, employee: EmployeeRow, action: 'invited' | 'accepted' | 'updated' | 'deleted', changes: EmployeeLogChange[], by: { id: string; name: string } | null) {
  await employeesRepository.insertLog(tx, {
    storeId: employee.storeId,
    employeeId: employee.id,
    employeeName: fullName(employee),
    action,
    changes,
    byId: by?.id ?? null,
    byName: by?.name ?? null,
  });
}

/** A change of areas, role or a disable is seen on the employee's next request (auth/session-cache.ts). */
function forgetSessionsOf(ctx: AppContext, employee: EmployeeRow) {
  if (employee.fbUserId) sessionCacheOf(ctx).invalidateUser(employee.fbUserId);
}

export async function createEmployee(
  ctx: AppContext,
  store: Tenant,
  actor: EmployeeActor,
  input: { firstName: string; lastName: string; email: string; accessControls?: Area[] | null },
) {
  const parsed = ZEmployeeInput.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const email = parsed.data.email.trim().toLowerCase();
  const accessControls = normaliseAreas(input.accessControls ?? []) ?? [];
  await throttleOf(ctx).enforce('/employees/invite', { sender: actor.id, store: store.id });
  const { employee, mail } = await ctx.db.transaction(async (tx) => {
    const staff = await employeesRepository.lockStaff(tx, store.id);
    // A new employee starts with no area; whatever the invite grants is checked like a later change.
    const blank: EmployeeState = { id: '', role: 'Employee', isActive: true, accessControls: [], fbUserId: null };
    throwIfRefused(employeeChangeRefusal(actorState(actor, staff), blank, { kind: 'update', accessControls }, staff.map(stateOf)));
    if (staff.some((e) => e.email.toLowerCase() === email)) throw conflict('An employee with this e-mail already exists');
    const employee = await employeesRepository.insert(tx, {
      storeId: store.id,
      firstName: parsed.data.firstName.trim(),
      lastName: parsed.data.lastName.trim(),
      email,
      accessControls,
      role: 'Employee',
      inviteToken: newInviteToken(),
      invitedAt: new Date(),
    });
    await logChange(tx, employee, 'invited', [{ field: 'accessControls', before: null, after: accessControls }], actorStamp(actor));
    const mail = await enqueueInvite(ctx, tx, store, employee);
    return { employee, mail };
  });
  await ctx.mailer.deliver(mail);
  return toEmployee(employee);
}

export async function resendInvite(ctx: AppContext, store: Tenant, actor: EmployeeActor, id: string) {
  // Per invited person, so one person's mailbox is not flooded however many staff press Resend.
  await throttleOf(ctx).enforce('/employees/invite', { person: id, sender: actor.id, store: store.id });
  const { updated, mail } = await ctx.db.transaction(async (tx) => {
    const employee = await employeesRepository.findById(tx, store.id, id);
    if (!employee) throw notFound('Employee not found');
    if (employee.fbUserId) throw conflict('This employee has already accepted the invite');
    const token = employee.inviteToken ?? newInviteToken();
    const updated = (await employeesRepository.update(tx, store.id, id, { inviteToken: token, invitedAt: new Date() }))!;
    await logChange(tx, updated, 'invited', [], actorStamp(actor));
    return { updated, mail: await enqueueInvite(ctx, tx, store, updated) };
  });
  await ctx.mailer.deliver(mail);
  return toEmployee(updated);
}

const sameAreas = (a: readonly string[] | null, b: readonly string[] | null) => (a === null || b === null ? a === b : a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * PUT /api/employees/{id}: names, areas, role and isActive, each field only when sent. The rules of
 * employeeChangeRefusal (domain) decide who may change what and keep the store's last Admin; the
 * change and its log entry commit together, and the employee's next request sees it.
 */
export async function updateEmployee(ctx: AppContext, store: Tenant, actor: EmployeeActor, id: string, input: TEmployeeUpdate) {
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const staff = await employeesRepository.lockStaff(tx, store.id);
    const target = staff.find((e) => e.id === id);
    if (!target) throw notFound('Employee not found');
    const change: EmployeeChange = { kind: 'update', role: input.role, isActive: input.isActive, accessControls: input.accessControls };
    throwIfRefused(employeeChangeRefusal(actorState(actor, staff), stateOf(target), change, staff.map(stateOf)));

    const next = {
      firstName: input.firstName ?? target.firstName,
      lastName: input.lastName ?? target.lastName,
      role: input.role ?? target.role,
      isActive: input.isActive ?? target.isActive,
      accessControls: input.accessControls === undefined ? target.accessControls : normaliseAreas(input.accessControls),
    };
    const changes: EmployeeLogChange[] = [];
    for (const field of ['firstName', 'lastName', 'role', 'isActive'] as const) {
      if (next[field] !== target[field]) changes.push({ field, before: target[field], after: next[field] });
    }
    if (!sameAreas(next.accessControls, target.accessControls)) changes.push({ field: 'accessControls', before: target.accessControls, after: next.accessControls });
    if (changes.length === 0) return { before: target, after: target };

    const after = (await employeesRepository.update(tx, store.id, id, next))!;
    await logChange(tx, after, 'updated', changes, actorStamp(actor));
    return { before: target, after };
  });
  if (after !== before) forgetSessionsOf(ctx, after);
  // A disable or a role change signs the person out everywhere (docs/security.md "Identity model").
  if (after.fbUserId && ((before.isActive && !after.isActive) || before.role !== after.role)) await endSessions(ctx, after.fbUserId);
  return toEmployee(after);
}

/**
 * POST /api/employees/deleteEmployee/{id}: removes the employee of this store (their sign-in stays:
 * it may belong to other stores). Their next request finds no account here. The log keeps the entry.
 */
export async function deleteEmployee(ctx: AppContext, store: Tenant, actor: EmployeeActor, id: string) {
  const removed = await ctx.db.transaction(async (tx) => {
    const staff = await employeesRepository.lockStaff(tx, store.id);
    const target = staff.find((e) => e.id === id);
    if (!target) throw notFound('Employee not found');
    throwIfRefused(employeeChangeRefusal(actorState(actor, staff), stateOf(target), { kind: 'delete' }, staff.map(stateOf)));
    await employeesRepository.remove(tx, store.id, id);
    await logChange(
      tx,
      target,
      'deleted',
      [
        { field: 'email', before: target.email, after: null },
        { field: 'role', before: target.role, after: null },
        { field: 'accessControls', before: target.accessControls, after: null },
      ],
      actorStamp(actor),
    );
    return target;
  });
  forgetSessionsOf(ctx, removed);
  return { id: removed.id };
}

/** GET /api/employees/{id}/logs */
export async function listEmployeeLogs(ctx: AppContext, store: Tenant, id: string) {
  if (!(await employeesRepository.findById(ctx.db, store.id, id))) throw notFound('Employee not found');
  return (await employeesRepository.listLogs(ctx.db, store.id, id)).map(toEmployeeLog);
}

export async function listEmployees(ctx: AppContext, store: Tenant, search?: string) {
  return (await employeesRepository.list(ctx.db, store.id, search)).map(toEmployee);
}

export async function getEmployee(ctx: AppContext, store: Tenant, id: string) {
  const employee = await employeesRepository.findById(ctx.db, store.id, id);
  if (!employee) throw notFound('Employee not found');
  return toEmployee(employee);
}

const EXISTING_SIGN_IN_MESSAGE = 'This e-mail address already has a Backroom sign-in: sign in with it to accept the invite';
const UNVERIFIED_SIGN_IN_MESSAGE = 'Verify your e-mail address first: open the verification link we sent, then accept the invite';

function checkInvite(employee: EmployeeRow | null, token: string | undefined): EmployeeRow {
  if (!employee) throw notFound('Invite not found');
  if (employee.fbUserId) throw conflict('This invite has already been accepted');
  if (!token || !employee.inviteToken || !safeEqual(token, employee.inviteToken)) throw forbidden('This invite link is not valid');
  return employee;
}

/** GET /open/employees/{id}: what the invite page shows, only with the invite's token. */
export async function getInvite(ctx: AppContext, id: string, token: string | undefined): Promise<z.input<typeof ZEmployeeInvite>> {
  const employee = checkInvite(await employeesRepository.findByIdAnyStore(ctx.db, id), token);
  return { id: employee.id, email: employee.email, firstName: employee.firstName, lastName: employee.lastName, storeId: employee.storeId, invited: true };
}

/**
 * PUT /open/employees/accept/{id}: links the sign-in to the invite. A sign-in made from the invite
 * page after the invite was sent counts as verified (the mailed link proves the address). A sign-in
 * that existed before the invite is someone's already: only that person, signed in with it verified,
 * accepts, and the invite changes nothing of it (docs/security.md "Identity model").
 */
export async function acceptInvite(ctx: AppContext, id: string, input: { token?: string; fbUserId: string }, sessionUserId: string | null) {
  const updated = await ctx.db.transaction(async (tx) => {
    const employee = checkInvite(await employeesRepository.findByIdAnyStore(tx, id), input.token);
    const identity = await employeesRepository.findIdentity(tx, input.fbUserId);
    if (!identity) throw badRequest('Unknown user');
    if (identity.email.toLowerCase() !== employee.email.toLowerCase()) throw new AppError('FORBIDDEN', 'This invite was sent to another e-mail address');
    const madeForThisInvite = employee.invitedAt !== null && identity.createdAt >= employee.invitedAt;
    if (madeForThisInvite) await employeesRepository.verifyIdentity(tx, identity.id, fullName(employee));
    else if (sessionUserId !== identity.id) throw new AppError('UNAUTHORIZED', EXISTING_SIGN_IN_MESSAGE);
    else if (!identity.emailVerified) throw forbidden(UNVERIFIED_SIGN_IN_MESSAGE);
    // Accepting links the sign-in; it does not re-enable an employee the store disabled meanwhile.
    const updated = (await employeesRepository.update(tx, employee.storeId, employee.id, { fbUserId: identity.id, inviteToken: null }))!;
    await logChange(tx, updated, 'accepted', [], { id: updated.id, name: fullName(updated) });
    return updated;
  });
  forgetSessionsOf(ctx, updated);
  return toEmployee(updated);
}
