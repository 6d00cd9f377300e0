CREATE TABLE "consigner_bank_logs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"changed_by_id" text NOT NULL,
	"changed_by_name" text NOT NULL,
	"changed_by_kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consigner_bank_logs_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
DROP INDEX "consigners_store_email_uq";--> statement-breakpoint
ALTER TABLE "consigners" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consigners" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", ''))) STORED;--> statement-breakpoint
ALTER TABLE "consigner_bank_logs" ADD CONSTRAINT "consigner_bank_logs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consigner_bank_logs" ADD CONSTRAINT "consigner_bank_logs_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consigner_bank_logs_consigner_idx" ON "consigner_bank_logs" USING btree ("store_id","consigner_id","changed_at");--> statement-breakpoint
CREATE INDEX "consigners_store_name_idx" ON "consigners" USING btree ("store_id","first_name","last_name","id") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "consigners_store_created_idx" ON "consigners" USING btree ("store_id","created_at","id") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "consigners_search_text_trgm_idx" ON "consigners" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "consigners_store_email_uq" ON "consigners" USING btree ("store_id","email") WHERE "deleted_at" is null;