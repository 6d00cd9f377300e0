-- One store per Shopify shop (docs/storefront-sync.md "One shop, one store"): the shop's normalised
-- myshopify domain is claimed by the store whose connection names it. A reference table, like
-- store_host_aliases: a shop may belong to one store of the installation only, which a tenant table
-- cannot hold on Citus (its keys must include store_id).
CREATE TABLE "storefront_shops" (
	"shop_domain" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_shops_store_uq" UNIQUE("store_id"),
	CONSTRAINT "storefront_shops_domain_ck" CHECK ("shop_domain" = lower("shop_domain") AND "shop_domain" LIKE '%.myshopify.com')
);
--> statement-breakpoint
ALTER TABLE "storefront_shops" ADD CONSTRAINT "storefront_shops_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Connections made before the rule: each shop goes to one store (a turned-on connection first, then the one
-- changed longest ago); another store naming the same shop keeps its settings and is refused when it saves them.
INSERT INTO "storefront_shops" ("shop_domain", "store_id")
SELECT DISTINCT ON (lower(i."settings"->>'shopDomain')) lower(i."settings"->>'shopDomain'), i."store_id"
FROM "store_integrations" i
WHERE i."kind" = 'shopify' AND lower(i."settings"->>'shopDomain') LIKE '%.myshopify.com'
ORDER BY lower(i."settings"->>'shopDomain'), i."enabled" DESC, i."updated_at" ASC
ON CONFLICT DO NOTHING;
