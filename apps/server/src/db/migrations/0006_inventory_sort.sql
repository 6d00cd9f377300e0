-- Size order of the inventory lists (catalogue doc section 5: "Sizes sort numerically, else XXS, XS,
-- S, M, L, XL, XXL"; other text in natural order), as one text key compared with COLLATE "C":
-- '0' + a fixed-width number, '1' + the apparel rank, '2' + text prefix, number, text; NULL when the
-- item has no size. Mirrors compareSizes of @backroom/domain (sizes.ts).
CREATE OR REPLACE FUNCTION inventory_size_key(size text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- a single expression, so the planner inlines it into the ORDER BY
  SELECT CASE
    WHEN btrim(size) = '' THEN NULL
    WHEN btrim(size) ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)$' THEN '0' || to_char(btrim(size)::numeric + 1000000, 'FM000000000.000000')
    WHEN upper(btrim(size)) IN ('XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL') THEN '1' || array_position(ARRAY['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'], upper(btrim(size)))::text
    ELSE '2' || lower(substring(btrim(size) from '^[^0-9]*')) || chr(1)
      || coalesce(to_char(substring(btrim(size) from '^[^0-9]*([0-9]+(?:[.][0-9]+)?)')::numeric, 'FM000000000.000000'), '') || chr(1) || lower(btrim(size))
  END
$$;
--> statement-breakpoint
-- Sorts other than the default one (newestUpdated, served by inventory_store_status_updated_idx):
-- the created and price orders of a status list read the index in order instead of sorting the list.
CREATE INDEX IF NOT EXISTS "inventory_store_status_created_idx" ON "inventory_items" USING btree ("store_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventory_store_status_price_idx" ON "inventory_items" USING btree ("store_id", "status", "price");
