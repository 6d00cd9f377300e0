import { hasArea, isAdmin, type Area } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toJob } from './jobs.mapper.ts';

/**
 * A job's progress and result are for the area that can start jobs of its kind, and for whoever
 * started it (docs/security.md, "Jobs, exports and reports"); a kind with no area is an Admin's.
 */
function mayReadJob(actor: EmployeeActor, createdById: string | null, area: Area | undefined): boolean {
  if (createdById && createdById === actor.id) return true;
  return area ? hasArea(actor.accessControls, area) : isAdmin(actor);
}

/** GET /api/jobs/{id}: one job of the store, for who may read it. */
export async function getJob(ctx: AppContext, store: Tenant, actor: EmployeeActor, id: string) {
  const job = await ctx.jobs.get(ctx.db, store.id, id);
  if (!job) throw notFound('Job not found');
  if (!mayReadJob(actor, job.createdById, ctx.jobs.areaOf(job.kind))) throw forbidden();
  return toJob(job);
}
