import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `body` in a child process with the log destination as `log` (pino over it); answers its stdout. */
function childStdout(body: string): { stdout: string; status: number | null } {
  const code = `import pino from 'pino'; import { stdoutLogDestination } from './src/ops/log-destination.ts';
const log = pino(stdoutLogDestination()); ${body}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: serverRoot, encoding: 'utf8', timeout: 30_000 });
  return { stdout: run.stdout, status: run.status };
}

const messages = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('the log destination (stdout in blocks)', () => {
  it('writes the lines still held when the process exits by process.exit, in order', () => {
    const { stdout, status } = childStdout(`for (let n = 0; n < 3; n += 1) log.info('line ' + n); log.fatal('last words'); process.exit(3);`);
    expect(status).toBe(3);
    expect(messages(stdout)).toEqual(['line 0', 'line 1', 'line 2', 'last words']);
  });

  it('writes them when the process ends at the end of its work, and more than a block of lines whole', () => {
    const { stdout, status } = childStdout(`for (let n = 0; n < 500; n += 1) log.info('line ' + n);`);
    expect(status).toBe(0);
    expect(messages(stdout)).toEqual(Array.from({ length: 500 }, (_, n) => `line ${n}`));
  });

  it('writes a line of a process that goes on within the flush interval, without waiting for a block or the exit', async () => {
    const code = `import pino from 'pino'; import { stdoutLogDestination } from './src/ops/log-destination.ts';
pino(stdoutLogDestination()).info('early'); process.stderr.write('logged'); setTimeout(() => {}, 4000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let logged = 0;
    // the child's word that it has logged (anything else it may print on stderr, a warning, is not it)
    child.stderr.on('data', (d: Buffer) => void (!logged && String(d).includes('logged') && (logged = performance.now())));
    let exited = false;
    const exit = new Promise((resolve) => child.once('exit', () => resolve((exited = true))));
    // the line, read while the child is still up (it stays 4 s; the interval is 250 ms)
    const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(String(d))));
    expect(exited).toBe(false);
    expect(logged).toBeGreaterThan(0);
    expect(performance.now() - logged).toBeLessThan(1500);
    expect(messages(line)).toEqual(['early']);
    child.kill();
    await exit;
  });
});
