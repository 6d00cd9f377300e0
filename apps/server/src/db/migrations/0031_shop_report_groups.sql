CREATE TABLE "inventory_stock_groups" (
	"store_id" uuid NOT NULL,
	"location" text NOT NULL,
	"category" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_stock_groups_pkey" PRIMARY KEY("store_id","location","category")
);
--> statement-breakpoint
CREATE TABLE "inventory_request_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"price_requests" integer DEFAULT 0 NOT NULL,
	"withdrawal_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_request_days_pkey" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
-- Hand-written (docs/dashboard-and-activity.md "Shop report"): two small tables the shop report reads
-- instead of the items, kept by the statement triggers below for every change of inventory_items,
-- whoever makes it, the way inventory_stock_days is (migration 0027): each statement notes its deltas
-- in a temporary table of the session; at commit one deferred trigger per store and table adds them
-- with one INSERT ... ON CONFLICT in key order (no waits before commit, no deadlocks, nothing read back
-- from the items).
--
-- inventory_stock_groups: the stock now (Active, RequestPriceChange, RequestWithdrawal,
-- WithdrawalDeclined, InTransit: domain IN_STOCK_STATUSES, acceptance date or not) by location and
-- category ('' for none, as the consigner report groups them): items, units, value = price x quantity.
-- A group emptied at commit is deleted, so renamed locations and categories leave nothing behind.
-- Keys are cut to 300 characters (inputs allow 200): a btree entry must stay under 2,704 bytes.
CREATE OR REPLACE FUNCTION inventory_stock_groups_delta(sign int, store_id uuid, location text, category text, status text, price int, quantity int)
  RETURNS inventory_stock_groups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(store_id, left(coalesce(location, ''), 300), left(coalesce(category, ''), 300), sign, sign * quantity, sign * price::bigint * quantity)::inventory_stock_groups
  WHERE status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit')
$$;--> statement-breakpoint
-- At commit, once per store and transaction (the mark's insert): the pending rows, summed and added;
-- then the groups this left empty (locked by the insert already: no new waits) are deleted.
CREATE OR REPLACE FUNCTION inventory_stock_groups_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  locs text[];
  cats text[];
BEGIN
  WITH taken AS (
    DELETE FROM pg_temp.inventory_stock_groups_pending WHERE store_id = NEW.store_id RETURNING *
  ), added AS (
    INSERT INTO inventory_stock_groups AS s (store_id, location, category, items, units, value)
      SELECT store_id, location, category, sum(items), sum(units), sum(value)
      FROM taken WHERE NOT mark
      GROUP BY store_id, location, category
      HAVING sum(items) <> 0 OR sum(units) <> 0 OR sum(value) <> 0
      ORDER BY store_id, location, category
    ON CONFLICT (store_id, location, category) DO UPDATE SET
      items = s.items + excluded.items, units = s.units + excluded.units, value = s.value + excluded.value
    RETURNING s.location, s.category, s.items, s.units, s.value
  )
  SELECT array_agg(location), array_agg(category) INTO locs, cats FROM added WHERE items = 0 AND units = 0 AND value = 0;
  IF locs IS NOT NULL THEN
    DELETE FROM inventory_stock_groups g USING unnest(locs, cats) AS e(location, category)
    WHERE g.store_id = NEW.store_id AND g.location = e.location AND g.category = e.category AND g.items = 0 AND g.units = 0 AND g.value = 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A statement's deltas into the transaction's pending rows, and the store's mark (one per store and
-- transaction) whose deferred trigger adds them at commit.
CREATE OR REPLACE FUNCTION inventory_stock_groups_note(deltas inventory_stock_groups[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  IF to_regclass('pg_temp.inventory_stock_groups_pending') IS NULL THEN
    CREATE TEMPORARY TABLE inventory_stock_groups_pending (mark boolean NOT NULL, LIKE inventory_stock_groups) ON COMMIT DELETE ROWS;
    CREATE CONSTRAINT TRIGGER inventory_stock_groups_flush AFTER INSERT ON pg_temp.inventory_stock_groups_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.mark) EXECUTE FUNCTION inventory_stock_groups_flush();
  END IF;
  INSERT INTO pg_temp.inventory_stock_groups_pending
    SELECT false, d.* FROM unnest(deltas) d
    UNION ALL
    SELECT DISTINCT true, d.store_id, '', '', 0, 0, 0
    FROM unnest(deltas) d
    WHERE NOT EXISTS (SELECT 1 FROM pg_temp.inventory_stock_groups_pending m WHERE m.mark AND m.store_id = d.store_id);
END;
$$;--> statement-breakpoint
-- The statement triggers: a row in stock counts + when it comes, - when it goes; an updated row - as
-- it was and + as it is, when anything the sums read changed. Summed by group in the statement, so a
-- bulk statement notes a row per group it touched, not one per item.
CREATE OR REPLACE FUNCTION inventory_stock_groups_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_groups_note((
    SELECT array_agg(ROW(d.store_id, d.location, d.category, d.items, d.units, d.value)::inventory_stock_groups)
    FROM (SELECT x.store_id, x.location, x.category, sum(x.items)::int AS items, sum(x.units)::int AS units, sum(x.value)::bigint AS value
          FROM added a CROSS JOIN LATERAL inventory_stock_groups_delta(1, a.store_id, a.location, a.category, a.status, a.price, a.quantity) x
          WHERE x.store_id IS NOT NULL GROUP BY 1, 2, 3) d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_groups_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_groups_note((
    SELECT array_agg(ROW(d.store_id, d.location, d.category, d.items, d.units, d.value)::inventory_stock_groups)
    FROM (SELECT x.store_id, x.location, x.category, sum(x.items)::int AS items, sum(x.units)::int AS units, sum(x.value)::bigint AS value
          FROM removed r CROSS JOIN LATERAL inventory_stock_groups_delta(-1, r.store_id, r.location, r.category, r.status, r.price, r.quantity) x
          WHERE x.store_id IS NOT NULL GROUP BY 1, 2, 3) d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_stock_groups_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_stock_groups_note((
    SELECT array_agg(ROW(d.store_id, d.location, d.category, d.items, d.units, d.value)::inventory_stock_groups)
    FROM (SELECT x.store_id, x.location, x.category, sum(x.items)::int AS items, sum(x.units)::int AS units, sum(x.value)::bigint AS value
          FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
          CROSS JOIN LATERAL (
            SELECT * FROM inventory_stock_groups_delta(-1, o.store_id, o.location, o.category, o.status, o.price, o.quantity)
            UNION ALL
            SELECT * FROM inventory_stock_groups_delta(1, n.store_id, n.location, n.category, n.status, n.price, n.quantity)
          ) x
          WHERE x.store_id IS NOT NULL
            AND (o.location, o.category, o.status, o.price, o.quantity) IS DISTINCT FROM (n.location, n.category, n.status, n.price, n.quantity)
          GROUP BY 1, 2, 3
          HAVING sum(x.items) <> 0 OR sum(x.units) <> 0 OR sum(x.value) <> 0) d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_stock_groups_inserted AFTER INSERT ON inventory_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_groups_inserted();--> statement-breakpoint
CREATE TRIGGER inventory_stock_groups_updated AFTER UPDATE ON inventory_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_groups_updated();--> statement-breakpoint
CREATE TRIGGER inventory_stock_groups_deleted AFTER DELETE ON inventory_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_stock_groups_deleted();--> statement-breakpoint
--
-- inventory_request_days: per store and UTC day, how many items entered RequestPriceChange and
-- RequestWithdrawal (an insert in one of them, or an update from another status). Events, not
-- stock: an item that leaves the status or is deleted keeps its request counted. The day is the one
-- the change stamps on the item (updated_at, which every write of the app sets), or the transaction's
-- time when a statement leaves updated_at as it was.
CREATE OR REPLACE FUNCTION inventory_request_days_delta(store_id uuid, status text, at timestamptz)
  RETURNS inventory_request_days LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(store_id, (at AT TIME ZONE 'UTC')::date,
    CASE WHEN status = 'RequestPriceChange' THEN 1 ELSE 0 END,
    CASE WHEN status = 'RequestWithdrawal' THEN 1 ELSE 0 END)::inventory_request_days
  WHERE status IN ('RequestPriceChange', 'RequestWithdrawal')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_request_days_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM pg_temp.inventory_request_days_pending WHERE store_id = NEW.store_id RETURNING *
  )
  INSERT INTO inventory_request_days AS s (store_id, day, price_requests, withdrawal_requests)
    SELECT store_id, day, sum(price_requests), sum(withdrawal_requests)
    FROM taken WHERE NOT mark AND day IS NOT NULL
    GROUP BY store_id, day
    ORDER BY store_id, day
  ON CONFLICT (store_id, day) DO UPDATE SET
    price_requests = s.price_requests + excluded.price_requests, withdrawal_requests = s.withdrawal_requests + excluded.withdrawal_requests;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_request_days_note(deltas inventory_request_days[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  IF to_regclass('pg_temp.inventory_request_days_pending') IS NULL THEN
    CREATE TEMPORARY TABLE inventory_request_days_pending (mark boolean NOT NULL, LIKE inventory_request_days) ON COMMIT DELETE ROWS;
    ALTER TABLE pg_temp.inventory_request_days_pending ALTER COLUMN day DROP NOT NULL;
    CREATE CONSTRAINT TRIGGER inventory_request_days_flush AFTER INSERT ON pg_temp.inventory_request_days_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.mark) EXECUTE FUNCTION inventory_request_days_flush();
  END IF;
  INSERT INTO pg_temp.inventory_request_days_pending
    SELECT false, d.* FROM unnest(deltas) d
    UNION ALL
    SELECT DISTINCT true, d.store_id, NULL::date, 0, 0
    FROM unnest(deltas) d
    WHERE NOT EXISTS (SELECT 1 FROM pg_temp.inventory_request_days_pending m WHERE m.mark AND m.store_id = d.store_id);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_request_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_request_days_note((
    SELECT array_agg(ROW(d.store_id, d.day, d.p, d.w)::inventory_request_days)
    FROM (SELECT x.store_id, x.day, sum(x.price_requests)::int AS p, sum(x.withdrawal_requests)::int AS w
          FROM added a CROSS JOIN LATERAL inventory_request_days_delta(a.store_id, a.status, coalesce(a.updated_at, now())) x
          WHERE x.store_id IS NOT NULL GROUP BY 1, 2) d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_request_days_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_request_days_note((
    SELECT array_agg(ROW(d.store_id, d.day, d.p, d.w)::inventory_request_days)
    FROM (SELECT x.store_id, x.day, sum(x.price_requests)::int AS p, sum(x.withdrawal_requests)::int AS w
          FROM removed o JOIN added n ON n.id = o.id AND n.store_id = o.store_id
          CROSS JOIN LATERAL inventory_request_days_delta(n.store_id, n.status,
            CASE WHEN n.updated_at IS DISTINCT FROM o.updated_at THEN n.updated_at ELSE now() END) x
          WHERE x.store_id IS NOT NULL AND o.status IS DISTINCT FROM n.status GROUP BY 1, 2) d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_request_days_inserted AFTER INSERT ON inventory_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_request_days_inserted();--> statement-breakpoint
CREATE TRIGGER inventory_request_days_updated AFTER UPDATE ON inventory_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_request_days_updated();--> statement-breakpoint
-- TRUNCATE fires no row or transition triggers: both tables go with the items (and what this
-- transaction had pending for them).
CREATE OR REPLACE FUNCTION inventory_shop_report_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inventory_stock_groups;
  DELETE FROM inventory_request_days;
  IF to_regclass('pg_temp.inventory_stock_groups_pending') IS NOT NULL THEN
    DELETE FROM pg_temp.inventory_stock_groups_pending;
  END IF;
  IF to_regclass('pg_temp.inventory_request_days_pending') IS NOT NULL THEN
    DELETE FROM pg_temp.inventory_request_days_pending;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_shop_report_truncated AFTER TRUNCATE ON inventory_items FOR EACH STATEMENT EXECUTE FUNCTION inventory_shop_report_truncated();--> statement-breakpoint
-- The items recorded before: the stock by group.
INSERT INTO inventory_stock_groups (store_id, location, category, items, units, value)
  SELECT (d).store_id, (d).location, (d).category, sum((d).items), sum((d).units), sum((d).value)
  FROM (SELECT inventory_stock_groups_delta(1, i.store_id, i.location, i.category, i.status, i.price, i.quantity) AS d FROM inventory_items i) x
  WHERE d IS NOT NULL
  GROUP BY 1, 2, 3;--> statement-breakpoint
-- The requests made before: each status change into a request status the activity log recorded (by
-- the UTC day of its entry), and each item waiting in one now that has no such entry (by the day it
-- was last changed, or its withdrawal request's day). A one-time pass over the log.
INSERT INTO inventory_request_days (store_id, day, price_requests, withdrawal_requests)
  SELECT store_id, day, sum(price_requests), sum(withdrawal_requests) FROM (
    SELECT l.store_id, (l.updated_at AT TIME ZONE 'UTC')::date AS day,
      count(*) FILTER (WHERE f->>'afterValue' = 'RequestPriceChange')::int AS price_requests,
      count(*) FILTER (WHERE f->>'afterValue' = 'RequestWithdrawal')::int AS withdrawal_requests
    FROM inventory_logs l CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(l.modified_fields) = 'array' THEN l.modified_fields ELSE '[]'::jsonb END) f
    WHERE f->>'variableChanged' = 'status' AND f->>'afterValue' IN ('RequestPriceChange', 'RequestWithdrawal')
      AND (f->>'beforeValue') IS DISTINCT FROM (f->>'afterValue')
    GROUP BY 1, 2
    UNION ALL
    SELECT i.store_id, (coalesce(CASE WHEN i.status = 'RequestWithdrawal' THEN i.withdrawal_requested_on END, i.updated_at) AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE i.status = 'RequestPriceChange')::int, count(*) FILTER (WHERE i.status = 'RequestWithdrawal')::int
    FROM inventory_items i
    WHERE i.status IN ('RequestPriceChange', 'RequestWithdrawal')
      AND NOT EXISTS (
        SELECT 1 FROM inventory_logs l
        WHERE l.store_id = i.store_id AND l.inventory_id = i.id
          AND l.modified_fields @> jsonb_build_array(jsonb_build_object('variableChanged', 'status', 'afterValue', i.status)))
    GROUP BY 1, 2
  ) x
  GROUP BY store_id, day;--> statement-breakpoint
ANALYZE inventory_stock_groups;--> statement-breakpoint
ANALYZE inventory_request_days;
