CREATE TABLE "storefront_order_sync" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"synced_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "storefront_webhooks" (
	"store_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"topic" text NOT NULL,
	"order_external_id" text,
	"refunded_lines" jsonb,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_webhooks_pkey" PRIMARY KEY("store_id","webhook_id")
);
--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "flag_message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storefront_order_sync" ADD CONSTRAINT "storefront_order_sync_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_webhooks" ADD CONSTRAINT "storefront_webhooks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_webhooks_order_idx" ON "storefront_webhooks" USING btree ("store_id","order_external_id");--> statement-breakpoint
CREATE INDEX "line_items_store_flagged_idx" ON "line_items" USING btree ("store_id","order_date","order_id","id") WHERE flag is not null;--> statement-breakpoint
-- A storefront order's line names its item by the variant id (inventory_items.shopify_id): one index probe per line.
CREATE INDEX IF NOT EXISTS "inventory_store_shopify_idx" ON "inventory_items" USING btree ("store_id","shopify_id") WHERE shopify_id is not null;
