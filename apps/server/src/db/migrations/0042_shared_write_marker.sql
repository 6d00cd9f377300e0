-- Several server processes on one database (docs/scaling.md): a process that has written to the
-- shop's data advances this sequence after the commit, before it answers; the read cache of every
-- process compares its value with the one read before a kept answer was read (http/read-cache.ts).
-- A sequence, not a row: advancing it takes no lock and never waits for another writer.
CREATE SEQUENCE IF NOT EXISTS "backroom_write_marker";
