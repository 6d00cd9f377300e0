import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Every environment variable the server reads, parsed once at start-up.
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Backroom <no-reply@backroom.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(8 * 1024 * 1024),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemo: boolean;
  webDist: string;
  uploadDir: string;
  uploadMaxBytes: number;
  repoRoot: string;
};

export function loadConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.parse(env);
  // Sessions signed with the public development secret could be forged: a real shop must set one.
  if (parsed.NODE_ENV === 'production' && !parsed.AUTH_SECRET && !overrides.authSecret) {
    throw new Error('AUTH_SECRET (16 or more characters) must be set when NODE_ENV=production');
  }
  const dataDir = overrides.dataDir ?? parsed.DATA_DIR;
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    // A fixed development secret keeps sessions valid across restarts of the demo; production must set one.
    authSecret: parsed.AUTH_SECRET ?? 'backroom-development-secret-change-me',
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL,
    seedDemo: parsed.SEED_DEMO === 'true',
    webDist: parsed.WEB_DIST,
    uploadDir: path.join(dataDir, 'uploads'),
    uploadMaxBytes: parsed.UPLOAD_MAX_BYTES,
    repoRoot,
    ...overrides,
  };
}
