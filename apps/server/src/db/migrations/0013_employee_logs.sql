CREATE TABLE "employee_logs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employee_name" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"by_id" text,
	"by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_logs_pkey" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "employee_logs" ADD CONSTRAINT "employee_logs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_logs_store_employee_idx" ON "employee_logs" USING btree ("store_id","employee_id","created_at");