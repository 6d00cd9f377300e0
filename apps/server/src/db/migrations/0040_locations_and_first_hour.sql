-- Hand-written (docs/catalogue.md "Locations", docs/first-hour.md). Locations can be archived (out of
-- every picker, items and history kept); their names are unique per store whatever their case.
ALTER TABLE "locations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "locations_store_name_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "locations_store_name_uq" ON "locations" USING btree ("store_id", lower("name"));--> statement-breakpoint
-- The host a store signed up on, kept only when it is one of the installation's own names (a name
-- under APP_URL's host): its links use it until it proves a domain (docs/security.md).
ALTER TABLE "stores" ADD COLUMN "signup_host" text;--> statement-breakpoint
-- The setup guide of a new store, dismissed by its staff (docs/first-hour.md).
ALTER TABLE "stores" ADD COLUMN "setup_dismissed_at" timestamp with time zone;
