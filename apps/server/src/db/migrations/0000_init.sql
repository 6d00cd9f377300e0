CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_marketplace" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"support_email" text NOT NULL,
	"domain" text,
	"shop" text,
	"handle" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"logo" text,
	"signup_info" jsonb DEFAULT '["Email"]'::jsonb NOT NULL,
	"payout_options" jsonb DEFAULT '["Bank"]'::jsonb NOT NULL,
	"prioritize_store" boolean DEFAULT false NOT NULL,
	"label_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label_size" jsonb DEFAULT '{"width":57,"height":32}'::jsonb NOT NULL,
	"consigner_url" text,
	"in_store_url" text,
	"consigner_cname" text,
	"ship_instructions" text DEFAULT '' NOT NULL,
	"email_msgs" jsonb,
	"marketplace_email_msgs" jsonb,
	"terms_of_service" text DEFAULT '' NOT NULL,
	"absorb_discount" boolean DEFAULT false NOT NULL,
	"safe_inventory_status_mode" boolean DEFAULT true NOT NULL,
	"live_price_changes" boolean DEFAULT false NOT NULL,
	"redirect_url" text,
	"custom_barcode" text,
	"shopify_tracking_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_shopify_url" text,
	"max_approval" integer DEFAULT 0 NOT NULL,
	"min_approval" integer DEFAULT 0 NOT NULL,
	"payout_fee" numeric(5, 2) DEFAULT 0 NOT NULL,
	"auto_preapproval" boolean DEFAULT false NOT NULL,
	"warn_amount" integer DEFAULT 0 NOT NULL,
	"warn_text" text,
	"charge_tax" boolean DEFAULT false NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"up_price" integer DEFAULT 0 NOT NULL,
	"is_buying_store" boolean DEFAULT false NOT NULL,
	"online_marketplace" boolean DEFAULT false NOT NULL,
	"automated_payout" boolean DEFAULT false NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"tenant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consigner_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"account_type" text NOT NULL,
	"selling_fee" numeric(5, 2) DEFAULT 0 NOT NULL,
	"min_fee" integer DEFAULT 0 NOT NULL,
	"flat_fee" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"category" text,
	"option1_value" text,
	"option2_value" text,
	"option3_value" text,
	"categories" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consigners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"fb_user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"address" text,
	"id_number" text,
	"account_type" text,
	"consigner_type_id" uuid,
	"charge_tax" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_store_account" boolean DEFAULT false NOT NULL,
	"marketplace_location" boolean DEFAULT false NOT NULL,
	"accepted_tos" boolean DEFAULT false NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"notification_settings" jsonb,
	"account_name" text,
	"account_number" text,
	"bank" text,
	"bank_type" text,
	"branch_code" text,
	"bank_account_type" text,
	"payout_type" text,
	"payout_data" jsonb,
	"bank_data" jsonb,
	"ff_data" jsonb,
	"negative_balance" integer DEFAULT 0 NOT NULL,
	"outstanding_withdrawal_fees" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"access_controls" jsonb,
	"role" text DEFAULT 'Employee' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"fb_user_id" text,
	"invite_token" text,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_gtins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"gtin" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"gender" text,
	"weight" integer,
	"option1" text NOT NULL,
	"option2" text,
	"option3" text,
	"option1_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"option2_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"option3_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"sku" text NOT NULL,
	"category" text NOT NULL,
	"gender" text NOT NULL,
	"color" text,
	"year" integer,
	"image" text,
	"image_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_template_id" uuid,
	"stock_x_id" text,
	"shopify_id" text,
	"price" integer,
	"last_sale" integer,
	"current_lowest" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submitted_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"consigner_id" uuid,
	"title" text NOT NULL,
	"brand" text,
	"sku" text,
	"category" text,
	"gender" text,
	"image" text,
	"image_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_template_id" uuid,
	"stock_x_id" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"code" text NOT NULL,
	"product_id" uuid NOT NULL,
	"product_template_id" uuid,
	"consigner_id" uuid NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category" text,
	"shopify_id" text,
	"status" text NOT NULL,
	"option1_value" text,
	"option2_value" text,
	"option3_value" text,
	"price" integer DEFAULT 0 NOT NULL,
	"requested_price" integer,
	"store_request_price_low" integer,
	"store_request_price_high" integer,
	"payout" integer DEFAULT 0 NOT NULL,
	"payout_fee" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"cost" integer,
	"discount" integer DEFAULT 0 NOT NULL,
	"lowest_price" integer,
	"withdrawal_fee" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"location" text,
	"sub_location" text,
	"notes" text,
	"image" text,
	"tracking_code" text,
	"accepted_on" timestamp with time zone,
	"sold_on" timestamp with time zone,
	"order_id" uuid,
	"buying_id" uuid,
	"payout_id" uuid,
	"payment_type" text,
	"printed" boolean DEFAULT false NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"preapproval_status" text,
	"add_ons" jsonb,
	"packing_slip" text,
	"is_withdrawn_early" boolean DEFAULT false NOT NULL,
	"withdrawal_requested_on" timestamp with time zone,
	"withdrawal_accepted_on" timestamp with time zone,
	"withdrawal_accepted_by" text,
	"withdrawal_declined_on" timestamp with time zone,
	"withdrawal_declined_by" text,
	"last_updated_by_id" text,
	"last_updated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"product_title" text,
	"last_updated_by_id" text,
	"last_updated_by_name" text,
	"modified_fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"location" text,
	"inventory_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scanned_inventory_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cheques" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"inventory_id" uuid,
	"title" text NOT NULL,
	"sku" text,
	"price" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"shopify_id" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shopify_id" text,
	"customer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"financial_status" text DEFAULT 'paid' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_locations" ADD CONSTRAINT "sub_locations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consigner_types" ADD CONSTRAINT "consigner_types_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consigners" ADD CONSTRAINT "consigners_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consigners" ADD CONSTRAINT "consigners_fb_user_id_user_id_fk" FOREIGN KEY ("fb_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consigners" ADD CONSTRAINT "consigners_consigner_type_id_consigner_types_id_fk" FOREIGN KEY ("consigner_type_id") REFERENCES "public"."consigner_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_fb_user_id_user_id_fk" FOREIGN KEY ("fb_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gtins" ADD CONSTRAINT "product_gtins_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gtins" ADD CONSTRAINT "product_gtins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_products" ADD CONSTRAINT "submitted_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_products" ADD CONSTRAINT "submitted_products_consigner_id_consigners_id_fk" FOREIGN KEY ("consigner_id") REFERENCES "public"."consigners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_products" ADD CONSTRAINT "submitted_products_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_product_template_id_product_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."product_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_consigner_id_consigners_id_fk" FOREIGN KEY ("consigner_id") REFERENCES "public"."consigners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_logs" ADD CONSTRAINT "inventory_logs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_consigner_id_consigners_id_fk" FOREIGN KEY ("consigner_id") REFERENCES "public"."consigners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_store_name_uq" ON "locations" USING btree ("store_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_handle_uq" ON "stores" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_domain_uq" ON "stores" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "stores_consigner_url_idx" ON "stores" USING btree ("consigner_url");--> statement-breakpoint
CREATE INDEX "stores_in_store_url_idx" ON "stores" USING btree ("in_store_url");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_locations_store_location_name_uq" ON "sub_locations" USING btree ("store_id","location_name","name");--> statement-breakpoint
CREATE INDEX "consigner_types_store_idx" ON "consigner_types" USING btree ("store_id","account_type");--> statement-breakpoint
CREATE UNIQUE INDEX "consigners_store_email_uq" ON "consigners" USING btree ("store_id","email");--> statement-breakpoint
CREATE INDEX "consigners_user_idx" ON "consigners" USING btree ("fb_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_store_email_uq" ON "employees" USING btree ("store_id","email");--> statement-breakpoint
CREATE INDEX "employees_user_idx" ON "employees" USING btree ("fb_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_gtins_store_gtin_uq" ON "product_gtins" USING btree ("store_id","gtin");--> statement-breakpoint
CREATE INDEX "product_gtins_product_idx" ON "product_gtins" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_templates_store_idx" ON "product_templates" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "products_store_sku_idx" ON "products" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "products_store_updated_idx" ON "products" USING btree ("store_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_template_idx" ON "products" USING btree ("product_template_id");--> statement-breakpoint
CREATE INDEX "submitted_products_store_idx" ON "submitted_products" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_store_code_uq" ON "inventory_items" USING btree ("store_id","code");--> statement-breakpoint
CREATE INDEX "inventory_store_status_updated_idx" ON "inventory_items" USING btree ("store_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "inventory_store_updated_idx" ON "inventory_items" USING btree ("store_id","updated_at");--> statement-breakpoint
CREATE INDEX "inventory_store_sku_idx" ON "inventory_items" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "inventory_store_consigner_idx" ON "inventory_items" USING btree ("store_id","consigner_id","status");--> statement-breakpoint
CREATE INDEX "inventory_store_product_idx" ON "inventory_items" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "inventory_order_idx" ON "inventory_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "inventory_payout_idx" ON "inventory_items" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "inventory_logs_store_inventory_idx" ON "inventory_logs" USING btree ("store_id","inventory_id","updated_at");--> statement-breakpoint
CREATE INDEX "inventory_logs_store_updated_idx" ON "inventory_logs" USING btree ("store_id","updated_at");--> statement-breakpoint
CREATE INDEX "scans_store_created_idx" ON "scans" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "cheques_payout_idx" ON "cheques" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "line_items_order_idx" ON "line_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "line_items_inventory_idx" ON "line_items" USING btree ("inventory_id");--> statement-breakpoint
CREATE INDEX "orders_store_date_idx" ON "orders" USING btree ("store_id","order_date");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "payouts_store_created_idx" ON "payouts" USING btree ("store_id","created_at");