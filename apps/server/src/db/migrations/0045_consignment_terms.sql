-- Hand-written (docs/consignment-terms.md): a consigner type's consignment terms, and the terms
-- locked on an item when it is accepted (a type's later change leaves the item's alone). Both jsonb
-- of the domain's ZConsignmentTerms; null means no terms (the item never ends, no early-pickup fee).
-- No new table: the store policies of migration 0044 already cover both tables' rows.
ALTER TABLE "consigner_types" ADD COLUMN "consignment_terms" jsonb;
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "consignment_terms" jsonb;
--> statement-breakpoint
-- The expiring list (GET /api/expiringInventory): a store's items by end date, only those with one.
CREATE INDEX "inventory_store_consignment_end_idx" ON "inventory_items" ("store_id", "consignment_ends_at") WHERE "consignment_ends_at" IS NOT NULL;
