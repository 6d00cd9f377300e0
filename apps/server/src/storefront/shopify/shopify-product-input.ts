// What a product becomes in Shopify's productSet (docs/storefront-sync.md "The Shopify adapter"), and
// Shopify's refusals in Backroom's terms: shared by the single push (shopify-adapter.ts) and the bulk
// push (shopify-bulk.ts), so a product reads the same on both paths.
import { StorefrontError, type StorefrontProductInput, type StorefrontUserError } from '../adapter.ts';
import { oneLine } from './shopify-client.ts';
import { toShopifyMoney } from './shopify-values.ts';

/** Shopify allows 3 options per product and 2,048 variants by default. */
const MAX_OPTIONS = 3;
const MAX_VARIANTS = 2048;

export type UserErrorNode = { field: string[] | null; message: string; code?: string | null };

export function userErrorsOf(errors: UserErrorNode[] | null | undefined): StorefrontUserError[] {
  return (errors ?? []).map((e) => ({ field: e.field ?? null, message: oneLine(e.message ?? ''), code: e.code ?? null }));
}

export function refused(what: string, errors: StorefrontUserError[]): StorefrontError {
  return new StorefrontError('refused', `Shopify refused ${what}: ${errors.map((e) => e.message).join('; ')}`, { userErrors: errors });
}

/** Refuses, before calling Shopify, a product Shopify would refuse (or that the push could not match back). */
export function validateProduct(product: StorefrontProductInput): void {
  const fail = (message: string) => {
    throw new StorefrontError('refused', `${product.title || product.handle}: ${message}`);
  };
  if (!product.title?.trim()) fail('a product needs a title');
  if (!product.handle?.trim()) fail('a product needs a handle');
  if (product.options.length < 1 || product.options.length > MAX_OPTIONS) fail(`a product has 1 to ${MAX_OPTIONS} options (got ${product.options.length})`);
  if (new Set(product.options).size !== product.options.length) fail('two options have the same name');
  if (product.variants.length === 0) fail('a product needs at least one variant (unpublish a product with nothing on sale)');
  if (product.variants.length > MAX_VARIANTS) fail(`a product has at most ${MAX_VARIANTS} variants (got ${product.variants.length})`);
  const skus = new Set<string>();
  for (const v of product.variants) {
    if (!v.sku?.trim()) fail(`variant ${v.ref} has no SKU`);
    if (skus.has(v.sku)) fail(`two variants have the SKU ${v.sku}`);
    skus.add(v.sku);
    if (v.optionValues.length !== product.options.length) fail(`variant ${v.sku} has ${v.optionValues.length} option values for ${product.options.length} options`);
    if (v.optionValues.some((value) => !value?.trim())) fail(`variant ${v.sku} has an empty option value`);
  }
}

/** productSet's input for a product: the same for a single push and a line of a bulk push. */
export function productSetInput(product: StorefrontProductInput): Record<string, unknown> {
  const input: Record<string, unknown> = {
    title: product.title,
    handle: product.handle,
    status: product.status === 'draft' ? 'DRAFT' : 'ACTIVE',
    productOptions: product.options.map((name, i) => ({
      name,
      position: i + 1,
      values: [...new Set(product.variants.map((v) => v.optionValues[i]))].map((value) => ({ name: value })),
    })),
    variants: product.variants.map((v, index) => {
      const variant: Record<string, unknown> = {
        sku: v.sku,
        price: toShopifyMoney(v.priceMinor),
        position: index + 1,
        // one unique item per variant: tracked, and never sold beyond its stock
        inventoryPolicy: 'DENY',
        inventoryItem: { tracked: true },
        optionValues: product.options.map((optionName, i) => ({ optionName, name: v.optionValues[i] })),
      };
      if (v.id) variant.id = v.id;
      if (v.compareAtPriceMinor !== undefined) variant.compareAtPrice = v.compareAtPriceMinor === null ? null : toShopifyMoney(v.compareAtPriceMinor);
      if (v.barcode !== undefined) variant.barcode = v.barcode;
      if (v.taxable !== undefined) variant.taxable = v.taxable;
      // Shopify sets quantities on update only where the variant is already stocked: stock of an
      // existing variant moves through setStock.
      if (!v.id && v.initialStock?.length) {
        variant.inventoryQuantities = v.initialStock.map((s) => ({ locationId: s.locationId, name: 'available', quantity: s.quantity }));
      }
      return variant;
    }),
  };
  if (product.vendor !== undefined) input.vendor = product.vendor ?? '';
  if (product.productType !== undefined) input.productType = product.productType ?? '';
  if (product.descriptionHtml !== undefined) input.descriptionHtml = product.descriptionHtml ?? '';
  if (product.tags !== undefined) input.tags = product.tags;
  return input;
}
