-- What a write invalidates is what it changed (docs/scaling.md "Several server processes"): a kept
-- answer is versioned by the parts of the store's data it reads, and each part has its own counter in
-- the store's row. `version` still moves with every change.
--   people_version          staff, consigners, their types, host aliases and proofs, the store row
--   catalogue_version       products and their GTINs
--   items_version           items and the per-product counts derived from them
--   item_status_versions    the same per status ({"Active": n, ...}): a change moves the statuses the
--                           rows had and have (a price change of an Active item moves "Active" only)
--   other_version           every other table, but the logs and report tables below
-- The item history (inventory_logs) and the dashboard's and report's day and group tables
-- (inventory_stock_days, inventory_stock_groups) move `version` only: no kept answer reads them, and an
-- item's edit writes them every time.
ALTER TABLE "backroom_store_version"
  ADD COLUMN IF NOT EXISTS "catalogue_version" bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS "items_version" bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS "item_status_versions" jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN IF NOT EXISTS "other_version" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Each counter moves at most once per transaction (and status), whatever the number of rows changed:
-- a transaction-local setting lists the marks of what it has moved (v: version, p: people, c: catalogue,
-- i: items, o: other, s<status>: a status), each followed by the store.
CREATE OR REPLACE FUNCTION backroom_bump_store_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  scope text := TG_ARGV[1];
  sid uuid;
  seen text;
  step bigint;
  own text;
  st text;
  statuses text[] := '{}';
BEGIN
  IF scope = 'global' THEN
    sid := '00000000-0000-0000-0000-000000000000';
  ELSIF scope = 'self' THEN
    IF TG_OP = 'DELETE' THEN sid := OLD.id; ELSE sid := NEW.id; END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN sid := OLD.store_id; ELSE sid := NEW.store_id; END IF;
  END IF;
  IF sid IS NULL THEN RETURN NULL; END IF;
  seen := coalesce(current_setting('backroom.bumped', true), '');
  step := CASE WHEN position('v' || sid::text IN seen) > 0 THEN 0 ELSE 1 END;

  IF kind = 'items' THEN
    IF TG_OP <> 'INSERT' AND position('s' || OLD.status || '/' || sid::text IN seen) = 0 THEN statuses := statuses || OLD.status; END IF;
    IF TG_OP <> 'DELETE' AND position('s' || NEW.status || '/' || sid::text IN seen) = 0 AND NOT (NEW.status = ANY (statuses)) THEN
      statuses := statuses || NEW.status;
    END IF;
    IF cardinality(statuses) = 0 THEN RETURN NULL; END IF;
    own := CASE WHEN position('i' || sid::text IN seen) > 0 THEN '' ELSE 'i' || sid::text || ',' END;
    INSERT INTO backroom_store_version AS v (store_id, version, items_version, item_status_versions)
      VALUES (sid, 1, 1, (SELECT jsonb_object_agg(x, 1) FROM unnest(statuses) x))
      ON CONFLICT (store_id) DO UPDATE SET
        version = v.version + step,
        items_version = v.items_version + CASE WHEN own = '' THEN 0 ELSE 1 END,
        item_status_versions = v.item_status_versions || (
          SELECT jsonb_object_agg(x, coalesce((v.item_status_versions ->> x)::bigint, 0) + 1) FROM unnest(statuses) x);
    FOREACH st IN ARRAY statuses LOOP own := own || 's' || st || '/' || sid::text || ','; END LOOP;
    PERFORM set_config('backroom.bumped', seen || own || 'v' || sid::text || ',', true);
    RETURN NULL;
  END IF;

  IF kind = 'log' THEN
    IF step = 0 THEN RETURN NULL; END IF;
    INSERT INTO backroom_store_version AS v (store_id, version) VALUES (sid, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + 1;
    PERFORM set_config('backroom.bumped', seen || 'v' || sid::text || ',', true);
    RETURN NULL;
  END IF;

  own := CASE kind WHEN 'people' THEN 'p' WHEN 'catalogue' THEN 'c' ELSE 'o' END || sid::text;
  IF position(own IN seen) > 0 THEN RETURN NULL; END IF;
  IF kind = 'people' THEN
    INSERT INTO backroom_store_version AS v (store_id, version, people_version) VALUES (sid, 1, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + step, people_version = v.people_version + 1;
  ELSIF kind = 'catalogue' THEN
    INSERT INTO backroom_store_version AS v (store_id, version, catalogue_version) VALUES (sid, 1, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + step, catalogue_version = v.catalogue_version + 1;
  ELSE
    INSERT INTO backroom_store_version AS v (store_id, version, other_version) VALUES (sid, 1, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + step, other_version = v.other_version + 1;
  END IF;
  PERFORM set_config('backroom.bumped', seen || own || ',v' || sid::text || ',', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Each table's trigger with its part; a table not there (a test that runs the migrations in another
-- order) is left to the migration that makes it.
DO $$
DECLARE
  t text;
  kind text;
BEGIN
  FOR t, kind IN VALUES ('products', 'catalogue'), ('product_gtins', 'catalogue'), ('inventory_items', 'items'), ('inventory_product_stats', 'items'),
    ('inventory_logs', 'log'), ('inventory_stock_days', 'log'), ('inventory_stock_groups', 'log')
  LOOP
    IF to_regclass(format('public.%I', t)) IS NULL THEN CONTINUE; END IF;
    EXECUTE format('DROP TRIGGER IF EXISTS backroom_store_version ON %I', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version(%L, %L)', t, kind, 'store');
  END LOOP;
END;
$$;
