-- The size index with the item id as last column: a size holds thousands of items in a big list, and
-- without the id every page sorted a whole size group (the sort ends with the id).
DROP INDEX IF EXISTS "inventory_store_status_size_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventory_store_status_size_id_idx" ON "inventory_items" USING btree ("store_id", "status", (coalesce(inventory_size_key("option1_value"), '3') COLLATE "C"), "id");
