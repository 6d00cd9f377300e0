-- Hand-written (docs/dashboard-and-activity.md "Revenue, cost and profit: one definition"). A line's
-- cost (what its item cost the shop) was copied by line_items_denormalise only when the line was
-- inserted or pointed at another item. A line written before its item (the demo seed, an import that
-- writes its lines first) kept cost and consigner NULL for good: its sales counted in Revenue with a
-- cost of 0, so Profit equalled Revenue, and the consigner was missing from Top consigners.
--
-- The definition (unchanged, now held for every line): a consigned item costs what its consigner is
-- paid (its total = payout x quantity); an item the store bought costs what the store paid (its total,
-- the agreed price); a store account's item costs its cost x quantity. A line without an item costs 0.
--
-- 1. The trigger also copies cost and consigner when the line has none yet and its item is found
--    (any later write of the line, e.g. the seed's touch once its items exist).
CREATE OR REPLACE FUNCTION line_items_denormalise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  item_code text;
  item_cost bigint;
  item_consigner uuid;
BEGIN
  SELECT order_date, name, customer, financial_status, status INTO o FROM orders WHERE store_id = NEW.store_id AND id = NEW.order_id;
  IF NEW.inventory_id IS NOT NULL THEN
    SELECT i.code, CASE WHEN c.is_store_account THEN coalesce(i.cost, 0)::bigint * i.quantity ELSE i.total::bigint END, i.consigner_id
      INTO item_code, item_cost, item_consigner
      FROM inventory_items i LEFT JOIN consigners c ON c.store_id = i.store_id AND c.id = i.consigner_id
      WHERE i.store_id = NEW.store_id AND i.id = NEW.inventory_id;
  END IF;
  NEW.order_date := coalesce(o.order_date, NEW.order_date);
  NEW.order_counts := coalesce(o.financial_status = 'paid' AND o.status = 'open', false);
  IF TG_OP = 'INSERT' OR NEW.inventory_id IS DISTINCT FROM OLD.inventory_id
     OR (NEW.cost IS NULL AND NEW.inventory_id IS NOT NULL AND item_cost IS NOT NULL) THEN
    NEW.cost := item_cost;
    NEW.consigner_id := item_consigner;
  END IF;
  NEW.search_text := lower(concat_ws(' ', o.name, o.customer ->> 'first_name', o.customer ->> 'last_name', o.customer ->> 'email', o.customer ->> 'phone', NEW.title, NEW.sku, item_code));
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- 2. Backfill: every line of an item that has no cost yet takes it now. The statement triggers of
--    migration 0030 move the per-day sums (sales_days, consigner_sales_days) by the difference at
--    commit, as for any other change of a line.
UPDATE line_items SET inventory_id = inventory_id WHERE cost IS NULL AND inventory_id IS NOT NULL;
--> statement-breakpoint
-- 3. The storefront lists exactly what the shop sells now (docs/storefront-sync.md "Sellable now"):
--    SELLABLE_NOW_STATUSES of packages/domain (sellable.ts), Active only. An item with a price or
--    withdrawal request waiting was listed while every sale path refused it. The sync trigger marks an
--    item leaving Active for the push, which takes its variant out of the shop.
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
    was_on := coalesce(OLD.status IN ('Active') AND OLD.location = ANY(online), false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_on := coalesce(NEW.status IN ('Active') AND NEW.location = ANY(online), false);
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
$$;--> statement-breakpoint
-- Items listed today in a status no longer on sale: pending, so the next push withdraws them.
UPDATE storefront_item_sync s SET state = 'pending', change_seq = s.change_seq + 1, queued_at = NULL, updated_at = now()
  FROM inventory_items i
  WHERE i.store_id = s.store_id AND i.id = s.inventory_id AND i.status IN ('RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined');
