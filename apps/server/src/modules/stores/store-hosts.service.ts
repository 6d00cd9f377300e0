// A store's proof that it owns its hosts (docs/security.md, "A store's own hosts, once proven"):
// GET /api/stores/{id}/hosts, POST /api/stores/{id}/hosts/verify, and what PUT /api/stores/{id}
// does to the proofs when the hosts change.
import crypto from 'node:crypto';
import { hostProofFileUrl, hostProofRecordName, hostProofValue, STORE_HOST_FIELDS, STORE_SETTINGS_MESSAGES, type TStoreHostsVerifyBody, type ZStoreHosts } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type EmployeeActor } from '../../auth/actor.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { asStore } from '../../db/row-security.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { storeCacheOf } from '../../tenancy/store-cache.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../shared/pg-errors.ts';
import { throttleOf } from '../../shared/throttle.ts';
import { checkHostProof, hostProbeOf } from './host-probe.ts';
import { storeHostProofsRepository, storesRepository, type StoreHostProofRow, type StoreRow } from './stores.repository.ts';

/** 24 random bytes: unguessable, one per store and host. */
const newToken = () => crypto.randomBytes(24).toString('base64url');

const configuredHosts = (s: Pick<StoreRow, (typeof STORE_HOST_FIELDS)[number]>) => [...new Set(STORE_HOST_FIELDS.map((f) => s[f]).filter((h): h is string => !!h))];

/**
 * After the hosts changed (PUT, inside its transaction): a host the store no longer has loses its
 * proof, a new one gets a new token, and the store row's copy of its proven hosts follows.
 */
export async function syncHostProofs(tx: DbOrTx, storeId: string, hosts: string[]): Promise<string[]> {
  await storeHostProofsRepository.deleteExcept(tx, storeId, hosts);
  await storeHostProofsRepository.ensure(
    tx,
    storeId,
    hosts.map((host) => ({ host, token: newToken() })),
  );
  const proven = await storeHostProofsRepository.provenHosts(tx, storeId);
  await storeHostProofsRepository.copyToStore(tx, storeId, proven);
  return proven;
}

function requireOwnStoreAdmin(store: StoreRow, actor: EmployeeActor, id: string) {
  if (id !== store.id) throw notFound('Store not found');
  if (actor.role !== 'Admin') throw forbidden(STORE_SETTINGS_MESSAGES.onlyAdminHosts);
}

function toStoreHostProof(row: StoreHostProofRow, store: StoreRow) {
  const value = hostProofValue(row.token);
  return {
    host: row.host,
    fields: STORE_HOST_FIELDS.filter((f) => store[f] === row.host),
    state: row.provenAt ? ('proven' as const) : row.checkError ? ('failed' as const) : ('not-proven' as const),
    provenAt: row.provenAt?.toISOString() ?? null,
    provenBy: row.provenBy ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkError: row.provenAt ? null : row.checkError,
    dnsRecord: { name: hostProofRecordName(row.host), type: 'TXT' as const, value },
    wellKnownFile: { url: hostProofFileUrl(row.host), content: value },
  };
}

async function hostsOf(ctx: AppContext, storeId: string): Promise<z.input<typeof ZStoreHosts>> {
  const store = await storesRepository.findById(ctx.db, storeId);
  if (!store) throw notFound('Store not found');
  const hosts = configuredHosts(store);
  // a store from before proofs existed gets its tokens when they are first asked for
  await storeHostProofsRepository.ensure(
    ctx.db,
    store.id,
    hosts.map((host) => ({ host, token: newToken() })),
  );
  const rows = (await storeHostProofsRepository.listForStore(ctx.db, store.id)).filter((r) => hosts.includes(r.host));
  rows.sort((a, b) => hosts.indexOf(a.host) - hosts.indexOf(b.host));
  return { hosts: rows.map((r) => toStoreHostProof(r, store)), linkOrigin: storeLinkOrigin(ctx.config, store) };
}

/** GET /api/stores/{id}/hosts: each host's state and how to prove it (Admin, own store). */
export async function listStoreHosts(ctx: AppContext, store: StoreRow, actor: EmployeeActor, id: string) {
  requireOwnStoreAdmin(store, actor, id);
  return hostsOf(ctx, store.id);
}

/**
 * POST /api/stores/{id}/hosts/verify: looks for the proof of one host, or of every host not proven
 * yet, and records the outcome. A failed check is an answer (state 'failed' with the reason), not an
 * error. A proof stands until the host changes.
 */
export async function verifyStoreHosts(ctx: AppContext, store: StoreRow, actor: EmployeeActor, id: string, body: TStoreHostsVerifyBody, now: Date = new Date()) {
  requireOwnStoreAdmin(store, actor, id);
  const current = await hostsOf(ctx, store.id);
  if (body?.host && !current.hosts.some((h) => h.host === body.host)) throw notFound(STORE_SETTINGS_MESSAGES.hostNotOwn);
  const rows = (await storeHostProofsRepository.listForStore(ctx.db, store.id)).filter(
    (r) => !r.provenAt && current.hosts.some((h) => h.host === r.host) && (!body?.host || r.host === body.host),
  );
  if (rows.length === 0) return current;
  await throttleOf(ctx).enforce('/stores/hosts/verify', { store: store.id });
  // the network is asked outside any transaction; the outcome is written only if the token is unchanged
  const probe = hostProbeOf(ctx);
  const checks = await Promise.all(rows.map(async (r) => ({ row: r, check: await checkHostProof(probe, r.host, r.token) })));
  if (checks.length === 0) return current;

  const taken = await storeHostProofsRepository.provenByOtherStores(
    ctx.db,
    checks.filter((c) => c.check.proven).map((c) => c.row.host),
    store.id,
  );
  if (taken.length) throw conflict(STORE_SETTINGS_MESSAGES.hostProvenElsewhere(taken[0].host));
  await ctx.db
    .transaction(async (tx) => {
      for (const { row, check } of checks) {
        await storeHostProofsRepository.recordCheck(
          tx,
          store.id,
          row.host,
          row.token,
          check.proven ? { provenAt: now, provenBy: check.by, checkedAt: now, checkError: null } : { provenAt: null, provenBy: null, checkedAt: now, checkError: check.error },
        );
      }
      const fresh = await storesRepository.findForUpdate(tx, store.id);
      if (!fresh) throw notFound('Store not found');
      const proven = await storeHostProofsRepository.provenHosts(tx, store.id);
      await storeHostProofsRepository.copyToStore(
        tx,
        store.id,
        proven.filter((h) => configuredHosts(fresh).includes(h)),
      );
    })
    .catch((err: unknown) => {
      // another store proved the host between the check and the write (store_host_proofs_proven_host_uq)
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(STORE_SETTINGS_MESSAGES.hostProvenElsewhere(checks.find((c) => c.check.proven)?.row.host ?? 'This address'));
      throw err;
    });
  // links, origins and Host resolution read the store row: drop the cached copies
  storeCacheOf(ctx).invalidate();
  sessionCacheOf(ctx).invalidateStore(store.id);
  ctx.log.info({ storeId: store.id, by: actorStamp(actor), hosts: checks.map((c) => ({ host: c.row.host, proven: c.check.proven })) }, 'store hosts checked');
  return hostsOf(ctx, store.id);
}

/** A proven host whose proof is not found on this many daily re-checks in a row loses it. */
export const HOST_RECHECK_WITHDRAW_AT = 3;
export const HOST_RECHECK_JOB = 'stores.recheckProvenHosts';
/** Daily at 05:17 UTC. */
export const HOST_RECHECK_CRON = '17 5 * * *';

/**
 * The daily re-check of every proven host (docs/security.md "A store's own hosts, once proven"): a
 * proof is a fact about the day it was made; a domain that lapses, or is sold, must stop receiving the
 * store's links. Found again: the count of misses starts over. Missed on HOST_RECHECK_WITHDRAW_AT
 * days in a row: the proof is withdrawn, the store row's copy follows, and links fall back to APP_URL
 * (storeLinkOrigin) until an Admin proves the host again. Seeded hosts (the demo) are not checked.
 */
export async function recheckProvenHosts(ctx: AppContext, now: Date = new Date()): Promise<{ checked: number; missed: number; withdrawn: string[] }> {
  const probe = hostProbeOf(ctx);
  const rows = await storeHostProofsRepository.provenForRecheck(ctx.db);
  const withdrawn: string[] = [];
  let missed = 0;
  for (const row of rows) {
    // the network is asked outside any transaction, one host at a time (a daily round, not a hurry)
    const check = await checkHostProof(probe, row.host, row.token);
    if (!check.proven) missed += 1;
    const outcome = check.proven ? ({ found: true } as const) : { found: false as const, error: check.error, withdrawAt: HOST_RECHECK_WITHDRAW_AT };
    const gone = await asStore(row.storeId, () =>
      ctx.db.transaction(async (tx) => {
        const after = await storeHostProofsRepository.recordRecheck(tx, row.storeId, row.host, row.token, outcome, now);
        if (!after || after.provenAt) return false;
        await storeHostProofsRepository.copyToStore(tx, row.storeId, await storeHostProofsRepository.provenHosts(tx, row.storeId));
        return true;
      }),
    );
    if (gone) {
      withdrawn.push(row.host);
      storeCacheOf(ctx).invalidate();
      sessionCacheOf(ctx).invalidateStore(row.storeId);
      ctx.log.warn({ storeId: row.storeId, host: row.host, error: check.proven ? null : check.error }, 'store host proof withdrawn after failed daily re-checks');
    }
  }
  return { checked: rows.length, missed, withdrawn };
}

export function registerHostRecheckJob(ctx: AppContext) {
  // 'singleton': one round at a time across every server sharing the database
  ctx.jobs.addQueue(HOST_RECHECK_JOB, {
    policy: 'singleton',
    pollingIntervalSeconds: 30,
    handler: async () => {
      const result = await recheckProvenHosts(ctx);
      ctx.log.info(result, 'proven store hosts re-checked');
    },
  });
  ctx.jobs.schedule(HOST_RECHECK_JOB, HOST_RECHECK_CRON);
}
