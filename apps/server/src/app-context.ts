import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './sign-in/index.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';

/** What services need from the running server; built once in app.ts and passed down. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
};
