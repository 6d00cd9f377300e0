import { responses, ZEmployee, ZEmployeeCreateBody, ZEmployeeDeleted, ZEmployeeInvite, ZEmployeeInviteAccept, ZEmployeeInviteQuery, ZEmployeeLog, ZEmployeesQuery, ZEmployeeUpdate, ZRecordIdParams } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { getIdentity, requireStaff, requireStore } from '../../auth/actor.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { acceptInvite, createEmployee, deleteEmployee, getEmployee, getInvite, listEmployeeLogs, listEmployees, resendInvite, updateEmployee } from './employees.service.ts';
import { asSystem } from '../../db/row-security.ts';


export const employeesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/employees', { schema: { tags: ['employees'], querystring: ZEmployeesQuery, response: responses(z.array(ZEmployee)) } }, async (request) => {
      await requireStaff(ctx, request, 'Employees');
      return { data: await listEmployees(ctx, requireStore(request), request.query.search) };
    });

    app.get('/api/employees/:id', { schema: { tags: ['employees'], params: ZRecordIdParams, response: responses(ZEmployee) } }, async (request) => {
      await requireStaff(ctx, request, 'Employees');
      return { data: await getEmployee(ctx, requireStore(request), request.params.id) };
    });

    app.post(
      '/api/employees',
      {
        schema: {
          tags: ['employees'],
          summary: 'Create an employee and e-mail an invite',
          body: ZEmployeeCreateBody,
          response: responses(ZEmployee, 201),
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Employees');
        const employee = await createEmployee(ctx, requireStore(request), actor, request.body);
        return reply.status(201).send({ data: employee });
      },
    );

    app.put(
      '/api/employees/:id',
      {
        schema: {
          tags: ['employees'],
          summary: 'Change an employee: names, access areas, role, enabled (seen on their next request)',
          params: ZRecordIdParams,
          body: ZEmployeeUpdate,
          response: responses(ZEmployee),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Employees');
        return { data: await updateEmployee(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );

    app.post(
      '/api/employees/deleteEmployee/:id',
      { schema: { tags: ['employees'], summary: 'Delete an employee of this store (their sign-in stays)', params: ZRecordIdParams, response: responses(ZEmployeeDeleted) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Employees');
        return { data: await deleteEmployee(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    app.get(
      '/api/employees/:id/logs',
      { schema: { tags: ['employees'], summary: 'Who changed the employee, newest first', params: ZRecordIdParams, response: responses(z.array(ZEmployeeLog)) } },
      async (request) => {
        await requireStaff(ctx, request, 'Employees');
        return { data: await listEmployeeLogs(ctx, requireStore(request), request.params.id) };
      },
    );

    app.post('/api/employees/send/:id', { schema: { tags: ['employees'], summary: 'Resend the invite', params: ZRecordIdParams, response: responses(ZEmployee) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Employees');
      return { data: await resendInvite(ctx, requireStore(request), actor, request.params.id) };
    });

    app.get(
      '/open/employees/:id',
      { schema: { tags: ['employees'], params: ZRecordIdParams, querystring: ZEmployeeInviteQuery, response: responses(ZEmployeeInvite) } },
      // an invitation is read by its token, whichever store's host the link was opened on: a named cross-store path
      async (request) => ({ data: await asSystem(() => getInvite(ctx, request.params.id, request.query.token)) }),
    );

    app.put(
      '/open/employees/accept/:id',
      { schema: { tags: ['employees'], params: ZRecordIdParams, body: ZEmployeeInviteAccept, response: responses(ZEmployee) } },
      async (request) => {
        const userId = (await getIdentity(ctx, request))?.userId ?? null;
        return { data: await asSystem(() => acceptInvite(ctx, request.params.id, request.body, userId)) };
      },
    );

    // The same with the signed-in user's token: the identity linked must be the caller's own.
    app.put(
      '/api/employees/accept/:id',
      { schema: { tags: ['employees'], summary: 'Accept an invite as the signed-in user', params: ZRecordIdParams, body: ZEmployeeInviteAccept, response: responses(ZEmployee) } },
      async (request) => {
        const identity = await getIdentity(ctx, request);
        if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
        if (identity.userId !== request.body.fbUserId) throw forbidden('You can only accept an invite for your own account');
        return { data: await asSystem(() => acceptInvite(ctx, request.params.id, request.body, identity.userId)) };
      },
    );
  };
