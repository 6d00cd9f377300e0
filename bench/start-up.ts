// Start-up time and memory of the development start (tsx) and the production start (compiled, node
// alone), on the same existing PGlite shop (docs/operations.md "Production start").
//   npm run build && npx tsx bench/start-up.ts [--runs 3] [--port 3260] [--data-dir /tmp/backroom-startup]
// The first start seeds the demo into the data dir; the measured starts find it there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', '3'));
const port = Number(arg('port', '3260'));
const dataDir = arg('data-dir', '/tmp/backroom-startup');

const modes = {
  'tsx (npm start)': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'node dist (npm run start:prod)': ['--conditions=backroom-dist', 'apps/server/dist/main.js'],
};

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function startOnce(args: string[]): Promise<{ readyMs: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', AUTH_SECRET: 'bench-start-up-secret-0123456789', APP_URL: `http://localhost:${port}`, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const readyMs = performance.now() - started;
    // memory once settled, idle
    await new Promise((r) => setTimeout(r, 2000));
    return { readyMs, rssMb: rssOf(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

await startOnce(modes['node dist (npm run start:prod)']); // seeds the shop on first use
for (const [mode, args] of Object.entries(modes)) {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await startOnce(args));
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${mode}: ready in ${(median(results.map((r) => r.readyMs)) / 1000).toFixed(2)} s, RSS ${median(results.map((r) => r.rssMb)).toFixed(0)} MB (median of ${runs})`);
}
