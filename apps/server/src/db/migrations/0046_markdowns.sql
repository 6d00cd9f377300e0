-- Hand-written (docs/consignment-terms.md "Markdowns"): a store's markdown schedules, who changed
-- them, the consigner's minimum price of an item, the price a schedule counts from, and the store's
-- floor. Money in minor units, as every price column.
CREATE TABLE "markdown_schedules" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	-- the domain's ZMarkdownSteps: [{ afterDays, percentOff }], ordered by age
	"steps" jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markdown_schedules_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "markdown_schedules" ADD CONSTRAINT "markdown_schedules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "markdown_schedules_store_name_idx" ON "markdown_schedules" ("store_id", "name");
--> statement-breakpoint
-- Who created, changed or deleted a schedule and how, written in the change's transaction (as
-- employee_logs). No foreign key to the schedule: a deleted schedule's entries stay, with its name.
CREATE TABLE "markdown_schedule_logs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"schedule_name" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"by_id" text,
	"by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markdown_schedule_logs_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "markdown_schedule_logs" ADD CONSTRAINT "markdown_schedule_logs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "markdown_schedule_logs_store_schedule_idx" ON "markdown_schedule_logs" ("store_id", "schedule_id", "created_at");
--> statement-breakpoint
-- The consigner's minimum price (null: none), and the price the item's schedule counts from (its
-- price when accepted; set at the first markdown for an item accepted before this migration).
ALTER TABLE "inventory_items" ADD COLUMN "minimum_price" integer;
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "markdown_base_price" integer;
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_minimum_price_check" CHECK ("minimum_price" IS NULL OR "minimum_price" >= 0);
--> statement-breakpoint
-- The store's floor: no markdown takes a price below it (0: no floor of the store's own).
ALTER TABLE "stores" ADD COLUMN "markdown_floor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Stores kept apart by the database, as migration 0044 does for every store table (docs/security.md
-- "Row-level security"); the grants come from its default privileges.
ALTER TABLE "markdown_schedules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_isolation ON "markdown_schedules" TO backroom_app
  USING (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid))
  WITH CHECK (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid));
--> statement-breakpoint
ALTER TABLE "markdown_schedule_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_isolation ON "markdown_schedule_logs" TO backroom_app
  USING (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid))
  WITH CHECK (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid));
--> statement-breakpoint
-- The caches' version row moves with a change of either table (migration 0043; test/store-versions.test.ts).
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "markdown_schedules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('data', 'store');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "markdown_schedule_logs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('data', 'store');
