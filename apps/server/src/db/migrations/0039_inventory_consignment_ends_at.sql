-- Hand-written (docs/inventory-item-screens.md "The item's editable fields"): the day an item's
-- consignment ends, a calendar day with no time; null when the consignment has no end date.
ALTER TABLE "inventory_items" ADD COLUMN "consignment_ends_at" date;
