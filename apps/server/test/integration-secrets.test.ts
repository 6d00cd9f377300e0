import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../src/integrations/secrets.ts';

describe('integration secrets', () => {
  it('round-trips, never shows the plain text, and refuses another key or a tampered text', () => {
    const text = encryptSecret('server-a', { clientSecret: 'sk_live_123' });
    expect(text).not.toContain('sk_live_123');
    expect(encryptSecret('server-a', { clientSecret: 'sk_live_123' })).not.toBe(text); // a new IV each time
    expect(decryptSecret('server-a', text)).toEqual({ clientSecret: 'sk_live_123' });
    expect(decryptSecret('server-b', text)).toBeNull();
    const [v, iv, tag, body] = text.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = `${v}.${iv}.${tag}.${bytes.toString('base64url')}`;
    expect(decryptSecret('server-a', flipped)).toBeNull();
    expect(decryptSecret('server-a', null)).toBeNull();
  });
});
