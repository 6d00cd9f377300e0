-- Hand-written (docs/consigner-account.md "Counted from shipping"): what the store's payout hold counts
-- from for an online (storefront) order: its sale ('sale', the behaviour before) or its shipping
-- ('shipping'). Counter sales always count from the sale.
ALTER TABLE "stores" ADD COLUMN "payout_hold_from" text NOT NULL DEFAULT 'sale';
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_payout_hold_from_ck" CHECK ("payout_hold_from" IN ('sale', 'shipping'));
--> statement-breakpoint
-- When the storefront fulfilled (shipped) the whole order (fulfillments/create covering every line,
-- orders/fulfilled, an order read with fulfillment_status 'fulfilled'): set once, never moved.
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;
