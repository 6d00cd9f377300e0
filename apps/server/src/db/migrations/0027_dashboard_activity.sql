CREATE TABLE "inventory_stock_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"owned" bigint DEFAULT 0 NOT NULL,
	"acc_items" integer DEFAULT 0 NOT NULL,
	"acc_units" integer DEFAULT 0 NOT NULL,
	"acc_value" bigint DEFAULT 0 NOT NULL,
	"acc_owned" bigint DEFAULT 0 NOT NULL,
	"acc_bought" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_stock_days_pkey" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
DROP INDEX "inventory_logs_store_updated_idx";--> statement-breakpoint
CREATE INDEX "inventory_store_accepted_idx" ON "inventory_items" USING btree ("store_id","accepted_on");--> statement-breakpoint
CREATE INDEX "inventory_store_sold_idx" ON "inventory_items" USING btree ("store_id","sold_on");--> statement-breakpoint
CREATE INDEX "inventory_logs_store_updated_id_idx" ON "inventory_logs" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inventory_logs_store_by_updated_idx" ON "inventory_logs" USING btree ("store_id","last_updated_by_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inventory_logs_title_trgm_idx" ON "inventory_logs" USING gin ("product_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "payouts_store_paid_idx" ON "payouts" USING btree ("store_id","paid_at");--> statement-breakpoint
-- Hand-written (docs/dashboard-and-activity.md "Stock by day"): inventory_stock_days is kept by the
-- triggers below for every change of inventory_items, whoever makes it, the way inventory_product_stats
-- is (migration 0022): each statement notes its deltas, grouped by (store, UTC day of acceptedOn), in
-- the session's temporary table pg_temp.inventory_stock_days_pending; at commit one deferred trigger
-- per store adds them with one INSERT ... ON CONFLICT in key order, so transactions lock the rows they
-- change once, in one order, at commit: none waits on another before then and two cannot deadlock.
-- Sums only (no extremes), so nothing is ever read again from the items.
--
-- What a row counts for (its acceptedOn set): in stock (Active, RequestPriceChange, RequestWithdrawal,
-- WithdrawalDeclined, InTransit: domain IN_STOCK_STATUSES) -> items, units, value = price x quantity,
-- owned = a store account's cost x quantity or a bought item's total; in the books (in stock, or
-- PendingSale, Sold, Paid, Withdrawn) -> acc_*, and acc_bought = a bought item's total.
CREATE OR REPLACE FUNCTION inventory_stock_days_delta(sign int, store_id uuid, accepted_on timestamptz, status text, price int, quantity int,
    cost int, total int, buying_id uuid, payment_type text, is_store_account boolean)
  RETURNS inventory_stock_days LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(
    store_id, (accepted_on AT TIME ZONE 'UTC')::date,
    sign * (CASE WHEN s.in_stock THEN 1 ELSE 0 END),
    sign * (CASE WHEN s.in_stock THEN quantity ELSE 0 END),
    sign * (CASE WHEN s.in_stock THEN price::bigint * quantity ELSE 0 END),
    sign * (CASE WHEN s.in_stock THEN s.owned ELSE 0 END),
    sign * (CASE WHEN s.in_books THEN 1 ELSE 0 END),
    sign * (CASE WHEN s.in_books THEN quantity ELSE 0 END),
    sign * (CASE WHEN s.in_books THEN price::bigint * quantity ELSE 0 END),
    sign * (CASE WHEN s.in_books THEN s.owned ELSE 0 END),
    sign * (CASE WHEN s.in_books AND s.bought THEN total::bigint ELSE 0 END)
  )::inventory_stock_days
  FROM (SELECT
      status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit') AS in_stock,
      status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit', 'PendingSale', 'Sold', 'Paid', 'Withdrawn') AS in_books,
      (buying_id IS NOT NULL OR payment_type IS NOT NULL) AS bought,
      CASE WHEN coalesce(is_store_account, false) THEN coalesce(cost, 0)::bigint * quantity
           WHEN buying_id IS NOT NULL OR payment_type IS NOT NULL THEN total::bigint ELSE 0 END AS owned) s
$$;--> statement-breakpoint
-- At commit, once per store and transaction (the mark's insert): the pending rows, summed and added.
CREATE OR REPLACE FUNCTION inventory_stock_days_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM pg_temp.inventory_stock_days_pending WHERE store_id = NEW.store_id RETURNING *
  )
  INSERT INTO inventory_stock_days AS s (store_id, day, items, units, value, owned, acc_items, acc_units, acc_value, acc_owned, acc_bought)
    SELECT store_id, day, sum(items), sum(units), sum(value), sum(owned), sum(acc_items), sum(acc_units), sum(acc_value), sum(acc_owned), sum(acc_bought)
    FROM taken WHERE NOT mark AND day IS NOT NULL
    GROUP BY store_id, day
    HAVING sum(items) <> 0 OR sum(units) <> 0 OR sum(value) <> 0 OR sum(owned) <> 0 OR sum(acc_items) <> 0 OR sum(acc_units) <> 0
        OR sum(acc_value) <> 0 OR sum(acc_owned) <> 0 OR sum(acc_bought) <> 0
    ORDER BY store_id, day
  ON CONFLICT (store_id, day) DO UPDATE SET
    items = s.items + excluded.items, units = s.units + excluded.units, value = s.value + excluded.value, owned = s.owned + excluded.owned,
    acc_items = s.acc_items + excluded.acc_items, acc_units = s.acc_units + excluded.acc_units, acc_value = s.acc_value + excluded.acc_value,
    acc_owned = s.acc_owned + excluded.acc_owned, acc_bought = s.acc_bought + excluded.acc_bought;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A statement's deltas into the transaction's pending rows, and the store's mark (one per store and
-- transaction) whose deferred trigger adds them at commit.
CREATE OR REPLACE FUNCTION inventory_stock_days_note(deltas inventory_stock_days[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  IF to_regclass('pg_temp.inventory_stock_days_pending') IS NULL THEN
    CREATE TEMPORARY TABLE inventory_stock_days_pending (mark boolean NOT NULL, LIKE inventory_stock_days) ON COMMIT DELETE ROWS;
    ALTER TABLE pg_temp.inventory_stock_days_pending ALTER COLUMN day DROP NOT NULL;
    CREATE CONSTRAINT TRIGGER inventory_stock_days_flush AFTER INSERT ON pg_temp.inventory_stock_days_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.mark) EXECUTE FUNCTION inventory_stock_days_flush();
  END IF;
  INSERT INTO pg_temp.inventory_stock_days_pending
    SELECT false, d.* FROM unnest(deltas) d
    UNION ALL
    SELECT DISTINCT true, d.store_id, NULL::date, 0, 0, 0, 0, 0, 0, 0, 0, 0
    FROM unnest(deltas) d
    WHERE NOT EXISTS (SELECT 1 FROM pg_temp.inventory_stock_days_pending m WHERE m.mark AND m.store_id = d.store_id);
END;
$$;--> statement-breakpoint
-- The statement triggers: a row with an acceptance date counts + when it comes, - when it goes; an
-- updated row - as it was and + as it is, when anything the sums read changed.
CREATE OR REPLACE FUNCTION inventory_stock_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_days_note((
    SELECT array_agg(inventory_stock_days_delta(1, a.store_id, a.accepted_on, a.status, a.price, a.quantity, a.cost, a.total, a.buying_id, a.payment_type, c.is_store_account))
    FROM added a LEFT JOIN consigners c ON c.store_id = a.store_id AND c.id = a.consigner_id
    WHERE a.accepted_on IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_days_note((
    SELECT array_agg(inventory_stock_days_delta(-1, r.store_id, r.accepted_on, r.status, r.price, r.quantity, r.cost, r.total, r.buying_id, r.payment_type, c.is_store_account))
    FROM removed r LEFT JOIN consigners c ON c.store_id = r.store_id AND c.id = r.consigner_id
    WHERE r.accepted_on IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_days_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_days_note((
    SELECT array_agg(d) FROM (
      SELECT inventory_stock_days_delta(-1, o.store_id, o.accepted_on, o.status, o.price, o.quantity, o.cost, o.total, o.buying_id, o.payment_type, co.is_store_account) AS d
      FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
      LEFT JOIN consigners co ON co.store_id = o.store_id AND co.id = o.consigner_id
      WHERE o.accepted_on IS NOT NULL
        AND (o.accepted_on, o.status, o.price, o.quantity, o.cost, o.total, o.buying_id, o.payment_type, o.consigner_id)
            IS DISTINCT FROM (n.accepted_on, n.status, n.price, n.quantity, n.cost, n.total, n.buying_id, n.payment_type, n.consigner_id)
      UNION ALL
      SELECT inventory_stock_days_delta(1, n.store_id, n.accepted_on, n.status, n.price, n.quantity, n.cost, n.total, n.buying_id, n.payment_type, cn.is_store_account)
      FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
      LEFT JOIN consigners cn ON cn.store_id = n.store_id AND cn.id = n.consigner_id
      WHERE n.accepted_on IS NOT NULL
        AND (o.accepted_on, o.status, o.price, o.quantity, o.cost, o.total, o.buying_id, o.payment_type, o.consigner_id)
            IS DISTINCT FROM (n.accepted_on, n.status, n.price, n.quantity, n.cost, n.total, n.buying_id, n.payment_type, n.consigner_id)
    ) x));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_stock_days_inserted AFTER INSERT ON inventory_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_days_inserted();--> statement-breakpoint
CREATE TRIGGER inventory_stock_days_updated AFTER UPDATE ON inventory_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_days_updated();--> statement-breakpoint
CREATE TRIGGER inventory_stock_days_deleted AFTER DELETE ON inventory_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_days_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_days_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inventory_stock_days;
  IF to_regclass('pg_temp.inventory_stock_days_pending') IS NOT NULL THEN
    DELETE FROM pg_temp.inventory_stock_days_pending;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_stock_days_truncated AFTER TRUNCATE ON inventory_items FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_days_truncated();--> statement-breakpoint
-- The items recorded before.
INSERT INTO inventory_stock_days
  SELECT (d).* FROM (
    SELECT ROW(x.store_id, x.day, sum(x.items), sum(x.units), sum(x.value), sum(x.owned), sum(x.acc_items), sum(x.acc_units), sum(x.acc_value), sum(x.acc_owned), sum(x.acc_bought))::inventory_stock_days AS d
    FROM (
      SELECT (inventory_stock_days_delta(1, i.store_id, i.accepted_on, i.status, i.price, i.quantity, i.cost, i.total, i.buying_id, i.payment_type, c.is_store_account)).*
      FROM inventory_items i LEFT JOIN consigners c ON c.store_id = i.store_id AND c.id = i.consigner_id
      WHERE i.accepted_on IS NOT NULL
    ) x GROUP BY x.store_id, x.day
  ) g;--> statement-breakpoint
ANALYZE inventory_stock_days;
