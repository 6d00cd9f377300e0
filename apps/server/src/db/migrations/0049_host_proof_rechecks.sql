-- Hand-written (docs/security.md "A store's own hosts, once proven"): a proven host is checked again
-- every day; this counts the daily checks in a row that found no proof, and the proof is withdrawn at
-- three (a host the store no longer holds stops receiving its links; one failed lookup does not).
ALTER TABLE "store_host_proofs" ADD COLUMN "failed_rechecks" integer DEFAULT 0 NOT NULL;
