CREATE TABLE "store_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"location" text NOT NULL,
	"price_low" integer NOT NULL,
	"price_high" integer NOT NULL,
	"updated_by_id" text,
	"updated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_requests_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "store_requests" ADD CONSTRAINT "store_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_requests" ADD CONSTRAINT "store_requests_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_requests_store_product_location_uq" ON "store_requests" USING btree ("store_id","product_id","location");--> statement-breakpoint
ALTER TABLE "store_requests" ADD CONSTRAINT "store_requests_range_ck" CHECK ("price_low" >= 0 AND "price_low" <= "price_high");
