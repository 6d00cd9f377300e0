// What the browser benches (first-load.ts, portal-inventory.ts) share: a web build, a free port, and
// the server started on a fresh demo store (embedded PGlite) serving that build.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's Chromium, headless, without the background traffic that would blur the timings. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** BENCH_PORT, else a port the system has free. */
export async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** BENCH_WEB_DIST, else a production build of the web app in a temporary directory. */
export function buildWeb(): string {
  // BENCH_WEB_DIST: a build to reuse, made there first when it holds none (a server without one
  // answers every page with 404 and the page never becomes usable)
  const given = process.env.BENCH_WEB_DIST;
  if (given && fs.existsSync(path.join(given, 'index.html'))) return given;
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-bench-web-'));
  execSync(`npm run build -w @backroom/web --silent -- --outDir ${JSON.stringify(dir)} --emptyOutDir`, {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return dir;
}

/** Starts the server on a fresh data directory serving `webDist`; resolves once it answers. */
export async function startServer(webDist: string, port: number, opts: { name: string; env?: Record<string, string> }): Promise<{ child: ChildProcess; dataDir: string }> {
  // a server left on the port (another run) would be measured instead of this build
  if (await fetch(`http://localhost:${port}/open/stores/current`).then(() => true, () => false)) throw new Error(`port ${port} is taken`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backroom-bench-${opts.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, SEED_DEMO: 'true', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // stop the server however this process ends (a closed pipe, Ctrl-C)
  process.on('exit', () => child.kill());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGPIPE'] as const) process.on(signal, () => process.exit(1));
  for (let i = 0; i < 360; i += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/open/stores/current`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** BENCH_PROFILE: the page's JavaScript self time until usable, by script and by function (the top ones). */
export function printProfile(
  profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[]; timeDeltas?: number[] },
  functions = 30,
) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id)!;
    const dt = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const script = node.callFrame.url ? new URL(node.callFrame.url).pathname : `(${node.callFrame.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${script}:${node.callFrame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`);
  console.log(['self time by script:', ...top(byScript, 15), 'by function:', ...top(byFunction, functions)].join('\n'));
}
