-- What a write invalidates is what it changed (docs/scaling.md "Several server processes"): the
-- product search reads only the catalogue (products and their GTINs), so its cached answers are kept
-- with the store's catalogue version, which moves with a change of those two tables only. An item's
-- price change, a sale or a payout (every other change of the store's data moves `version`) leaves
-- them. `version` still moves with every change, the catalogue's included.
ALTER TABLE "backroom_store_version" ADD COLUMN IF NOT EXISTS "catalogue_version" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Once per transaction and store: `version` (mark v), `people_version` (mark p) and
-- `catalogue_version` (mark c) each move at most once, whatever the number of rows changed.
CREATE OR REPLACE FUNCTION backroom_bump_store_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  scope text := TG_ARGV[1];
  sid uuid;
  seen text;
  data_bumped boolean;
  own_mark text;
  step bigint;
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
  data_bumped := position('v' || sid::text IN seen) > 0;
  IF kind = 'data' THEN
    IF data_bumped THEN RETURN NULL; END IF;
    INSERT INTO backroom_store_version AS v (store_id, version) VALUES (sid, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + 1;
    PERFORM set_config('backroom.bumped', seen || 'v' || sid::text || ',', true);
    RETURN NULL;
  END IF;
  own_mark := CASE WHEN kind = 'people' THEN 'p' ELSE 'c' END || sid::text;
  IF position(own_mark IN seen) > 0 THEN RETURN NULL; END IF;
  step := CASE WHEN data_bumped THEN 0 ELSE 1 END;
  IF kind = 'people' THEN
    INSERT INTO backroom_store_version AS v (store_id, version, people_version) VALUES (sid, 1, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + step, people_version = v.people_version + 1;
  ELSE
    INSERT INTO backroom_store_version AS v (store_id, version, catalogue_version) VALUES (sid, 1, 1)
      ON CONFLICT (store_id) DO UPDATE SET version = v.version + step, catalogue_version = v.catalogue_version + 1;
  END IF;
  PERFORM set_config('backroom.bumped', seen || own_mark || ',v' || sid::text || ',', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS backroom_store_version ON "products";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('catalogue', 'store');
--> statement-breakpoint
DROP TRIGGER IF EXISTS backroom_store_version ON "product_gtins";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "product_gtins" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('catalogue', 'store');
