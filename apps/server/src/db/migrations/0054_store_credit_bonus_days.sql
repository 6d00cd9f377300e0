-- Hand-written (docs/dashboard-and-activity.md "Store credit bonus"): the dashboard's cost and profit
-- count the store credit bonuses granted in a period, the store's cost of a payout taken as credit.
-- Bonuses are a few entries among the ledger's many; this partial index reads only them, by day.
CREATE INDEX IF NOT EXISTS "ledger_entries_bonus_idx" ON "ledger_entries" USING btree ("store_id", "created_at")
  WHERE "kind" = 'store_credit_bonus';
