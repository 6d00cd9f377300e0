import { formatMoney, toMinor } from '@backroom/domain';

/** An API amount (major units) in the store currency; '' when there is none. */
export function productPrice(major: number | null | undefined, currency: string | null | undefined): string {
  if (major === null || major === undefined || !Number.isFinite(major)) return '';
  return formatMoney(toMinor(major), currency || 'USD');
}

/** The spec's '{n} listings' (one listing in the singular). */
export function listingsLabel(n: number): string {
  return `${n} ${n === 1 ? 'listing' : 'listings'}`;
}

/**
 * The query of /products/create that prefills the form (spec 2, Create product): used by
 * Duplicate on the product page.
 */
export function duplicateQuery(p: {
  title: string;
  sku: string;
  stockXId: string | null;
  brand: string;
  category: string;
  gender: string;
  image: string | null;
}): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | null) => {
    if (value) params.set(key, value);
  };
  set('title', p.title);
  set('sku', p.sku);
  set('stockXId', p.stockXId);
  set('brand', p.brand);
  set('category', p.category);
  set('gender', p.gender);
  set('image_url', p.image);
  return params.toString();
}
