-- What each store's data is at, for the caches of every server process (docs/scaling.md "Several
-- server processes"): a row per store, bumped by triggers in the same transaction as any change of
-- the store's rows, and read by the cached reads before they serve or keep an answer
-- (db/store-versions.ts). `version` moves with any change of the store's data, `people_version` only
-- with its staff, consigners and the store row (the session and actor caches). The row of the nil
-- uuid stands for what no store owns: the sign-in users and their sessions.
CREATE TABLE IF NOT EXISTS "backroom_store_version" (
  "store_id" uuid PRIMARY KEY,
  "version" bigint NOT NULL DEFAULT 0,
  "people_version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Deferred to the commit (a constraint trigger), so the row is locked only while the transaction
-- commits: a version row locked from the first write to the commit would make every writer of the
-- store wait for the longest transaction, and could deadlock with the item rows it also locks.
-- A transaction bumps each store once, whatever the number of rows it changed (a transaction-local
-- setting remembers the stores it has bumped).
CREATE OR REPLACE FUNCTION backroom_bump_store_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  scope text := TG_ARGV[1];
  sid uuid;
  seen text;
  mark text;
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
  mark := 'p' || sid::text;
  IF position(mark IN seen) > 0 OR (kind = 'data' AND position('d' || sid::text IN seen) > 0) THEN
    RETURN NULL;
  END IF;
  IF kind = 'people' THEN
    INSERT INTO backroom_store_version AS v (store_id, version, people_version) VALUES (sid, 1, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + 1, people_version = v.people_version + 1;
  ELSE
    mark := 'd' || sid::text;
    INSERT INTO backroom_store_version AS v (store_id, version, people_version) VALUES (sid, 1, 0)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + 1;
  END IF;
  PERFORM set_config('backroom.bumped', seen || mark || ',', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every table with a store_id but the queues and the storefront's bookkeeping, which no cached answer
-- reads (and which change every few seconds). A table added later needs its trigger in its migration
-- (test/store-versions.test.ts fails until it has one).
DO $$
DECLARE
  t text;
  kind text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.column_name = 'store_id'
      AND c.table_name NOT IN ('outbox', 'background_jobs', 'storefront_webhooks', 'storefront_order_sync', 'storefront_item_sync', 'storefront_drift_checks', 'backroom_store_version')
  LOOP
    kind := CASE WHEN t IN ('employees', 'consigners', 'consigner_types', 'store_host_aliases', 'store_host_proofs') THEN 'people' ELSE 'data' END;
    EXECUTE format('DROP TRIGGER IF EXISTS backroom_store_version ON %I', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version(%L, %L)', t, kind, 'store');
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS backroom_store_version ON "stores";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "stores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('people', 'self');
--> statement-breakpoint
-- A new user or session changes no cached one (only found sessions are kept): updates and deletes only.
DROP TRIGGER IF EXISTS backroom_store_version ON "user";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER UPDATE OR DELETE ON "user" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('people', 'global');
--> statement-breakpoint
DROP TRIGGER IF EXISTS backroom_store_version ON "session";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER UPDATE OR DELETE ON "session" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('people', 'global');
--> statement-breakpoint
-- The sequence the whole-database marker used; the per-store rows replace it.
DROP SEQUENCE IF EXISTS "backroom_write_marker";
