ALTER TABLE "consigner_types" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A store that holds several defaults keeps its oldest one (the one fee matching used: the first in creation order).
UPDATE "consigner_types" AS t SET "is_default" = false
WHERE t."is_default" AND EXISTS (
  SELECT 1 FROM "consigner_types" AS o
  WHERE o."store_id" = t."store_id" AND o."is_default" AND (o."created_at", o."id") < (t."created_at", t."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "consigner_types_one_default_uq" ON "consigner_types" USING btree ("store_id") WHERE "consigner_types"."is_default";
