import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/sign-in/password.ts';

// The password hash better-auth is given (src/sign-in/password.ts): the same format and parameters as
// its own, so every stored hash verifies whichever made it, and computed off the event loop.

// better-auth's pure-JS fallback (@noble/hashes), which its package picks outside node: same format too
const require = createRequire(import.meta.url);
// (under node the package resolves to dist/password.node.*; the fallback is dist/password.mjs beside it)
const distDir = path.dirname(require.resolve('@better-auth/utils/password', { paths: [path.dirname(require.resolve('better-auth'))] }));
const nobleFallback = () => import(pathToFileURL(path.join(distDir, 'password.mjs')).href) as Promise<{ hashPassword: (p: string) => Promise<string>; verifyPassword: (h: string, p: string) => Promise<boolean> }>;

describe('password hashing', () => {
  it('verifies a hash better-auth made, and better-auth verifies ours', async () => {
    const theirs = await betterAuthHash('correct horse battery');
    expect(await verifyPassword({ hash: theirs, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'correct horse batterY' })).toBe(false);

    const ours = await hashPassword('correct horse battery');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'correct horse battery' })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: 'wrong horse battery' })).toBe(false);
  });

  it('matches the pure-JS scrypt better-auth falls back to, NFKC normalisation included', async () => {
    const noble = await nobleFallback();
    // "é" composed and decomposed: the same password after NFKC
    const theirs = await noble.hashPassword('caf\u00e9-password');
    expect(await verifyPassword({ hash: theirs, password: 'cafe\u0301-password' })).toBe(true);
    const ours = await hashPassword('cafe\u0301-password');
    expect(await noble.verifyPassword(ours, 'caf\u00e9-password')).toBe(true);
    expect(await noble.verifyPassword(ours, 'cafe-password')).toBe(false);
  });

  it('salts each hash, refuses a malformed one and a key of the wrong length', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
    await expect(verifyPassword({ hash: 'no-colon-here', password: 'x' })).rejects.toThrow('Invalid password hash');
    const [salt, key] = a.split(':');
    expect(await verifyPassword({ hash: `${salt}:${key.slice(0, 64)}`, password: 'same-password' })).toBe(false);
  });

  it('leaves the event loop free while it hashes', async () => {
    // scrypt on libuv's thread pool: immediates keep running until the hash is done (a synchronous hash
    // on the main thread lets none run; @noble's scryptAsync yields only every 10 ms)
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const started = performance.now();
    await hashPassword('a-password-to-hash');
    done = true;
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(5);
    expect(ticks).toBeGreaterThan(10);
  });
});
