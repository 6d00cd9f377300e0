-- Hand-written (docs/consignment-terms.md "The consigner's requests" and "Reminders"): the consigner's
-- requests to renew or to pick up an item at the end of its term, and the reminders sent before an
-- end. Both are store rows under the store policy of migration 0044 (created here: that migration's
-- loop only covered the tables that existed then).
CREATE TABLE "term_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" text,
	"closed_by_name" text,
	"resolution" text,
	CONSTRAINT "term_requests_pkey" PRIMARY KEY("id","store_id"),
	CONSTRAINT "term_requests_kind_ck" CHECK ("kind" IN ('renew', 'pickup')),
	CONSTRAINT "term_requests_status_ck" CHECK ("status" IN ('open', 'cancelled', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "term_requests" ADD CONSTRAINT "term_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "term_requests" ADD CONSTRAINT "term_requests_inventory_fk" FOREIGN KEY ("inventory_id","store_id") REFERENCES "public"."inventory_items"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- one open request per item: a request sent twice (or two at once) is one
CREATE UNIQUE INDEX "term_requests_open_uq" ON "term_requests" ("store_id","inventory_id") WHERE "status" = 'open';
--> statement-breakpoint
-- a consigner's own open requests (the portal's list)
CREATE INDEX "term_requests_store_consigner_idx" ON "term_requests" ("store_id","consigner_id","status");
--> statement-breakpoint
CREATE TABLE "term_reminders" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"ends_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_reminders_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "term_reminders" ADD CONSTRAINT "term_reminders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "term_reminders" ADD CONSTRAINT "term_reminders_inventory_fk" FOREIGN KEY ("inventory_id","store_id") REFERENCES "public"."inventory_items"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- once per item per term: a renewed item (a new end) gets a new reminder, a second run none
CREATE UNIQUE INDEX "term_reminders_item_end_uq" ON "term_reminders" ("store_id","inventory_id","ends_on");
--> statement-breakpoint
ALTER TABLE "term_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_isolation ON "term_requests" TO backroom_app
  USING (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid))
  WITH CHECK (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid));
--> statement-breakpoint
ALTER TABLE "term_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_isolation ON "term_reminders" TO backroom_app
  USING (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid))
  WITH CHECK (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid));
--> statement-breakpoint
-- The version trigger of migration 0043: a request changes what the portal's list and /expiringInventory
-- answer, so the cached answers of the store go (docs/scaling.md "Several server processes"). The
-- reminders are the job's own bookkeeping, read by nothing a cache keeps, like the outbox.
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "term_requests" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('data', 'store');
