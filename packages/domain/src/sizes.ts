// Size ordering (catalogue doc section 5: "Sizes sort numerically, else XXS, XS, S, M, L, XL, XXL").

export const APPAREL_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function numericValue(size: string): number | null {
  const text = size.trim();
  return NUMERIC.test(text) ? Number(text) : null;
}

function apparelRank(size: string): number {
  return (APPAREL_SIZES as readonly string[]).indexOf(size.trim().toUpperCase());
}

// Kinds sort in this order when mixed: numbers, then apparel letters, then anything else.
function kind(size: string): 0 | 1 | 2 {
  if (numericValue(size) !== null) return 0;
  if (apparelRank(size) >= 0) return 1;
  return 2;
}

/** Numeric when both are numbers ('9' < '10.5'), else apparel order, else natural text order. */
export function compareSizes(a: string, b: string): number {
  const ka = kind(a);
  const kb = kind(b);
  if (ka !== kb) return ka - kb;
  if (ka === 0) return (numericValue(a) ?? 0) - (numericValue(b) ?? 0);
  if (ka === 1) return apparelRank(a) - apparelRank(b);
  // numeric collation keeps 'US 9' before 'US 10'
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

/** A sorted copy; ascending by default. */
export function sortSizes<T extends string>(list: readonly T[], direction: 'asc' | 'desc' = 'asc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => sign * compareSizes(a, b));
}
