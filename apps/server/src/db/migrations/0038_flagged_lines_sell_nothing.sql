-- Hand-written (docs/dashboard-and-activity.md "Revenue, cost and profit: one definition"). A line
-- flagged when its order came in (its item was not available, unknown, or ordered twice) moved no item
-- and wrote no ledger entry: the shop sold nothing through it, so it counts in no sum of the
-- dashboard. Lines flagged later (cancelled or refunded after payout) keep counting: their item was
-- sold and its consigner paid.
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
  -- a line flagged as moving no item (unavailable, unknown, ordered twice) sold nothing of the shop's
  NEW.order_counts := coalesce(o.financial_status = 'paid' AND o.status = 'open', false)
    AND coalesce(NEW.flag NOT IN ('unavailable', 'unknown_variant', 'duplicate_line'), true);
  IF TG_OP = 'INSERT' OR NEW.inventory_id IS DISTINCT FROM OLD.inventory_id
     OR (NEW.cost IS NULL AND NEW.inventory_id IS NOT NULL AND item_cost IS NOT NULL) THEN
    NEW.cost := item_cost;
    NEW.consigner_id := item_consigner;
  END IF;
  NEW.search_text := lower(concat_ws(' ', o.name, o.customer ->> 'first_name', o.customer ->> 'last_name', o.customer ->> 'email', o.customer ->> 'phone', NEW.title, NEW.sku, item_code));
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Backfill: the flagged lines recount; the statement triggers of migration 0030 move the per-day sums.
UPDATE line_items SET flag = flag WHERE flag IN ('unavailable', 'unknown_variant', 'duplicate_line');
