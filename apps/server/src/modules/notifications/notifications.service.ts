// The consigner's notification e-mails (docs/consigner-portal.md "Notification e-mails"). A service
// makes a notifier for its action, calls `add` inside the transaction of the change (the e-mails go
// to the outbox in that transaction: both commit or neither does) and `deliver` after it committed.
import { composeNotice, NOTICE_PATH, storeParagraph, wantsNotice, type NoticeKind, type NoticeLine } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import { notificationsRepository as repo } from './notifications.repository.ts';

/** One item of an action, for the e-mail of its consigner. */
export type NoticeItem = NoticeLine & { consignerId: string };

/** An inventory row as an e-mail line. */
export const noticeItemOf = (item: {
  consignerId: string;
  code: string;
  title: string;
  option1Value?: string | null;
  location?: string | null;
  price?: number | null;
  payout?: number | null;
}): NoticeItem => ({ consignerId: item.consignerId, code: item.code, title: item.title, size: item.option1Value ?? null, location: item.location ?? null, price: item.price ?? null, payout: item.payout ?? null });

type Payload = { lines: NoticeLine[] };

type AddOptions = {
  /**
   * Several transactions of one action (a bulk job's chunks, an import's orders) build one e-mail per
   * consigner: they pass the same key, and the action delivers once at its end.
   */
  groupKey?: string;
  payout?: { name: string; total: (consignerId: string) => number; creditBonus?: (consignerId: string) => number | null };
};

export type Notifier = ReturnType<typeof consignerNotifier>;

/** The notifications of one action in one store. */
export function consignerNotifier(ctx: AppContext, storeId: string, knownStore?: Tenant) {
  const queued = new Set<string>();
  let store: Tenant | null = knownStore ?? null;

  return {
    /** E-mails each consigner of `items` who wants this kind, listing their items; in the change's transaction. */
    async add(tx: DbOrTx, kind: NoticeKind, items: NoticeItem[], opts: AddOptions = {}): Promise<void> {
      if (!items.length) return;
      const byConsigner = new Map<string, NoticeLine[]>();
      for (const { consignerId, ...line } of items) byConsigner.set(consignerId, [...(byConsigner.get(consignerId) ?? []), line]);
      const people = (await repo.recipients(tx, storeId, [...byConsigner.keys()])).filter((c) => wantsNotice(c, kind));
      if (!people.length) return;
      store ??= await findTenant(tx, storeId);
      if (!store) return;
      const s = store;
      // From configuration (the store's domain or APP_URL), never from a request's Host.
      const link = `${storeLinkOrigin(ctx.config, s)}${NOTICE_PATH[kind]}`;
      for (const person of people) {
        const mine = byConsigner.get(person.id) ?? [];
        const build = (previous: Payload | null) => {
          const lines = [...(previous?.lines ?? []), ...mine];
          const message = composeNotice({
            kind,
            storeName: s.name,
            currency: s.currency,
            firstName: person.firstName,
            lines,
            paragraph: storeParagraph(s, kind, lines),
            link,
            payout: opts.payout ? { name: opts.payout.name, total: opts.payout.total(person.id), creditBonus: opts.payout.creditBonus?.(person.id) ?? null } : null,
          });
          return { ...message, payload: { lines } };
        };
        const to = person.email.trim();
        if (opts.groupKey) {
          queued.add((await ctx.mailer.enqueueMerged<Payload>(tx, { storeId, to, groupKey: `${opts.groupKey}:${kind}:${person.id}` }, build)).id);
        } else {
          const { subject, text } = build(null);
          queued.add((await ctx.mailer.enqueue(tx, { storeId, to, subject, text })).id);
        }
      }
    },
    /**
     * After the change committed: sends what was queued (rows of a rolled-back transaction are gone);
     * with a group key, also that group's rows written by an earlier run of the same job (a resumed job).
     */
    async deliver(groupKey?: string): Promise<void> {
      const ids = [...queued];
      queued.clear();
      try {
        if (groupKey) await ctx.mailer.deliverGroup(storeId, groupKey);
        else await ctx.mailer.deliverIds(ids);
      } catch (err) {
        // the change is made and the e-mail is in the outbox: a delivery problem is logged, not the caller's
        ctx.log.error({ err }, 'notification delivery failed');
      }
    },
  };
}

/** Every consigner of the store an e-mail may go to, with what decides whether they want it (wantsNotice): for a job writing to all of them. */
export const storeRecipients = (db: DbOrTx, storeId: string) => repo.storeRecipients(db, storeId);
