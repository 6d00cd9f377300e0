ALTER TABLE "outbox" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
CREATE INDEX "outbox_group_idx" ON "outbox" USING btree ("store_id","group_key") WHERE "group_key" is not null;