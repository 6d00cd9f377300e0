CREATE TABLE "storefront_drift_checks" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"drifted" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "storefront_item_sync" (
	"store_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"drift" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"change_seq" integer DEFAULT 1 NOT NULL,
	"queued_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"variant_id" text,
	"inventory_item_id" text,
	"location_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_item_sync_pkey" PRIMARY KEY("store_id","inventory_id")
);
--> statement-breakpoint
ALTER TABLE "storefront_drift_checks" ADD CONSTRAINT "storefront_drift_checks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_item_sync" ADD CONSTRAINT "storefront_item_sync_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_item_sync_state_idx" ON "storefront_item_sync" USING btree ("store_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "storefront_item_sync_product_idx" ON "storefront_item_sync" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "storefront_item_sync_unqueued_idx" ON "storefront_item_sync" USING btree ("store_id","product_id") WHERE state = 'pending' and queued_at is null;--> statement-breakpoint
-- The storefront sync's outbox (docs/storefront-sync.md "Out"): a change to an item of a store whose
-- Shopify connection is on, that puts it on sale in the shop, takes it off or changes what the shop
-- shows (status, location, price, option values, product, code, deletion), marks the item pending in
-- the change's own transaction. The dispatcher queues one push job per product for what is pending.
-- On sale = status Active, RequestPriceChange, RequestWithdrawal or WithdrawalDeclined (ON_SALE_STATUSES
-- of packages/domain, checked equal by test/storefront-sync.test.ts) at a location that sells online.
CREATE OR REPLACE FUNCTION storefront_mark_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r_store uuid;
  r_id uuid;
  r_product uuid;
  online text[];
  was_on boolean := false;
  is_on boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r_store := OLD.store_id; r_id := OLD.id; r_product := OLD.product_id;
  ELSE
    r_store := NEW.store_id; r_id := NEW.id; r_product := NEW.product_id;
  END IF;
  SELECT coalesce(array_agg(l->>'location'), '{}') INTO online
    FROM store_integrations si, jsonb_array_elements(coalesce(si.settings->'locations', '[]'::jsonb)) l
    WHERE si.store_id = r_store AND si.kind = 'shopify' AND si.enabled;
  IF cardinality(online) = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    was_on := coalesce(OLD.status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined') AND OLD.location = ANY(online), false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_on := coalesce(NEW.status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined') AND NEW.location = ANY(online), false);
  END IF;
  IF NOT was_on AND NOT is_on AND NOT EXISTS (SELECT 1 FROM storefront_item_sync WHERE store_id = r_store AND inventory_id = r_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO storefront_item_sync AS s (store_id, inventory_id, product_id, state, change_seq, queued_at, updated_at)
    VALUES (r_store, r_id, r_product, 'pending', 1, NULL, now())
    ON CONFLICT (store_id, inventory_id) DO UPDATE
      SET state = 'pending', change_seq = s.change_seq + 1, queued_at = NULL, product_id = EXCLUDED.product_id, updated_at = now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_items_storefront_sync
  AFTER INSERT OR DELETE OR UPDATE OF status, location, price, option1_value, option2_value, option3_value, product_id, code
  ON inventory_items FOR EACH ROW EXECUTE FUNCTION storefront_mark_pending();
