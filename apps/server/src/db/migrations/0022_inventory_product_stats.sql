CREATE TABLE "inventory_product_stats" (
	"store_id" uuid NOT NULL,
	"status" text NOT NULL,
	"product_id" uuid NOT NULL,
	"items" integer NOT NULL,
	"units" integer NOT NULL,
	"min_created_at" timestamp with time zone,
	"max_created_at" timestamp with time zone,
	"min_updated_at" timestamp with time zone,
	"max_updated_at" timestamp with time zone,
	"min_price" integer,
	"max_price" integer,
	"min_payout" integer,
	"max_payout" integer,
	CONSTRAINT "inventory_product_stats_pkey" PRIMARY KEY("store_id","status","product_id")
);
--> statement-breakpoint
-- Hand-written (docs/inventory-queries.md "Grouped view"): inventory_product_stats is kept by the
-- triggers below for every change of inventory_items, whoever makes it.
--
-- Each statement on inventory_items notes its changes, grouped by (store, status, product), in the
-- session's temporary table pg_temp.inventory_product_stats_pending (made on first use, emptied at
-- every commit, so it never grows): rows that entered a group (count, units, least and greatest
-- values) and rows that left one (count, units, and the least and greatest of the values that left).
-- No other transaction sees or waits on them. When the transaction commits, one deferred trigger per
-- store takes them and applies them (inventory_product_stats_apply):
--   1. one INSERT ... ON CONFLICT in key order adds the counts and widens the extremes: every
--      transaction locks the rows it changes in that one statement, in one order, at commit, so two
--      cannot deadlock on them and none holds them for longer than its commit;
--   2. a row that lost an extreme (a value that left it was its least or greatest), or all its items,
--      is read again from its items in a new statement (a new snapshot), with the row locked by step
--      1: every change of that group committed before is seen, and a change not committed yet applies
--      its own delta to the result when it commits;
--   3. in the same statement, rows left with no item are deleted.
CREATE OR REPLACE FUNCTION inventory_product_stats_apply(added inventory_product_stats[], removed inventory_product_stats[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inventory_product_stats AS s (store_id, status, product_id, items, units, min_created_at, max_created_at,
      min_updated_at, max_updated_at, min_price, max_price, min_payout, max_payout)
    SELECT store_id, status, product_id, coalesce(a.items, 0) - coalesce(r.items, 0), coalesce(a.units, 0) - coalesce(r.units, 0),
      a.min_created_at, a.max_created_at, a.min_updated_at, a.max_updated_at, a.min_price, a.max_price, a.min_payout, a.max_payout
    FROM unnest(added) a FULL JOIN unnest(removed) r USING (store_id, status, product_id)
    ORDER BY store_id, status, product_id
  ON CONFLICT (store_id, status, product_id) DO UPDATE SET
    items = s.items + excluded.items,
    units = s.units + excluded.units,
    min_created_at = least(s.min_created_at, excluded.min_created_at),
    max_created_at = greatest(s.max_created_at, excluded.max_created_at),
    min_updated_at = least(s.min_updated_at, excluded.min_updated_at),
    max_updated_at = greatest(s.max_updated_at, excluded.max_updated_at),
    min_price = least(s.min_price, excluded.min_price),
    max_price = greatest(s.max_price, excluded.max_price),
    min_payout = least(s.min_payout, excluded.min_payout),
    max_payout = greatest(s.max_payout, excluded.max_payout);
  IF removed IS NULL OR cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  WITH fresh AS (
    SELECT g.store_id, g.status, g.product_id, x.*
    FROM inventory_product_stats g
    JOIN unnest(removed) r USING (store_id, status, product_id)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS items, coalesce(sum(i.quantity), 0)::int AS units,
        min(i.created_at) AS min_created_at, max(i.created_at) AS max_created_at,
        min(i.updated_at) AS min_updated_at, max(i.updated_at) AS max_updated_at,
        min(i.price) AS min_price, max(i.price) AS max_price,
        min(i.payout) AS min_payout, max(i.payout) AS max_payout
      FROM inventory_items i
      WHERE i.store_id = g.store_id AND i.product_id = g.product_id AND i.status = g.status
    ) x
    WHERE g.items <= 0
      OR r.min_created_at <= g.min_created_at OR r.max_created_at >= g.max_created_at
      OR r.min_updated_at <= g.min_updated_at OR r.max_updated_at >= g.max_updated_at
      OR r.min_price <= g.min_price OR r.max_price >= g.max_price
      OR r.min_payout <= g.min_payout OR r.max_payout >= g.max_payout
  ), emptied AS (
    DELETE FROM inventory_product_stats s USING fresh f
    WHERE s.store_id = f.store_id AND s.status = f.status AND s.product_id = f.product_id AND f.items = 0
  )
  UPDATE inventory_product_stats s SET
    items = f.items, units = f.units,
    min_created_at = f.min_created_at, max_created_at = f.max_created_at,
    min_updated_at = f.min_updated_at, max_updated_at = f.max_updated_at,
    min_price = f.min_price, max_price = f.max_price,
    min_payout = f.min_payout, max_payout = f.max_payout
  FROM fresh f
  WHERE s.store_id = f.store_id AND s.status = f.status AND s.product_id = f.product_id AND f.items > 0;
END;
$$;--> statement-breakpoint
-- At commit, once per store and transaction (the mark's insert): the pending rows, taken and applied.
CREATE OR REPLACE FUNCTION inventory_product_stats_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added inventory_product_stats[];
  removed inventory_product_stats[];
BEGIN
  WITH taken AS (
    DELETE FROM pg_temp.inventory_product_stats_pending WHERE store_id = NEW.store_id RETURNING *
  ), grouped AS (
    SELECT leaving, store_id, status, product_id, sum(items)::int AS items, sum(units)::int AS units,
      min(min_created_at) AS c0, max(max_created_at) AS c1, min(min_updated_at) AS u0, max(max_updated_at) AS u1,
      min(min_price) AS p0, max(max_price) AS p1, min(min_payout) AS y0, max(max_payout) AS y1
    FROM taken WHERE status <> '' GROUP BY leaving, store_id, status, product_id
  )
  SELECT
    array_agg(ROW(store_id, status, product_id, items, units, c0, c1, u0, u1, p0, p1, y0, y1)::inventory_product_stats) FILTER (WHERE NOT leaving),
    array_agg(ROW(store_id, status, product_id, items, units, c0, c1, u0, u1, p0, p1, y0, y1)::inventory_product_stats) FILTER (WHERE leaving)
  INTO added, removed
  FROM grouped;
  PERFORM inventory_product_stats_apply(added, removed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A statement's changes into the transaction's pending rows (a row per group it changed, summed at
-- commit), and the store's mark (empty status, one per store and transaction) whose deferred trigger
-- applies them. The temporary table, without an index (emptying one at every commit would cost more
-- than reading these few rows), and its trigger are made the first time a session changes items.
CREATE OR REPLACE FUNCTION inventory_product_stats_note(added inventory_product_stats[], removed inventory_product_stats[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(added), 0) + coalesce(cardinality(removed), 0) = 0 THEN
    RETURN;
  END IF;
  IF to_regclass('pg_temp.inventory_product_stats_pending') IS NULL THEN
    CREATE TEMPORARY TABLE inventory_product_stats_pending (leaving boolean NOT NULL, LIKE inventory_product_stats) ON COMMIT DELETE ROWS;
    CREATE CONSTRAINT TRIGGER inventory_product_stats_flush AFTER INSERT ON pg_temp.inventory_product_stats_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = '') EXECUTE FUNCTION inventory_product_stats_flush();
  END IF;
  INSERT INTO pg_temp.inventory_product_stats_pending (leaving, store_id, status, product_id, items, units, min_created_at, max_created_at,
      min_updated_at, max_updated_at, min_price, max_price, min_payout, max_payout)
    WITH changes AS (SELECT false AS leaving, * FROM unnest(added) UNION ALL SELECT true, * FROM unnest(removed))
    SELECT * FROM changes
    UNION ALL
    SELECT DISTINCT false, c.store_id, '', '00000000-0000-0000-0000-000000000000'::uuid, 0, 0,
      NULL::timestamptz, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz, NULL::int, NULL::int, NULL::int, NULL::int
    FROM changes c
    WHERE NOT EXISTS (SELECT 1 FROM pg_temp.inventory_product_stats_pending m WHERE m.status = '' AND m.store_id = c.store_id);
END;
$$;--> statement-breakpoint
-- The statement triggers. Every row of a statement counts; of an updated row, only the values that
-- left its group count towards the extremes that left (a row that stays in its group with the same
-- price has not taken its price away).
CREATE OR REPLACE FUNCTION inventory_product_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_product_stats_note((
    SELECT array_agg(ROW(store_id, status, product_id, n, u, c0, c1, u0, u1, p0, p1, y0, y1)::inventory_product_stats)
    FROM (SELECT store_id, status, product_id, count(*)::int n, sum(quantity)::int u, min(created_at) c0, max(created_at) c1,
            min(updated_at) u0, max(updated_at) u1, min(price) p0, max(price) p1, min(payout) y0, max(payout) y1
          FROM added GROUP BY store_id, status, product_id) g), NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_product_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_product_stats_note(NULL, (
    SELECT array_agg(ROW(store_id, status, product_id, n, u, c0, c1, u0, u1, p0, p1, y0, y1)::inventory_product_stats)
    FROM (SELECT store_id, status, product_id, count(*)::int n, sum(quantity)::int u, min(created_at) c0, max(created_at) c1,
            min(updated_at) u0, max(updated_at) u1, min(price) p0, max(price) p1, min(payout) y0, max(payout) y1
          FROM removed GROUP BY store_id, status, product_id) g));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_product_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inventory_product_stats_note((
    SELECT array_agg(ROW(store_id, status, product_id, n, u, c0, c1, u0, u1, p0, p1, y0, y1)::inventory_product_stats)
    FROM (SELECT store_id, status, product_id, count(*)::int n, sum(quantity)::int u, min(created_at) c0, max(created_at) c1,
            min(updated_at) u0, max(updated_at) u1, min(price) p0, max(price) p1, min(payout) y0, max(payout) y1
          FROM added GROUP BY store_id, status, product_id) g), (
    SELECT array_agg(ROW(store_id, status, product_id, n, u, c0, c1, u0, u1, p0, p1, y0, y1)::inventory_product_stats)
    FROM (SELECT o.store_id, o.status, o.product_id, count(*)::int n, sum(o.quantity)::int u,
            min(o.created_at) FILTER (WHERE m.moved OR o.created_at <> n.created_at) c0,
            max(o.created_at) FILTER (WHERE m.moved OR o.created_at <> n.created_at) c1,
            min(o.updated_at) FILTER (WHERE m.moved OR o.updated_at <> n.updated_at) u0,
            max(o.updated_at) FILTER (WHERE m.moved OR o.updated_at <> n.updated_at) u1,
            min(o.price) FILTER (WHERE m.moved OR o.price <> n.price) p0, max(o.price) FILTER (WHERE m.moved OR o.price <> n.price) p1,
            min(o.payout) FILTER (WHERE m.moved OR o.payout <> n.payout) y0, max(o.payout) FILTER (WHERE m.moved OR o.payout <> n.payout) y1
          FROM removed o LEFT JOIN added n ON n.id = o.id AND n.store_id = o.store_id
          CROSS JOIN LATERAL (SELECT n.id IS NULL OR (o.status, o.product_id) IS DISTINCT FROM (n.status, n.product_id) AS moved) m
          GROUP BY o.store_id, o.status, o.product_id) g));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_product_stats_inserted AFTER INSERT ON inventory_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_product_stats_inserted();--> statement-breakpoint
CREATE TRIGGER inventory_product_stats_updated AFTER UPDATE ON inventory_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_product_stats_updated();--> statement-breakpoint
CREATE TRIGGER inventory_product_stats_deleted AFTER DELETE ON inventory_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_product_stats_deleted();--> statement-breakpoint
-- TRUNCATE fires no row or transition triggers: the stats go with the items (and what this
-- transaction had pending for them).
CREATE OR REPLACE FUNCTION inventory_product_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inventory_product_stats;
  IF to_regclass('pg_temp.inventory_product_stats_pending') IS NOT NULL THEN
    DELETE FROM pg_temp.inventory_product_stats_pending;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER inventory_product_stats_truncated AFTER TRUNCATE ON inventory_items FOR EACH STATEMENT EXECUTE FUNCTION inventory_product_stats_truncated();--> statement-breakpoint
-- The items recorded before.
INSERT INTO inventory_product_stats (store_id, status, product_id, items, units, min_created_at, max_created_at,
    min_updated_at, max_updated_at, min_price, max_price, min_payout, max_payout)
  SELECT store_id, status, product_id, count(*)::int, sum(quantity)::int, min(created_at), max(created_at),
    min(updated_at), max(updated_at), min(price), max(price), min(payout), max(payout)
  FROM inventory_items GROUP BY store_id, status, product_id;--> statement-breakpoint
ANALYZE inventory_product_stats;
