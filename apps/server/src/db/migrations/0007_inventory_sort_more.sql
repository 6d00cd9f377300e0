-- Size and payout orders of a status list read an index in order instead of sorting the whole list
-- (the size key is computed for every row otherwise: 0.7 s on PostgreSQL, seconds on PGlite for a
-- list of 110,000 items). The expression is exactly the size sort key of inventory-queries.sql.ts.
CREATE INDEX IF NOT EXISTS "inventory_store_status_size_idx" ON "inventory_items" USING btree ("store_id", "status", (coalesce(inventory_size_key("option1_value"), '3') COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventory_store_status_payout_idx" ON "inventory_items" USING btree ("store_id", "status", "payout");
