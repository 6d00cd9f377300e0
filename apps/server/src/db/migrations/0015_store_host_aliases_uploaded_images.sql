CREATE TABLE "store_host_aliases" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"host" text NOT NULL,
	"replaced_by" text,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"new_host_seen_at" timestamp with time zone,
	CONSTRAINT "store_host_aliases_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "uploaded_images" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"url" text NOT NULL,
	"original_url" text NOT NULL,
	"bytes" integer NOT NULL,
	"original_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "store_host_aliases" ADD CONSTRAINT "store_host_aliases_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_host_aliases_store_host_uq" ON "store_host_aliases" USING btree ("store_id","host");--> statement-breakpoint
CREATE UNIQUE INDEX "store_host_aliases_host_uq" ON "store_host_aliases" USING btree ("host");--> statement-breakpoint
CREATE INDEX "store_host_aliases_replaced_by_idx" ON "store_host_aliases" USING btree ("store_id","replaced_by");--> statement-breakpoint
CREATE INDEX "uploaded_images_store_idx" ON "uploaded_images" USING btree ("store_id","created_at");