import crypto from 'node:crypto';
import { ZEmployeeInput, type Area, type ZEmployeeInvite } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { storeLinkOrigin } from '../../auth/origins.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { OutboxRow } from '../../mail/mailer.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { employeesRepository, type EmployeeRow } from './employees.repository.ts';
import { toEmployee } from './employees.mapper.ts';

const safeEqual = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const newInviteToken = () => crypto.randomBytes(24).toString('base64url');

/** Writes the invite e-mail into the outbox (inside the caller's transaction). */
export async function enqueueInvite(
  ctx: AppContext,
  tx: DbOrTx,
  store: StoreRow,
  employee: EmployeeRow,
  opts: { withStoreHandle?: boolean } = {},
): Promise<OutboxRow> {
  // From configuration (the store's domain or APP_URL), never from the request's Host.
  const origin = storeLinkOrigin(ctx.config, store);
  // A store without a domain of its own is picked by handle, so its link carries the handle.
  const storePart = opts.withStoreHandle ? `&store=${encodeURIComponent(store.handle)}` : '';
  const link = `${origin}/invite/${employee.id}?token=${employee.inviteToken}${storePart}`;
  return ctx.mailer.enqueue(tx, {
    storeId: store.id,
    to: employee.email,
    subject: `You are invited to ${store.name} on Backroom`,
    text: `Hello ${employee.firstName},\n\n${store.name} invited you to its back office. Set your password here:\n${link}\n`,
  });
}

export async function createEmployee(
  ctx: AppContext,
  store: StoreRow,
  input: { firstName: string; lastName: string; email: string; accessControls?: Area[] | null },
) {
  const parsed = ZEmployeeInput.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const email = parsed.data.email.trim().toLowerCase();
  const { employee, mail } = await ctx.db.transaction(async (tx) => {
    if (await employeesRepository.findByEmail(tx, store.id, email)) throw conflict('An employee with this e-mail already exists');
    const employee = await employeesRepository.insert(tx, {
      storeId: store.id,
      firstName: parsed.data.firstName.trim(),
      lastName: parsed.data.lastName.trim(),
      email,
      accessControls: input.accessControls ?? [],
      role: 'Employee',
      inviteToken: newInviteToken(),
      invitedAt: new Date(),
    });
    const mail = await enqueueInvite(ctx, tx, store, employee);
    return { employee, mail };
  });
  await ctx.mailer.deliver(mail);
  return toEmployee(employee);
}

export async function resendInvite(ctx: AppContext, store: StoreRow, id: string) {
  const employee = await employeesRepository.findById(ctx.db, store.id, id);
  if (!employee) throw notFound('Employee not found');
  if (employee.fbUserId) throw conflict('This employee has already accepted the invite');
  const token = employee.inviteToken ?? newInviteToken();
  const updated = (await employeesRepository.update(ctx.db, store.id, id, { inviteToken: token, invitedAt: new Date() }))!;
  const mail = await enqueueInvite(ctx, ctx.db, store, updated);
  await ctx.mailer.deliver(mail);
  return toEmployee(updated);
}

export async function listEmployees(ctx: AppContext, store: StoreRow, search?: string) {
  return (await employeesRepository.list(ctx.db, store.id, search)).map(toEmployee);
}

export async function getEmployee(ctx: AppContext, store: StoreRow, id: string) {
  const employee = await employeesRepository.findById(ctx.db, store.id, id);
  if (!employee) throw notFound('Employee not found');
  return toEmployee(employee);
}

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
 * PUT /open/employees/accept/{id}: links the identity that signed up from the invite link. The link
 * proves the e-mail address, so the identity counts as verified.
 */
export async function acceptInvite(ctx: AppContext, id: string, input: { token?: string; fbUserId: string }) {
  return ctx.db.transaction(async (tx) => {
    const employee = checkInvite(await employeesRepository.findByIdAnyStore(tx, id), input.token);
    const identity = await employeesRepository.findIdentity(tx, input.fbUserId);
    if (!identity) throw badRequest('Unknown user');
    if (identity.email.toLowerCase() !== employee.email.toLowerCase()) throw new AppError('FORBIDDEN', 'This invite was sent to another e-mail address');
    await employeesRepository.verifyIdentity(tx, identity.id, `${employee.firstName} ${employee.lastName}`);
    const updated = await employeesRepository.update(tx, employee.storeId, employee.id, { fbUserId: identity.id, inviteToken: null, isActive: true });
    return toEmployee(updated!);
  });
}
