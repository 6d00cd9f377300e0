ALTER TABLE "scans" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "created_by_name" text;