/**
 * Password hashing for better-auth (`emailAndPassword.password`), in better-auth's own format so that
 * hashes made before and after stay valid either way: a 16-byte random salt in hex, scrypt of the
 * NFKC-normalised password with that hex string as salt (N 16384, r 16, p 1, 64 bytes), stored as
 * `salt:key` in hex (@better-auth/utils/password).
 *
 * Why not leave it to better-auth: which scrypt it runs depends on how its package resolves (node's
 * `scrypt` on libuv's thread pool under the "node" export condition, @noble/hashes on the main thread
 * otherwise, ~50-100 ms during which no other request is served); this one is always node's. And the
 * key is compared in constant time (better-auth compares hex strings with ===). docs/scaling.md
 * "Sign-in under load".
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 16;
const P = 1;
const KEY_LENGTH = 64;
// scrypt needs 128 * N * r bytes; node's default cap (32 MiB) is exactly that, which it refuses
const MAX_MEMORY = 128 * N * R * 2;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await deriveKey(password, salt)).toString('hex')}`;
}

/** better-auth's signature: a stored hash that is not `salt:key` throws, as better-auth's own does. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key) throw new Error('Invalid password hash');
  const stored = Buffer.from(key, 'hex');
  const derived = await deriveKey(password, salt);
  // a key of another length (a damaged row) is simply not equal; timingSafeEqual needs equal lengths
  return stored.length === derived.length && timingSafeEqual(stored, derived);
}
