import { describe, expect, it } from 'vitest';
import { credentialHint, integrationCredentialsSchema, parseIntegrationUpdate, ZIntegrationUpdate } from './integrations.ts';

const parse = (kind: 'checkbook' | 'paypal' | 'linnworks', body: unknown) => parseIntegrationUpdate(kind, ZIntegrationUpdate.parse(body));

describe('integration settings', () => {
  it('checks a change against the kind’s own credentials', () => {
    expect(parse('checkbook', { enabled: true, mode: 'live', credentials: { apiKey: '  abc  ', apiSecret: null } })).toEqual({
      ok: true,
      update: { enabled: true, mode: 'live', credentials: { apiKey: 'abc', apiSecret: null } },
    });
    expect(parse('checkbook', { credentials: { token: 'x' } })).toEqual({ ok: false, error: 'Checkbook has no credential named token' });
    expect(parse('linnworks', { mode: 'sandbox' })).toEqual({ ok: false, error: 'Linnworks has no sandbox or live mode' });
    expect(parse('paypal', { credentials: { clientSecret: 'has space' } })).toEqual({ ok: false, error: 'Client secret must be printable characters without spaces' });
    expect(parse('paypal', { credentials: { clientSecret: 'é' } })).toMatchObject({ ok: false });
    expect(parse('paypal', { credentials: { clientId: 'x'.repeat(501) } })).toEqual({ ok: false, error: 'Client ID must be at most 500 characters' });
    expect(ZIntegrationUpdate.safeParse({ other: 1 }).success).toBe(false);
  });

  it('has a zod schema of every kind’s credentials, all required', () => {
    expect(integrationCredentialsSchema('linnworks').safeParse({ applicationId: 'a', applicationSecret: 'b', token: 'c' }).success).toBe(true);
    expect(integrationCredentialsSchema('linnworks').safeParse({ applicationId: 'a', applicationSecret: 'b' }).success).toBe(false);
    expect(integrationCredentialsSchema('paypal').safeParse({ clientId: 'a', clientSecret: 'b', extra: 'c' }).success).toBe(false);
  });

  it('hints only at a long credential', () => {
    expect([credentialHint('d6aa2703655f4ba2af2a56202961ca86'), credentialHint('short-secret'), credentialHint('elevenchars'), credentialHint(null)]).toEqual(['ca86', 'cret', null, null]);
  });
});
