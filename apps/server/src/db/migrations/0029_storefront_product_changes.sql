-- A change to what the shop shows of a product (its title, brand, category or template: the product's
-- title, vendor, type and option names in the storefront) marks that product's items already in the
-- storefront sync pending, in the change's own transaction, like a change to one of its items
-- (0023_storefront_sync); the dispatcher then queues one push for the product.
CREATE OR REPLACE FUNCTION storefront_mark_product_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE storefront_item_sync s
    SET state = 'pending', change_seq = s.change_seq + 1, queued_at = NULL, updated_at = now()
    WHERE s.store_id = NEW.store_id AND s.product_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_storefront_sync
  AFTER UPDATE OF title, brand, category, product_template_id
  ON products FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand
        OR OLD.category IS DISTINCT FROM NEW.category OR OLD.product_template_id IS DISTINCT FROM NEW.product_template_id)
  EXECUTE FUNCTION storefront_mark_product_pending();
