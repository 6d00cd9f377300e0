-- Hand-written (docs/dashboard-and-activity.md "Sales by day" and "Stock by day"): the dashboard's
-- sales and the stock that left are read from per-day sums kept by triggers, so a period of any length
-- reads a few hundred rows instead of every line and item of the period (issue 15: p95 under 150 ms
-- over 1,000,000 items and 100,000 orders).
--
-- 1. A line carries what its item cost the shop and whose it was, copied once when the line is written
--    (locked at the sale like the fees are locked at intake), and whether its order counts as a sale
--    (paid and standing), copied whenever the order changes.
ALTER TABLE "line_items" ADD COLUMN "cost" bigint;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "consigner_id" uuid;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "order_counts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION line_items_denormalise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  item_code text;
  item_cost bigint;
  item_consigner uuid;
BEGIN
  SELECT order_date, name, customer, financial_status, status INTO o FROM orders WHERE store_id = NEW.store_id AND id = NEW.order_id;
  IF NEW.inventory_id IS NOT NULL THEN
    -- What the item cost the shop: a store account's item its cost, any other what its consigner gets.
    SELECT i.code, CASE WHEN c.is_store_account THEN coalesce(i.cost, 0)::bigint * i.quantity ELSE i.total::bigint END, i.consigner_id
      INTO item_code, item_cost, item_consigner
      FROM inventory_items i LEFT JOIN consigners c ON c.store_id = i.store_id AND c.id = i.consigner_id
      WHERE i.store_id = NEW.store_id AND i.id = NEW.inventory_id;
  END IF;
  NEW.order_date := coalesce(o.order_date, NEW.order_date);
  NEW.order_counts := coalesce(o.financial_status = 'paid' AND o.status = 'open', false);
  IF TG_OP = 'INSERT' OR NEW.inventory_id IS DISTINCT FROM OLD.inventory_id THEN
    NEW.cost := item_cost;
    NEW.consigner_id := item_consigner;
  END IF;
  NEW.search_text := lower(concat_ws(' ', o.name, o.customer ->> 'first_name', o.customer ->> 'last_name', o.customer ->> 'email', o.customer ->> 'phone', NEW.title, NEW.sku, item_code));
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_line_items_sync ON orders;--> statement-breakpoint
CREATE TRIGGER orders_line_items_sync AFTER UPDATE OF order_date, name, customer, financial_status, status ON orders FOR EACH ROW
  WHEN (OLD.order_date IS DISTINCT FROM NEW.order_date OR OLD.name IS DISTINCT FROM NEW.name OR OLD.customer IS DISTINCT FROM NEW.customer
    OR OLD.financial_status IS DISTINCT FROM NEW.financial_status OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION orders_line_items_sync();--> statement-breakpoint
UPDATE line_items li SET
    order_counts = coalesce((SELECT o.financial_status = 'paid' AND o.status = 'open' FROM orders o WHERE o.store_id = li.store_id AND o.id = li.order_id), false),
    (cost, consigner_id) = (
      SELECT CASE WHEN c.is_store_account THEN coalesce(i.cost, 0)::bigint * i.quantity ELSE i.total::bigint END, i.consigner_id
      FROM inventory_items i LEFT JOIN consigners c ON c.store_id = i.store_id AND c.id = i.consigner_id
      WHERE i.store_id = li.store_id AND i.id = li.inventory_id);--> statement-breakpoint
-- 2. sales_days: per store and UTC day of the order, the sales, cost and units of active lines of
--    counting orders; consigner_sales_days the same per consigner (top consigners). Kept as
--    inventory_stock_days is (migration 0027): each statement on line_items notes its deltas in the
--    session's temporary table, and at commit one deferred trigger per store adds them, in key order.
CREATE TABLE "sales_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_pkey" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "consigner_sales_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"consigner_id" uuid NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consigner_sales_days_pkey" PRIMARY KEY("store_id","day","consigner_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_days_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM pg_temp.sales_days_pending WHERE store_id = NEW.store_id RETURNING *
  ), shop AS (
    INSERT INTO sales_days AS s (store_id, day, sales, cost, units)
      SELECT store_id, day, sum(sales), sum(cost), sum(units) FROM taken WHERE NOT mark
      GROUP BY store_id, day HAVING sum(sales) <> 0 OR sum(cost) <> 0 OR sum(units) <> 0
      ORDER BY store_id, day
    ON CONFLICT (store_id, day) DO UPDATE SET sales = s.sales + excluded.sales, cost = s.cost + excluded.cost, units = s.units + excluded.units
  )
  INSERT INTO consigner_sales_days AS s (store_id, day, consigner_id, sales, units)
    SELECT store_id, day, consigner_id, sum(sales), sum(units) FROM taken WHERE NOT mark AND consigner_id IS NOT NULL
    GROUP BY store_id, day, consigner_id HAVING sum(sales) <> 0 OR sum(units) <> 0
    ORDER BY store_id, day, consigner_id
  ON CONFLICT (store_id, day, consigner_id) DO UPDATE SET sales = s.sales + excluded.sales, units = s.units + excluded.units;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A statement's lines (sign +1 or -1) into the pending rows, and the store's mark for the commit.
CREATE OR REPLACE FUNCTION sales_days_note(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF deltas IS NULL THEN
    RETURN;
  END IF;
  IF to_regclass('pg_temp.sales_days_pending') IS NULL THEN
    CREATE TEMPORARY TABLE sales_days_pending (mark boolean NOT NULL, store_id uuid NOT NULL, day date, consigner_id uuid,
      sales bigint NOT NULL, cost bigint NOT NULL, units integer NOT NULL) ON COMMIT DELETE ROWS;
    CREATE CONSTRAINT TRIGGER sales_days_flush AFTER INSERT ON pg_temp.sales_days_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.mark) EXECUTE FUNCTION sales_days_flush();
  END IF;
  INSERT INTO pg_temp.sales_days_pending
    SELECT false, d.store_id, d.day, d.consigner_id, d.sales, d.cost, d.units
    FROM jsonb_to_recordset(deltas) AS d(store_id uuid, day date, consigner_id uuid, sales bigint, cost bigint, units integer)
    UNION ALL
    SELECT DISTINCT true, d.store_id, NULL::date, NULL::uuid, 0, 0, 0
    FROM jsonb_to_recordset(deltas) AS d(store_id uuid)
    WHERE NOT EXISTS (SELECT 1 FROM pg_temp.sales_days_pending m WHERE m.mark AND m.store_id = d.store_id);
END;
$$;--> statement-breakpoint
-- A line counts while it is active and its order is paid and standing; an update counts - as it was
-- and + as it is, when anything the sums read changed.
CREATE OR REPLACE FUNCTION sales_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_note((
    SELECT jsonb_agg(jsonb_build_object('store_id', store_id, 'day', (order_date AT TIME ZONE 'UTC')::date, 'consigner_id', consigner_id,
      'sales', price::bigint * quantity, 'cost', coalesce(cost, 0), 'units', quantity))
    FROM added WHERE active AND order_counts));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_note((
    SELECT jsonb_agg(jsonb_build_object('store_id', store_id, 'day', (order_date AT TIME ZONE 'UTC')::date, 'consigner_id', consigner_id,
      'sales', -(price::bigint * quantity), 'cost', -coalesce(cost, 0), 'units', -quantity))
    FROM removed WHERE active AND order_counts));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_days_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_note((
    SELECT jsonb_agg(d) FROM (
      SELECT jsonb_build_object('store_id', o.store_id, 'day', (o.order_date AT TIME ZONE 'UTC')::date, 'consigner_id', o.consigner_id,
        'sales', -(o.price::bigint * o.quantity), 'cost', -coalesce(o.cost, 0), 'units', -o.quantity) AS d
      FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
      WHERE o.active AND o.order_counts
        AND (o.active, o.order_counts, o.order_date, o.price, o.quantity, o.cost, o.consigner_id)
            IS DISTINCT FROM (n.active, n.order_counts, n.order_date, n.price, n.quantity, n.cost, n.consigner_id)
      UNION ALL
      SELECT jsonb_build_object('store_id', n.store_id, 'day', (n.order_date AT TIME ZONE 'UTC')::date, 'consigner_id', n.consigner_id,
        'sales', n.price::bigint * n.quantity, 'cost', coalesce(n.cost, 0), 'units', n.quantity)
      FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
      WHERE n.active AND n.order_counts
        AND (o.active, o.order_counts, o.order_date, o.price, o.quantity, o.cost, o.consigner_id)
            IS DISTINCT FROM (n.active, n.order_counts, n.order_date, n.price, n.quantity, n.cost, n.consigner_id)
    ) x));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_days_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days;
  DELETE FROM consigner_sales_days;
  IF to_regclass('pg_temp.sales_days_pending') IS NOT NULL THEN
    DELETE FROM pg_temp.sales_days_pending;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sales_days_inserted AFTER INSERT ON line_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION sales_days_inserted();--> statement-breakpoint
CREATE TRIGGER sales_days_updated AFTER UPDATE ON line_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION sales_days_updated();--> statement-breakpoint
CREATE TRIGGER sales_days_deleted AFTER DELETE ON line_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION sales_days_deleted();--> statement-breakpoint
CREATE TRIGGER sales_days_truncated AFTER TRUNCATE ON line_items FOR EACH STATEMENT EXECUTE FUNCTION sales_days_truncated();--> statement-breakpoint
INSERT INTO sales_days (store_id, day, sales, cost, units)
  SELECT store_id, (order_date AT TIME ZONE 'UTC')::date, sum(price::bigint * quantity), sum(coalesce(cost, 0)), sum(quantity)
  FROM line_items WHERE active AND order_counts GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO consigner_sales_days (store_id, day, consigner_id, sales, units)
  SELECT store_id, (order_date AT TIME ZONE 'UTC')::date, consigner_id, sum(price::bigint * quantity), sum(quantity)
  FROM line_items WHERE active AND order_counts AND consigner_id IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
-- 3. inventory_stock_days also keeps what left the stock, by UTC day of leaving (an item accepted and
--    now sold: its soldOn; withdrawn: withdrawalAcceptedOn, else updatedAt): units, value and owned
--    cost, and what is still owed to consigners for items Sold that day (pending). An item's change
--    may now touch two days (its acceptance day and its leaving day), so a change is a set of rows.
ALTER TABLE "inventory_stock_days" ADD COLUMN "left_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_stock_days" ADD COLUMN "left_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_stock_days" ADD COLUMN "left_owned" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_stock_days" ADD COLUMN "pending" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_left_on(status text, sold_on timestamptz, withdrawal_accepted_on timestamptz, updated_at timestamptz)
  RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('PendingSale', 'Sold', 'Paid') THEN sold_on
              WHEN status = 'Withdrawn' THEN coalesce(withdrawal_accepted_on, updated_at) END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS inventory_stock_days_delta(int, uuid, timestamptz, text, int, int, int, int, uuid, text, boolean);--> statement-breakpoint
-- The rows an item (accepted) counts in, signed: its acceptance day (stock and books, as in 0027) and
-- the day it left, if it did.
CREATE OR REPLACE FUNCTION inventory_stock_day_rows(sign int, store_id uuid, accepted_on timestamptz, status text, price int, quantity int,
    cost int, total int, buying_id uuid, payment_type text, is_store_account boolean, left_on timestamptz)
  RETURNS SETOF inventory_stock_days LANGUAGE sql IMMUTABLE AS $$
  WITH s AS (SELECT
      status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit') AS in_stock,
      status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit', 'PendingSale', 'Sold', 'Paid', 'Withdrawn') AS in_books,
      (buying_id IS NOT NULL OR payment_type IS NOT NULL) AS bought,
      CASE WHEN coalesce(is_store_account, false) THEN coalesce(cost, 0)::bigint * quantity
           WHEN buying_id IS NOT NULL OR payment_type IS NOT NULL THEN total::bigint ELSE 0 END AS owned)
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
    sign * (CASE WHEN s.in_books AND s.bought THEN total::bigint ELSE 0 END),
    0, 0, 0, 0
  )::inventory_stock_days FROM s
  UNION ALL
  SELECT ROW(
    store_id, (left_on AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    sign * quantity, sign * price::bigint * quantity, sign * s.owned,
    -- owed to a consigner: Sold (not paid yet), neither the shop's own nor bought
    sign * (CASE WHEN status = 'Sold' AND NOT coalesce(is_store_account, false) AND NOT s.bought THEN coalesce(total, 0)::bigint ELSE 0 END)
  )::inventory_stock_days FROM s WHERE left_on IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_days_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM pg_temp.inventory_stock_days_pending WHERE store_id = NEW.store_id RETURNING *
  )
  INSERT INTO inventory_stock_days AS s (store_id, day, items, units, value, owned, acc_items, acc_units, acc_value, acc_owned, acc_bought,
      left_units, left_value, left_owned, pending)
    SELECT store_id, day, sum(items), sum(units), sum(value), sum(owned), sum(acc_items), sum(acc_units), sum(acc_value), sum(acc_owned), sum(acc_bought),
      sum(left_units), sum(left_value), sum(left_owned), sum(pending)
    FROM taken WHERE NOT mark AND day IS NOT NULL
    GROUP BY store_id, day
    HAVING sum(items) <> 0 OR sum(units) <> 0 OR sum(value) <> 0 OR sum(owned) <> 0 OR sum(acc_items) <> 0 OR sum(acc_units) <> 0
        OR sum(acc_value) <> 0 OR sum(acc_owned) <> 0 OR sum(acc_bought) <> 0
        OR sum(left_units) <> 0 OR sum(left_value) <> 0 OR sum(left_owned) <> 0 OR sum(pending) <> 0
    ORDER BY store_id, day
  ON CONFLICT (store_id, day) DO UPDATE SET
    items = s.items + excluded.items, units = s.units + excluded.units, value = s.value + excluded.value, owned = s.owned + excluded.owned,
    acc_items = s.acc_items + excluded.acc_items, acc_units = s.acc_units + excluded.acc_units, acc_value = s.acc_value + excluded.acc_value,
    acc_owned = s.acc_owned + excluded.acc_owned, acc_bought = s.acc_bought + excluded.acc_bought,
    left_units = s.left_units + excluded.left_units, left_value = s.left_value + excluded.left_value,
    left_owned = s.left_owned + excluded.left_owned, pending = s.pending + excluded.pending;
  RETURN NULL;
END;
$$;--> statement-breakpoint
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
    SELECT DISTINCT true, d.store_id, NULL::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    FROM unnest(deltas) d
    WHERE NOT EXISTS (SELECT 1 FROM pg_temp.inventory_stock_days_pending m WHERE m.mark AND m.store_id = d.store_id);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_days_note((
    SELECT array_agg(d)
    FROM added a LEFT JOIN consigners c ON c.store_id = a.store_id AND c.id = a.consigner_id
    CROSS JOIN LATERAL inventory_stock_day_rows(1, a.store_id, a.accepted_on, a.status, a.price, a.quantity, a.cost, a.total, a.buying_id, a.payment_type,
      c.is_store_account, inventory_left_on(a.status, a.sold_on, a.withdrawal_accepted_on, a.updated_at)) d
    WHERE a.accepted_on IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_days_note((
    SELECT array_agg(d)
    FROM removed r LEFT JOIN consigners c ON c.store_id = r.store_id AND c.id = r.consigner_id
    CROSS JOIN LATERAL inventory_stock_day_rows(-1, r.store_id, r.accepted_on, r.status, r.price, r.quantity, r.cost, r.total, r.buying_id, r.payment_type,
      c.is_store_account, inventory_left_on(r.status, r.sold_on, r.withdrawal_accepted_on, r.updated_at)) d
    WHERE r.accepted_on IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update counts only when something the sums read changed: updatedAt only through the leaving day
-- of a withdrawn item without its acceptance date.
CREATE OR REPLACE FUNCTION inventory_stock_days_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_days_note((
    SELECT array_agg(d.dr) FROM (
      SELECT o.store_id AS o_store, o.accepted_on AS o_acc, o.status AS o_status, o.price AS o_price, o.quantity AS o_qty, o.cost AS o_cost, o.total AS o_total,
        o.buying_id AS o_buying, o.payment_type AS o_pay, o.consigner_id AS o_cons,
        inventory_left_on(o.status, o.sold_on, o.withdrawal_accepted_on, o.updated_at) AS o_left,
        n.store_id AS n_store, n.accepted_on AS n_acc, n.status AS n_status, n.price AS n_price, n.quantity AS n_qty, n.cost AS n_cost, n.total AS n_total,
        n.buying_id AS n_buying, n.payment_type AS n_pay, n.consigner_id AS n_cons,
        inventory_left_on(n.status, n.sold_on, n.withdrawal_accepted_on, n.updated_at) AS n_left
      FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
    ) ch
    LEFT JOIN consigners co ON co.store_id = ch.o_store AND co.id = ch.o_cons
    LEFT JOIN consigners cn ON cn.store_id = ch.n_store AND cn.id = ch.n_cons
    CROSS JOIN LATERAL (
      SELECT r AS dr FROM inventory_stock_day_rows(-1, ch.o_store, ch.o_acc, ch.o_status, ch.o_price, ch.o_qty, ch.o_cost, ch.o_total, ch.o_buying, ch.o_pay, co.is_store_account, ch.o_left) r
      WHERE ch.o_acc IS NOT NULL
      UNION ALL
      SELECT r FROM inventory_stock_day_rows(1, ch.n_store, ch.n_acc, ch.n_status, ch.n_price, ch.n_qty, ch.n_cost, ch.n_total, ch.n_buying, ch.n_pay, cn.is_store_account, ch.n_left) r
      WHERE ch.n_acc IS NOT NULL
    ) d
    WHERE (ch.o_acc, ch.o_status, ch.o_price, ch.o_qty, ch.o_cost, ch.o_total, ch.o_buying, ch.o_pay, ch.o_cons, ch.o_left)
      IS DISTINCT FROM (ch.n_acc, ch.n_status, ch.n_price, ch.n_qty, ch.n_cost, ch.n_total, ch.n_buying, ch.n_pay, ch.n_cons, ch.n_left)));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The items recorded before, counted again with what left.
DELETE FROM inventory_stock_days;--> statement-breakpoint
INSERT INTO inventory_stock_days
  SELECT x.store_id, x.day, sum(x.items), sum(x.units), sum(x.value), sum(x.owned), sum(x.acc_items), sum(x.acc_units), sum(x.acc_value), sum(x.acc_owned), sum(x.acc_bought),
    sum(x.left_units), sum(x.left_value), sum(x.left_owned), sum(x.pending)
  FROM inventory_items i LEFT JOIN consigners c ON c.store_id = i.store_id AND c.id = i.consigner_id
  CROSS JOIN LATERAL inventory_stock_day_rows(1, i.store_id, i.accepted_on, i.status, i.price, i.quantity, i.cost, i.total, i.buying_id, i.payment_type,
    c.is_store_account, inventory_left_on(i.status, i.sold_on, i.withdrawal_accepted_on, i.updated_at)) x
  WHERE i.accepted_on IS NOT NULL
  GROUP BY x.store_id, x.day;--> statement-breakpoint
ANALYZE inventory_stock_days;--> statement-breakpoint
ANALYZE sales_days;--> statement-breakpoint
ANALYZE consigner_sales_days;
