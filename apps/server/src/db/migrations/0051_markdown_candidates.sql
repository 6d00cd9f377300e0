-- Hand-written (docs/consignment-terms.md "The markdown job"): the markdown job and the preview read
-- a store's Active items whose locked terms name a schedule, old enough for its first step. Without
-- this index both read every Active item of the store and test its terms (jsonb) one by one; with it
-- they read the schedule's items, by acceptance day. Partial: only Active items on a schedule.
CREATE INDEX IF NOT EXISTS "inventory_store_markdown_idx" ON "inventory_items" USING btree ("store_id", ("consignment_terms" ->> 'markdownScheduleId'), "accepted_on")
  WHERE "status" = 'Active' AND ("consignment_terms" ->> 'markdownScheduleId') IS NOT NULL;
