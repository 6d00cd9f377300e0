CREATE TABLE "ledger_entries" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"inventory_id" uuid,
	"order_id" uuid,
	"payout_id" uuid,
	"memo" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"store_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "payout_items_pkey" PRIMARY KEY("store_id","inventory_id")
);
--> statement-breakpoint
CREATE TABLE "store_integrations" (
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"synced_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_integrations_pkey" PRIMARY KEY("store_id","kind")
);
--> statement-breakpoint
ALTER TABLE "cheques" ADD COLUMN "sequence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cheques" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "cheques" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'counter' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "undone_by_name" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_fk" FOREIGN KEY ("store_id","payout_id") REFERENCES "public"."payouts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_integrations" ADD CONSTRAINT "store_integrations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_consigner_idx" ON "ledger_entries" USING btree ("store_id","consigner_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("store_id","payout_id");--> statement-breakpoint
CREATE INDEX "payout_items_payout_idx" ON "payout_items" USING btree ("store_id","payout_id","consigner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_items_open_inventory_uq" ON "line_items" USING btree ("store_id","inventory_id") WHERE active and inventory_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_source_external_uq" ON "orders" USING btree ("store_id","source","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_name_uq" ON "orders" USING btree ("store_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_store_name_uq" ON "payouts" USING btree ("store_id","name");--> statement-breakpoint
-- Hand-written: the ledger is append-only. An entry is corrected by a reversing entry, never changed.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: add a reversing entry instead' USING ERRCODE = 'raise_exception';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- Orders that came from the storefront before sources existed.
UPDATE orders SET source = 'shopify' WHERE shopify_id IS NOT NULL;--> statement-breakpoint
-- The items of existing payouts, with what they paid.
INSERT INTO payout_items (store_id, payout_id, inventory_id, consigner_id, amount)
  SELECT store_id, payout_id, id, consigner_id, total FROM inventory_items WHERE payout_id IS NOT NULL;--> statement-breakpoint
-- The ledger of existing sales, fees, payouts and early-withdrawal fees (money the consigner was owed
-- and paid before the ledger existed), dated when they happened.
INSERT INTO ledger_entries (store_id, consigner_id, kind, amount, inventory_id, order_id, created_at)
  SELECT store_id, consigner_id, 'sale', price * quantity, id, order_id, COALESCE(sold_on, updated_at)
  FROM inventory_items WHERE status IN ('Sold', 'Paid');--> statement-breakpoint
INSERT INTO ledger_entries (store_id, consigner_id, kind, amount, inventory_id, order_id, created_at)
  SELECT store_id, consigner_id, 'fee', total - price * quantity, id, order_id, COALESCE(sold_on, updated_at)
  FROM inventory_items WHERE status IN ('Sold', 'Paid') AND total <> price * quantity;--> statement-breakpoint
INSERT INTO ledger_entries (store_id, consigner_id, kind, amount, inventory_id, payout_id, created_at)
  SELECT i.store_id, i.consigner_id, 'payout', -i.total, i.id, i.payout_id, COALESCE(p.paid_at, p.created_at)
  FROM inventory_items i JOIN payouts p ON p.id = i.payout_id AND p.store_id = i.store_id
  WHERE i.status = 'Paid';--> statement-breakpoint
INSERT INTO ledger_entries (store_id, consigner_id, kind, amount, inventory_id, created_at)
  SELECT store_id, consigner_id, 'withdrawal_fee', -withdrawal_fee, id, COALESCE(withdrawal_accepted_on, updated_at)
  FROM inventory_items WHERE withdrawal_fee > 0;
