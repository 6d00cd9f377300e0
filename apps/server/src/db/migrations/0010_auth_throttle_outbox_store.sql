CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
-- Mail kept before its store was known belonged to nobody (issue 8): it is dropped, not shown to any store.
DELETE FROM "outbox" WHERE "store_id" IS NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_store_idx" ON "outbox" USING btree ("store_id","created_at");