import { loadConfig } from '../config.ts';
import { backupPglite, backupPostgres, movePgliteToPostgres, restorePglite, restorePostgres } from './backup.ts';

/**
 * npm run db:backup -- FILE, npm run db:restore -- FILE, npm run db:move-to-postgres -- URL
 * (docs/operations.md "Backups"). The database is the server's: DATABASE_URL when set, else the
 * PGlite files of DATA_DIR. Run them with the server stopped.
 */
const [command, arg] = process.argv.slice(2);
// only the database settings are read: the production checks of the server do not apply here
const config = loadConfig({ authSecret: 'not-used-by-the-backup-commands', appUrl: 'http://localhost' });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`;

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
try {
  if (!arg) throw new Error(command === 'move-to-postgres' ? 'Usage: npm run db:move-to-postgres -- postgres://user@host/database' : `Usage: npm run db:${command} -- FILE`);
  if (command === 'backup') {
    await (config.databaseUrl ? backupPostgres(config.databaseUrl, arg) : backupPglite(config.dataDir, arg));
    console.log(`Backed up ${where} to ${arg} in ${seconds()}`);
  } else if (command === 'restore') {
    await (config.databaseUrl ? restorePostgres(arg, config.databaseUrl) : restorePglite(arg, config.dataDir));
    console.log(`Restored ${arg} into ${where} in ${seconds()}`);
  } else if (command === 'move-to-postgres') {
    if (config.databaseUrl) throw new Error('Unset DATABASE_URL: the move reads the PGlite files of DATA_DIR');
    const moved = await movePgliteToPostgres(config.dataDir, arg, (line) => console.log(line));
    console.log(`Moved ${moved.rows} rows of ${moved.tables} tables into PostgreSQL in ${seconds()}. Start the server with DATABASE_URL=${arg.replace(/\/\/[^@/]*@/, '//…@')}`);
  } else {
    throw new Error('Commands: backup FILE, restore FILE, move-to-postgres URL');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
