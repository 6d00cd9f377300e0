-- Hand-written (docs/security.md "Identity model"): a consigner record is linked to a sign-in only
-- when its person accepts an invitation mailed to them (token below) or signs up at the store; and
-- a consigner disabled by staff stays disabled whatever the consigner calls (accepting the terms
-- enables only a consigner staff did not disable).
ALTER TABLE "consigners" ADD COLUMN "invite_token" text;
--> statement-breakpoint
ALTER TABLE "consigners" ADD COLUMN "invited_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "consigners" ADD COLUMN "disabled_by_staff" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A consigner who accepted the terms and is disabled was disabled by staff.
UPDATE "consigners" SET "disabled_by_staff" = true WHERE "is_active" = false AND "accepted_tos" = true;
