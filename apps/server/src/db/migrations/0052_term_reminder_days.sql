-- The days before an item's consignment ends that its consigner is reminded, per store (docs/consignment-terms.md
-- "Reminders"); a week, as before, unless the store chooses; 0 sends no reminders.
ALTER TABLE "stores" ADD COLUMN "term_reminder_days" integer DEFAULT 7 NOT NULL;
