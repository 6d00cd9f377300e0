-- Hand-written (docs/consigner-account.md "Store credit"): the store's bonus on a payout taken as
-- store credit, whole percent (0 = none, the behaviour before). The credit itself is ledger entries
-- (kinds store_credit, store_credit_bonus, store_credit_spent, store_credit_returned): no new table.
ALTER TABLE "stores" ADD COLUMN "store_credit_bonus" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_store_credit_bonus_ck" CHECK ("store_credit_bonus" BETWEEN 0 AND 100);
