-- Hand-written (docs/payouts.md "Net payable" and "64-bit sums"): columns that hold sums of money are
-- 64-bit. A payout of many items, a cheque, an order's total and a ledger entry (and the fees a
-- consigner owes) can pass 21,474,836.47, the largest an integer (int4) column holds.
ALTER TABLE "payouts" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cheques" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_items" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "consigners" ALTER COLUMN "outstanding_withdrawal_fees" SET DATA TYPE bigint;--> statement-breakpoint
-- Fees are never negative (docs/fees.md): a negative withdrawal fee would pay the consigner.
UPDATE "inventory_items" SET "withdrawal_fee" = 0 WHERE "withdrawal_fee" < 0;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_withdrawal_fee_check" CHECK ("withdrawal_fee" >= 0);--> statement-breakpoint
UPDATE "consigners" SET "outstanding_withdrawal_fees" = 0 WHERE "outstanding_withdrawal_fees" < 0;--> statement-breakpoint
ALTER TABLE "consigners" ADD CONSTRAINT "consigners_outstanding_withdrawal_fees_check" CHECK ("outstanding_withdrawal_fees" >= 0);--> statement-breakpoint
-- What each consigner's share of a payout takes from (negative) or adds to (positive) the items'
-- amounts: the consigner's balance outside their unpaid items (fees owed, corrections), decided when
-- the payout is made so that two payouts never take the same fees; written to the ledger when the
-- share is settled (kind payout_deduction).
CREATE TABLE "payout_deductions" (
	"store_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"consigner_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payout_deductions_pkey" PRIMARY KEY("store_id","payout_id","consigner_id")
);--> statement-breakpoint
ALTER TABLE "payout_deductions" ADD CONSTRAINT "payout_deductions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_deductions" ADD CONSTRAINT "payout_deductions_payout_fk" FOREIGN KEY ("store_id","payout_id") REFERENCES "public"."payouts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_deductions" ADD CONSTRAINT "payout_deductions_consigner_fk" FOREIGN KEY ("store_id","consigner_id") REFERENCES "public"."consigners"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_deductions_consigner_idx" ON "payout_deductions" USING btree ("store_id","consigner_id");--> statement-breakpoint
-- The entries of an item (its corrections, and what a payout needs to know of it).
CREATE INDEX "ledger_entries_inventory_idx" ON "ledger_entries" USING btree ("store_id","inventory_id");
