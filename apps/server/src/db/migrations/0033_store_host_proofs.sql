-- Hand-written (docs/security.md "A store's own hosts, once proven"): the proof that a store owns each
-- of its hosts (domain, consignerUrl, inStoreUrl). A token per store and host, checked by DNS TXT or a
-- file at the host's well-known path; until then links use APP_URL.
CREATE TABLE "store_host_proofs" (
	"store_id" uuid NOT NULL,
	"host" text NOT NULL,
	"token" text NOT NULL,
	"proven_at" timestamp with time zone,
	"proven_by" text,
	"checked_at" timestamp with time zone,
	"check_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_host_proofs_pkey" PRIMARY KEY("store_id","host")
);
--> statement-breakpoint
ALTER TABLE "store_host_proofs" ADD CONSTRAINT "store_host_proofs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- a host is proven by one store at most
CREATE UNIQUE INDEX "store_host_proofs_proven_host_uq" ON "store_host_proofs" USING btree ("host") WHERE "store_host_proofs"."proven_at" is not null;
--> statement-breakpoint
-- the proven hosts, copied onto the store in the proof's transaction: links, origins and resolution read the store row only
ALTER TABLE "stores" ADD COLUMN "proven_hosts" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- a previous address answers in production only if it was proven when it was replaced
ALTER TABLE "store_host_aliases" ADD COLUMN "proven" boolean DEFAULT false NOT NULL;
