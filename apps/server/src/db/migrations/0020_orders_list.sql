CREATE TABLE "order_line_counts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "order_date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line_counts" ADD CONSTRAINT "order_line_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_items_store_date_idx" ON "line_items" USING btree ("store_id","order_date","order_id","id");--> statement-breakpoint
CREATE INDEX "line_items_search_text_trgm_idx" ON "line_items" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Hand-written (docs/orders.md "The order item table"): a line carries its order's date and the text
-- the orders search looks in, kept by these triggers, so the table reads line_items alone.
CREATE OR REPLACE FUNCTION line_items_denormalise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  item_code text;
BEGIN
  SELECT order_date, name, customer INTO o FROM orders WHERE store_id = NEW.store_id AND id = NEW.order_id;
  IF NEW.inventory_id IS NOT NULL THEN
    SELECT code INTO item_code FROM inventory_items WHERE store_id = NEW.store_id AND id = NEW.inventory_id;
  END IF;
  NEW.order_date := coalesce(o.order_date, NEW.order_date);
  NEW.search_text := lower(concat_ws(' ', o.name, o.customer ->> 'first_name', o.customer ->> 'last_name', o.customer ->> 'email', o.customer ->> 'phone', NEW.title, NEW.sku, item_code));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER line_items_denormalise BEFORE INSERT OR UPDATE OF order_id, inventory_id, title, sku ON line_items FOR EACH ROW EXECUTE FUNCTION line_items_denormalise();--> statement-breakpoint
-- An order's new date, name or customer reaches its lines (through the trigger above).
CREATE OR REPLACE FUNCTION orders_line_items_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE line_items SET order_id = order_id WHERE store_id = NEW.store_id AND order_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_line_items_sync AFTER UPDATE OF order_date, name, customer ON orders FOR EACH ROW
  WHEN (OLD.order_date IS DISTINCT FROM NEW.order_date OR OLD.name IS DISTINCT FROM NEW.name OR OLD.customer IS DISTINCT FROM NEW.customer)
  EXECUTE FUNCTION orders_line_items_sync();--> statement-breakpoint
-- The store's number of lines (order_line_counts), kept per statement.
CREATE OR REPLACE FUNCTION line_items_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_line_counts (store_id, lines) SELECT store_id, count(*) FROM added GROUP BY store_id
    ON CONFLICT (store_id) DO UPDATE SET lines = order_line_counts.lines + EXCLUDED.lines;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION line_items_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_line_counts c SET lines = c.lines - r.n FROM (SELECT store_id, count(*) AS n FROM removed GROUP BY store_id) r WHERE c.store_id = r.store_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER line_items_count_added AFTER INSERT ON line_items REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION line_items_count_added();--> statement-breakpoint
CREATE TRIGGER line_items_count_removed AFTER DELETE ON line_items REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION line_items_count_removed();--> statement-breakpoint
-- The lines recorded before: their order's date and search text, and each store's count.
UPDATE line_items SET order_id = order_id;--> statement-breakpoint
INSERT INTO order_line_counts (store_id, lines) SELECT store_id, count(*) FROM line_items GROUP BY store_id;
