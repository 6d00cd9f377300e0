-- Search over inventory title, SKU and code (GET /api/inventories, paginatedInventories, export):
-- `lower(title || ' ' || sku || ' ' || code) LIKE '%term%'` is answered by this trigram index.
-- The expression must stay identical to SEARCH_EXPR in modules/inventory-queries/inventory-queries.sql.ts.
CREATE INDEX IF NOT EXISTS "inventory_search_trgm_idx" ON "inventory_items" USING gin (lower("title" || ' ' || "sku" || ' ' || "code") gin_trgm_ops);
