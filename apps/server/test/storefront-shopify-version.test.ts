// The Admin API version Backroom is pinned to must not be near the end of Shopify's support
// (docs/storefront-sync.md "Moving to the next API version"). This test reads today's date: it starts
// failing SHOPIFY_VERSION_WARNING_DAYS (90) days before the pinned version leaves support, which is
// the signal to move the pin as that section says.
import { describe, expect, it } from 'vitest';
import {
  releasedShopifyVersions,
  SHOPIFY_API_VERSION,
  SHOPIFY_VERSION_WARNING_DAYS,
  shopifyVersionDaysLeft,
  shopifyVersionSupport,
} from '../src/storefront/shopify/shopify-version.ts';
import { FAKE_API_VERSION } from './fakes/shopify-fake.ts';
import { SHOPIFY_SCHEMA_FIXTURE } from './fakes/shopify-schema.ts';

describe('the pinned Shopify Admin API version', () => {
  it(`is supported for more than ${SHOPIFY_VERSION_WARNING_DAYS} days from today`, () => {
    const today = new Date();
    const left = shopifyVersionDaysLeft(SHOPIFY_API_VERSION, today);
    const newest = releasedShopifyVersions(today, 1)[0];
    expect(
      left,
      `Admin API ${SHOPIFY_API_VERSION} leaves Shopify's support on ${shopifyVersionSupport(SHOPIFY_API_VERSION).supportedUntil.toISOString().slice(0, 10)} ` +
        `(${left} days): move to ${newest} (docs/storefront-sync.md "Moving to the next API version")`,
    ).toBeGreaterThan(SHOPIFY_VERSION_WARNING_DAYS);
  });

  it('is the one the fake speaks and the schema fixture is of', () => {
    expect(FAKE_API_VERSION).toBe(SHOPIFY_API_VERSION);
    expect(SHOPIFY_SCHEMA_FIXTURE.endsWith(`shopify-admin-${SHOPIFY_API_VERSION}.graphql.gz`)).toBe(true);
  });
});

describe('the support calendar', () => {
  it('supports a stable version twelve months from its release', () => {
    expect(shopifyVersionSupport('2026-10')).toEqual({ version: '2026-10', releasedOn: new Date('2026-10-01T00:00:00Z'), supportedUntil: new Date('2027-10-01T00:00:00Z') });
    expect(shopifyVersionSupport('2026-01').supportedUntil).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('would have flagged the old pin: 2026-01 has 34 days left on 2026-11-28, 2026-10 has 307', () => {
    const today = new Date('2026-11-28T00:00:00Z');
    expect(shopifyVersionDaysLeft('2026-01', today)).toBe(34);
    expect(shopifyVersionDaysLeft('2026-01', today)).toBeLessThanOrEqual(SHOPIFY_VERSION_WARNING_DAYS);
    expect(shopifyVersionDaysLeft('2026-10', today)).toBe(307);
    // the last day before the warning
    expect(shopifyVersionDaysLeft('2026-10', new Date('2027-07-02T00:00:00Z'))).toBe(91);
    expect(shopifyVersionDaysLeft('2026-10', new Date('2027-10-02T00:00:00Z'))).toBe(-1);
  });

  it('knows only stable versions', () => {
    for (const v of ['unstable', '2026-02', '2026-1', '26-01', '']) expect(() => shopifyVersionSupport(v), v).toThrow(/is not a stable Shopify API version/);
  });

  it('lists the released versions, newest first', () => {
    expect(releasedShopifyVersions(new Date('2026-11-28T00:00:00Z'))).toEqual(['2026-10', '2026-07', '2026-04', '2026-01']);
    expect(releasedShopifyVersions(new Date('2027-01-01T00:00:00Z'), 2)).toEqual(['2027-01', '2026-10']);
  });
});
