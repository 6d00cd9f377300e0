DROP INDEX "inventory_logs_store_updated_idx";--> statement-breakpoint
CREATE INDEX "inventory_store_accepted_idx" ON "inventory_items" USING btree ("store_id","accepted_on");--> statement-breakpoint
CREATE INDEX "inventory_store_sold_idx" ON "inventory_items" USING btree ("store_id","sold_on");--> statement-breakpoint
CREATE INDEX "inventory_logs_store_updated_id_idx" ON "inventory_logs" USING btree ("store_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inventory_logs_store_by_updated_idx" ON "inventory_logs" USING btree ("store_id","last_updated_by_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "inventory_logs_title_trgm_idx" ON "inventory_logs" USING gin ("product_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "payouts_store_paid_idx" ON "payouts" USING btree ("store_id","paid_at");