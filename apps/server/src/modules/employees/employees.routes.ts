import { AREAS, responses, safeString, ZEmployee, ZEmployeeDeleted, ZEmployeeInvite, ZEmployeeLog, ZEmployeeUpdate } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { getIdentity, requireStaff, requireStore } from '../../auth/actor.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { acceptInvite, createEmployee, deleteEmployee, getEmployee, getInvite, listEmployeeLogs, listEmployees, resendInvite, updateEmployee } from './employees.service.ts';

const ZId = z.object({ id: z.string().uuid('Invalid id') });
const ZAccept = z.object({ token: safeString('code', 'token').optional(), fbUserId: safeString('code', 'fbUserId').min(1, 'fbUserId is required') });

export const employeesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/employees', { schema: { tags: ['employees'], querystring: z.object({ search: safeString('search', 'Search').optional() }), response: responses(z.array(ZEmployee)) } }, async (request) => {
      await requireStaff(ctx, request, 'Employees');
      return { data: await listEmployees(ctx, requireStore(request), request.query.search) };
    });

    app.get('/api/employees/:id', { schema: { tags: ['employees'], params: ZId, response: responses(ZEmployee) } }, async (request) => {
      await requireStaff(ctx, request, 'Employees');
      return { data: await getEmployee(ctx, requireStore(request), request.params.id) };
    });

    app.post(
      '/api/employees',
      {
        schema: {
          tags: ['employees'],
          summary: 'Create an employee and e-mail an invite',
          body: z.object({
            firstName: safeString('name', 'First name').default(''),
            lastName: safeString('name', 'Last name').default(''),
            email: safeString('email', 'Email').default(''),
            accessControls: z.array(z.enum(AREAS)).nullable().optional(),
          }),
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
          params: ZId,
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
      { schema: { tags: ['employees'], summary: 'Delete an employee of this store (their sign-in stays)', params: ZId, response: responses(ZEmployeeDeleted) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Employees');
        return { data: await deleteEmployee(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    app.get(
      '/api/employees/:id/logs',
      { schema: { tags: ['employees'], summary: 'Who changed the employee, newest first', params: ZId, response: responses(z.array(ZEmployeeLog)) } },
      async (request) => {
        await requireStaff(ctx, request, 'Employees');
        return { data: await listEmployeeLogs(ctx, requireStore(request), request.params.id) };
      },
    );

    app.post('/api/employees/send/:id', { schema: { tags: ['employees'], summary: 'Resend the invite', params: ZId, response: responses(ZEmployee) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Employees');
      return { data: await resendInvite(ctx, requireStore(request), actor, request.params.id) };
    });

    app.get(
      '/open/employees/:id',
      { schema: { tags: ['employees'], params: ZId, querystring: z.object({ token: safeString('code', 'token').optional() }), response: responses(ZEmployeeInvite) } },
      async (request) => ({ data: await getInvite(ctx, request.params.id, request.query.token) }),
    );

    app.put(
      '/open/employees/accept/:id',
      { schema: { tags: ['employees'], params: ZId, body: ZAccept, response: responses(ZEmployee) } },
      async (request) => ({ data: await acceptInvite(ctx, request.params.id, request.body) }),
    );

    // The same with the signed-in user's token: the identity linked must be the caller's own.
    app.put(
      '/api/employees/accept/:id',
      { schema: { tags: ['employees'], summary: 'Accept an invite as the signed-in user', params: ZId, body: ZAccept, response: responses(ZEmployee) } },
      async (request) => {
        const identity = await getIdentity(ctx, request);
        if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
        if (identity.userId !== request.body.fbUserId) throw forbidden('You can only accept an invite for your own account');
        return { data: await acceptInvite(ctx, request.params.id, request.body) };
      },
    );
  };
