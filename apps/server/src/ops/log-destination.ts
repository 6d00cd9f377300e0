import pino from 'pino';

/**
 * Where the log goes when no stream is given: stdout, written in blocks of 4 KB or every 250 ms rather
 * than by a write call per line. Under the busy hour a line's own write call was a twentieth of the
 * server's time on PostgreSQL and more on PGlite (bench/README.md); a line reaches stdout at most
 * 250 ms late. The lines still held are written as the process exits, by process.exit or at the end of
 * its work (pino flushes its destinations on exit: test/log-destination.test.ts).
 */
export function stdoutLogDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
}
