ALTER TABLE "cheques" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cheques" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cheques" ADD COLUMN "sent_request" jsonb;