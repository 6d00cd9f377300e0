-- Stores kept apart by the database (docs/security.md "Row-level security", db/row-security.ts):
-- requests run as the role backroom_app, which sees and writes only the rows of the store named by
-- the setting app.store_id. The tables' owner (migrations, jobs, the named cross-store path) is not
-- restricted: the policies are not forced on it.
--
-- Roles belong to the whole PostgreSQL cluster, not to one database: create it once, whoever runs
-- first (the API tests migrate many databases side by side).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'backroom_app') THEN
    CREATE ROLE backroom_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END;
$$;
--> statement-breakpoint
-- The connection's own role switches to it per request (SET ROLE needs membership unless superuser).
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, 'backroom_app', 'MEMBER') THEN
    EXECUTE format('GRANT backroom_app TO %I', current_user);
  END IF;
END;
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO backroom_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO backroom_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO backroom_app;
--> statement-breakpoint
-- tables and sequences of later migrations (run by the same owner) are granted the same way
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO backroom_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO backroom_app;
--> statement-breakpoint
-- Every table with a store_id, but the per-store version row every process reads before its caches
-- (it holds no shop data, and the statement triggers of every store bump it).
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'store_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'backroom_store_version'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    -- the setting in a scalar subquery: read and cast once per statement (an InitPlan), not per row
    EXECUTE format(
      'CREATE POLICY store_isolation ON %I TO backroom_app '
      'USING (store_id = (SELECT nullif(current_setting(''app.store_id'', true), '''')::uuid)) '
      'WITH CHECK (store_id = (SELECT nullif(current_setting(''app.store_id'', true), '''')::uuid))', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The report triggers note their deltas in session temporary tables, which belong to the role that
-- made them: a connection that made one as the owner could not use it as backroom_app, nor the other
-- way round. Their functions run as the owner whoever fires them.
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prosrc ILIKE '%pg_temp%'
  LOOP
    EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER SET search_path = public, pg_temp', f);
  END LOOP;
END;
$$;
