-- Hand-written (docs/consigner-account.md "Holds and the payout minimum", "Payouts on request"):
-- the store's payout hold (days after a sale before its money is payable; 0 = payable on the day of
-- the sale, the behaviour before holds) and its minimum payout (minor units; 0 = any positive amount).
ALTER TABLE "stores" ADD COLUMN "payout_hold_days" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "payout_minimum" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- A consigner's request to be paid from the portal. Open until staff pay it (then Paying, with the
-- payout made for it, and Paid when that consigner's share is settled) or the consigner cancels it.
CREATE TABLE "payout_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"amount" bigint NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payout_requests_pkey" PRIMARY KEY("id","store_id"),
	CONSTRAINT "payout_requests_status_ck" CHECK ("status" IN ('Open', 'Paying', 'Paid', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_payout_fk" FOREIGN KEY ("store_id","payout_id") REFERENCES "public"."payouts"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One request at a time: a second ask (also two at once) finds the first.
CREATE UNIQUE INDEX "payout_requests_one_open_uq" ON "payout_requests" ("store_id", "consigner_id") WHERE "status" IN ('Open', 'Paying');
--> statement-breakpoint
CREATE INDEX "payout_requests_store_status_idx" ON "payout_requests" ("store_id", "status");
--> statement-breakpoint
-- The store policies of migration 0044 and the version trigger of 0043, as every store table has.
ALTER TABLE "payout_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_isolation ON "payout_requests" TO backroom_app
  USING (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid))
  WITH CHECK (store_id = (SELECT nullif(current_setting('app.store_id', true), '')::uuid));
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER backroom_store_version AFTER INSERT OR UPDATE OR DELETE ON "payout_requests" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION backroom_bump_store_version('data', 'store');
