-- Every key of a tenant table holds store_id, so the tables can be distributed by store on Citus
-- (docs/scaling.md, src/db/schema/distribution.ts). Written for databases that already hold data:
-- 1. drop the single-column foreign keys that point at tenant tables' ids (they depend on the
--    primary keys dropped next);
-- 2. primary keys (id) become (id, store_id), under the same names; id stays first so that lookups
--    and joins by id keep their index;
-- 3. foreign keys between tenant tables become (store_id, x_id) -> (store_id, id). They fail here if
--    a row points at a row of another store, which the application never wrote.
-- The three ON DELETE SET NULL keys become NO ACTION: on a composite key SET NULL would null
-- store_id too, and Citus refuses SET NULL (col) on a key holding the distribution column; deleting
-- a template clears submitted_products.product_template_id first (templates.repository.ts).
ALTER TABLE "consigners" DROP CONSTRAINT "consigners_consigner_type_id_consigner_types_id_fk";
--> statement-breakpoint
ALTER TABLE "product_gtins" DROP CONSTRAINT "product_gtins_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_product_template_id_product_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "submitted_products" DROP CONSTRAINT "submitted_products_consigner_id_consigners_id_fk";
--> statement-breakpoint
ALTER TABLE "submitted_products" DROP CONSTRAINT "submitted_products_product_template_id_product_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "inventory_items" DROP CONSTRAINT "inventory_items_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "inventory_items" DROP CONSTRAINT "inventory_items_product_template_id_product_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "inventory_items" DROP CONSTRAINT "inventory_items_consigner_id_consigners_id_fk";
--> statement-breakpoint
ALTER TABLE "cheques" DROP CONSTRAINT "cheques_payout_id_payouts_id_fk";
--> statement-breakpoint
ALTER TABLE "cheques" DROP CONSTRAINT "cheques_consigner_id_consigners_id_fk";
--> statement-breakpoint
ALTER TABLE "line_items" DROP CONSTRAINT "line_items_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_pkey";--> statement-breakpoint
ALTER TABLE "sub_locations" DROP CONSTRAINT "sub_locations_pkey";--> statement-breakpoint
ALTER TABLE "consigner_types" DROP CONSTRAINT "consigner_types_pkey";--> statement-breakpoint
ALTER TABLE "consigners" DROP CONSTRAINT "consigners_pkey";--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_pkey";--> statement-breakpoint
ALTER TABLE "product_gtins" DROP CONSTRAINT "product_gtins_pkey";--> statement-breakpoint
ALTER TABLE "product_templates" DROP CONSTRAINT "product_templates_pkey";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "submitted_products" DROP CONSTRAINT "submitted_products_pkey";--> statement-breakpoint
ALTER TABLE "inventory_items" DROP CONSTRAINT "inventory_items_pkey";--> statement-breakpoint
ALTER TABLE "inventory_logs" DROP CONSTRAINT "inventory_logs_pkey";--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_pkey";--> statement-breakpoint
ALTER TABLE "cheques" DROP CONSTRAINT "cheques_pkey";--> statement-breakpoint
ALTER TABLE "line_items" DROP CONSTRAINT "line_items_pkey";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pkey";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_pkey";--> statement-breakpoint
ALTER TABLE "background_jobs" DROP CONSTRAINT "background_jobs_pkey";--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "sub_locations" ADD CONSTRAINT "sub_locations_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "consigner_types" ADD CONSTRAINT "consigner_types_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "consigners" ADD CONSTRAINT "consigners_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "product_gtins" ADD CONSTRAINT "product_gtins_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "submitted_products" ADD CONSTRAINT "submitted_products_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "inventory_logs" ADD CONSTRAINT "inventory_logs_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_pkey" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "consigners" ADD CONSTRAINT "consigners_consigner_type_fk" FOREIGN KEY ("store_id","consigner_type_id") REFERENCES "public"."consigner_types"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gtins" ADD CONSTRAINT "product_gtins_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_template_fk" FOREIGN KEY ("store_id","product_template_id") REFERENCES "public"."product_templates"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_products" ADD CONSTRAINT "submitted_products_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_products" ADD CONSTRAINT "submitted_products_template_fk" FOREIGN KEY ("store_id","product_template_id") REFERENCES "public"."product_templates"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_template_fk" FOREIGN KEY ("store_id","product_template_id") REFERENCES "public"."product_templates"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_payout_fk" FOREIGN KEY ("store_id","payout_id") REFERENCES "public"."payouts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;