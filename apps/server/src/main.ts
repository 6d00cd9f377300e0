import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './seed/demo-data.ts';
import { seedDemo } from './seed/seed.ts';
import { shutDownOnSignals } from './ops/index.ts';

// Start-up: config, database and migrations, demo seed on first run, listen.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, rowSecurity: config.rowSecurity });
const { app, ctx } = await buildApp(config, database);

if (config.seedDemo) {
  const { seeded } = await seedDemo(ctx);
  if (seeded) app.log.info('demo shop seeded');
}

if (config.host) await app.listen({ port: config.port, host: config.host });
else {
  // '::' takes IPv4 too (dual stack); a machine without IPv6 gets IPv4 only
  try {
    await app.listen({ port: config.port, host: '::' });
  } catch (err) {
    if (!['EAFNOSUPPORT', 'EADDRNOTAVAIL'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    await app.listen({ port: config.port, host: '0.0.0.0' });
  }
}
app.log.info(`Backroom is running at http://localhost:${config.port} on ${database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`);
if (config.seedDemo) {
  app.log.info(`Demo sign-ins (password "${DEMO_PASSWORD}"): ${DEMO_SIGN_INS.map((d) => `${d.email} = ${d.who}`).join('; ')}`);
}

// The API description (/api/docs/json) is built once, on its first request; build it now, so the
// first person opening the API docs does not wait the seconds it takes on a busy machine.
app.swagger();

shutDownOnSignals(app, ctx, database);
