// Shopify's values in Backroom's terms: global ids, money strings, statuses.
import { toMinor } from '@backroom/domain';
import { StorefrontError, type StorefrontFinancialStatus, type StorefrontProductStatus } from '../adapter.ts';

const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/;

/** 'gid://shopify/Order/450789469' for ('Order', 450789469 | '450789469' | the gid itself). */
export function toGid(type: string, id: string | number): string {
  const text = String(id).trim();
  if (GID.test(text)) return text;
  if (!/^\d{1,20}$/.test(text)) throw new StorefrontError('refused', `'${text.slice(0, 80)}' is not a Shopify ${type} id`);
  return `gid://shopify/${type}/${text}`;
}

/** The number at the end of a global id ('450789469'); the admin's addresses use it. */
export function legacyIdOf(gid: string): string {
  const match = GID.exec(gid);
  if (!match) throw new StorefrontError('response', `'${gid.slice(0, 80)}' is not a Shopify global id`);
  return match[2];
}

/** Minor units to Shopify's Money/Decimal text: 1999 -> '19.99', 5 -> '0.05'. */
export function toShopifyMoney(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new StorefrontError('refused', `A price must be a whole, non-negative number of minor units (got ${minor})`);
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Shopify's Money/Decimal text ('19.99', '20.0', '5') to minor units; exact (no float arithmetic). */
export function fromShopifyMoney(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  try {
    return toMinor(amount);
  } catch {
    throw new StorefrontError('response', `Shopify answered an amount that is not a number: '${String(amount).slice(0, 40)}'`);
  }
}

const PRODUCT_STATUSES: Record<string, StorefrontProductStatus> = { ACTIVE: 'active', DRAFT: 'draft', ARCHIVED: 'archived', UNLISTED: 'unlisted' };

export function productStatusOf(status: string): StorefrontProductStatus {
  const known = PRODUCT_STATUSES[status.toUpperCase()];
  if (!known) throw new StorefrontError('response', `Shopify answered an unknown product status '${status.slice(0, 40)}'`);
  return known;
}

const FINANCIAL_STATUSES = new Set<StorefrontFinancialStatus>(['pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided', 'expired']);

/** 'PAID' (GraphQL's displayFinancialStatus) or 'paid' (a webhook's financial_status) -> 'paid'. */
export function financialStatusOf(status: string | null | undefined): StorefrontFinancialStatus {
  const lower = (status ?? '').toLowerCase() as StorefrontFinancialStatus;
  return FINANCIAL_STATUSES.has(lower) ? lower : 'unknown';
}

/** A date Shopify sent ('2021-12-31T19:00:00-05:00'), or null when absent or unreadable. */
export function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The Admin API host of a shop: its myshopify domain, given as 'my-shop.myshopify.com', its bare handle
 * 'my-shop', or an address on it. The access token goes to no other host.
 */
export function shopifyAdminDomain(shop: string): string {
  let text = shop.trim().toLowerCase();
  text = text.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  if (/^[a-z0-9][a-z0-9-]{0,99}$/.test(text)) text = `${text}.myshopify.com`;
  if (!/^[a-z0-9][a-z0-9-]{0,99}\.myshopify\.com$/.test(text)) {
    throw new StorefrontError('auth', `'${shop.slice(0, 120)}' is not a Shopify shop domain (it looks like my-shop.myshopify.com)`);
  }
  return text;
}

/**
 * When the whole order shipped: Shopify says it is fulfilled (every line shipped), at the latest of its
 * successful fulfilments (their time; without one listed, the order's last change). A partly
 * fulfilled order has not shipped: a hold counted from shipping waits for all of it.
 */
export function shippedAtOf(fulfillmentStatus: string | null | undefined, fulfillments: readonly { createdAt: Date | null; status: string | null }[], fallback: Date | null): Date | null {
  if (fulfillmentStatus?.toLowerCase() !== 'fulfilled') return null;
  const times = fulfillments.filter((f) => f.status === null || f.status.toLowerCase() === 'success').flatMap((f) => (f.createdAt ? [f.createdAt.getTime()] : []));
  return times.length ? new Date(Math.max(...times)) : fallback;
}
