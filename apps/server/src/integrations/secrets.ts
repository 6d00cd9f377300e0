import crypto from 'node:crypto';

/**
 * Credentials of a store's outside services (payout providers, order imports, the storefront) are kept
 * encrypted at rest with AES-256-GCM under a key derived from the server's AUTH_SECRET (HKDF, its own
 * label), so a copy of the database alone does not give them away. The text form is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The API never returns a secret, only whether one is set.
 */
const LABEL = 'backroom store integration secrets v1';

function keyOf(serverSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, Buffer.alloc(0), LABEL, 32));
}

export function encryptSecret(serverSecret: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The decrypted value, or null when there is none or it cannot be read (another key, tampered). */
export function decryptSecret<T>(serverSecret: string, text: string | null | undefined): T | null {
  if (!text) return null;
  const [version, iv, tag, body] = text.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as T;
  } catch {
    return null;
  }
}
