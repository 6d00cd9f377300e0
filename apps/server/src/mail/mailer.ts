import nodemailer, { type Transporter } from 'nodemailer';
import { and, desc, eq, inArray, isNull, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

/** Every e-mail belongs to its recipient's store (the store the account or invite is of). */
type MailMessage = { storeId: string; to: string; subject: string; text: string; html?: string };
export type OutboxRow = typeof outbox.$inferSelect;

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/**
 * Every e-mail is written to the outbox first (inside the caller's transaction when given), then
 * delivered over SMTP when SMTP_URL is set. Without SMTP the outbox is the mailbox (dev page).
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function enqueue(tx: DbOrTx, msg: MailMessage): Promise<OutboxRow> {
    const [row] = await tx
      .insert(outbox)
      .values({ storeId: msg.storeId, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html })
      .returning();
    return row;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (!transport) {
      // Never the links: they are the recipient's credentials (docs/security.md "Identity model").
      opts.log.info({ mail: { id: row.id, storeId: row.storeId, to: row.to, subject: row.subject } }, 'e-mail stored in outbox');
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
      await opts.db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
    } catch (err) {
      opts.log.error({ err, to: row.to }, 'e-mail delivery failed');
      await opts.db.update(outbox).set({ error: String(err) }).where(eq(outbox.id, row.id));
    }
  }

  /**
   * One message built up by several transactions (a bulk job's chunks, an import's orders): the
   * undelivered row of (storeId, groupKey) is locked and rebuilt from its payload, or written when
   * there is none. Deliver it (deliverIds) once the last of those transactions has committed.
   */
  async function enqueueMerged<P>(
    tx: DbOrTx,
    msg: { storeId: string; to: string; groupKey: string },
    build: (previous: P | null) => { subject: string; text: string; payload: P },
  ): Promise<OutboxRow> {
    const [existing] = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.storeId, msg.storeId), eq(outbox.groupKey, msg.groupKey), isNull(outbox.sentAt)))
      .limit(1)
      .for('update');
    const next = build(existing ? ((existing.payload ?? null) as P | null) : null);
    if (existing) {
      const [row] = await tx.update(outbox).set({ subject: next.subject, text: next.text, payload: next.payload }).where(eq(outbox.id, existing.id)).returning();
      return row;
    }
    const [row] = await tx
      .insert(outbox)
      .values({ storeId: msg.storeId, to: msg.to, subject: next.subject, text: next.text, groupKey: msg.groupKey, payload: next.payload })
      .returning();
    return row;
  }

  return {
    enqueue,
    enqueueMerged,
    deliver,
    /**
     * Delivers rows by id as they are now: a row whose transaction rolled back is not there (nothing
     * is sent), a row rebuilt by a later transaction goes out with its last text, a sent row is skipped.
     */
    async deliverIds(ids: readonly string[]): Promise<void> {
      if (!ids.length) return;
      const rows = await opts.db.select().from(outbox).where(and(inArray(outbox.id, [...ids]), isNull(outbox.sentAt)));
      for (const row of rows) await deliver(row);
    },
    /** Delivers the undelivered rows of an action's groups (`prefix` is a key of ours: no wildcards in it). */
    async deliverGroup(storeId: string, prefix: string): Promise<void> {
      const rows = await opts.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.storeId, storeId), like(outbox.groupKey, `${prefix}:%`), isNull(outbox.sentAt)));
      for (const row of rows) await deliver(row);
    },
    /** Store and deliver at once, for mail that is not part of a larger change. */
    async send(msg: MailMessage): Promise<OutboxRow> {
      const row = await enqueue(opts.db, msg);
      await deliver(row);
      return row;
    },
    /** The mailbox of one store: its own mail only, newest first. */
    async list(storeId: string, limit = 100) {
      const rows = await opts.db.select().from(outbox).where(eq(outbox.storeId, storeId)).orderBy(desc(outbox.createdAt)).limit(limit);
      return rows.map((r) => ({ ...r, links: extractLinks(r.text) }));
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(LINK_PATTERN) ?? [])];
}
