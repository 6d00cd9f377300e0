import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABEL_OPTIONS } from './constants.ts';
import {
  LABEL_MESSAGES,
  SAMPLE_LABEL_ITEM,
  barcodeText,
  boxesInside,
  ellipsize,
  itemLink,
  layoutLabel,
  planLabels,
  storefrontLink,
  textWidthMm,
  toLatin1,
  wrapText,
  type LabelItem,
  type LabelSettings,
} from './labels.ts';
import { LABEL_MM_MAX, LABEL_MM_MIN } from './schemas/store-settings.ts';

const settings = (over: Partial<LabelSettings> = {}): LabelSettings => ({
  labelSize: { width: 57, height: 32 },
  labelOptions: ['Item Description', 'Item Id', 'Size', 'Price', 'QR Code'],
  customBarcode: null,
  currency: 'USD',
  logo: null,
  labelLayout: null,
  customShopifyUrl: null,
  shopifyTrackingParams: [],
  shop: null,
  linkOrigin: 'https://shop.example',
  hasStorefront: false,
  ...over,
});
const item = (over: Partial<LabelItem> = {}): LabelItem => ({ ...SAMPLE_LABEL_ITEM, ...over });
const targets = { item: 'https://shop.example/inventories/1', storefront: null };

/** Every text line fits its box's width, and every box lies inside the label. */
function expectFits(s: LabelSettings, it: LabelItem = item()) {
  const layout = layoutLabel(s, it, targets);
  expect(boxesInside(layout)).toBe(true);
  for (const b of layout.boxes) {
    if (b.kind !== 'text') continue;
    for (const line of b.lines) expect(textWidthMm(line, b.fontPt, b.bold)).toBeLessThanOrEqual(b.w + 1e-6);
    expect(b.fontPt).toBeGreaterThanOrEqual(4);
  }
  return layout;
}

describe('label layout', () => {
  it('places the chosen fields inside a 57 x 32 mm label', () => {
    const layout = expectFits(settings());
    const fields = layout.boxes.map((b) => (b.kind === 'text' ? b.field : b.kind === 'qr' ? b.field : b.kind));
    expect(fields).toEqual(expect.arrayContaining(['QR Code', 'Item Description', 'Price', 'Size', 'Item Id']));
  });

  it('shows only the fields the store chose', () => {
    const layout = expectFits(settings({ labelOptions: ['Price'] }));
    expect(layout.boxes).toHaveLength(1);
    expect(layout.boxes[0]).toMatchObject({ kind: 'text', field: 'Price', lines: ['$180.00'] });
  });

  it('wraps a long title to at most three lines and shortens the rest, never wider than its box', () => {
    const long = 'Nike Air Jordan 1 Retro High OG Chicago Lost and Found Special Edition with Extra Laces and a Very Long Name Indeed';
    const layout = expectFits(settings({ labelOptions: ['Item Description'] }), item({ title: long }));
    const title = layout.boxes.find((b) => b.kind === 'text' && b.field === 'Item Description');
    expect(title?.kind === 'text' && title.lines.length).toBeLessThanOrEqual(3);
    expect(title?.kind === 'text' && title.lines.at(-1)).toMatch(/\.\.\.$/);
  });

  it('cuts a single word wider than the label', () => {
    const layout = expectFits(settings({ labelSize: { width: 20, height: 10 }, labelOptions: ['Item Description', 'SKU'] }), item({ title: 'X'.repeat(200), sku: 'Y'.repeat(200) }));
    expect(layout.boxes.length).toBeGreaterThan(0);
  });

  it('fits every field on every size in the allowed range, in each layout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: LABEL_MM_MIN, max: LABEL_MM_MAX }),
        fc.integer({ min: LABEL_MM_MIN, max: LABEL_MM_MAX }),
        fc.subarray([...LABEL_OPTIONS], { minLength: 1 }),
        fc.constantFrom(null, 32 as const, 101 as const),
        fc.constantFrom(null, 'SKU' as const, 'CODE' as const, 'GTIN' as const),
        fc.string({ maxLength: 300 }),
        (width, height, labelOptions, labelLayout, customBarcode, title) => {
          expectFits(settings({ labelSize: { width, height }, labelOptions, labelLayout, customBarcode, logo: '/logo.png' }), item({ title }));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('draws the customBarcode choice as a Code128 strip', () => {
    const layout = expectFits(settings({ customBarcode: 'SKU' }));
    expect(layout.boxes.find((b) => b.kind === 'barcode')).toMatchObject({ text: 'DZ5485-612' });
    expect(barcodeText({ customBarcode: 'GTIN' }, item({ gtin: null }))).toBeNull();
    expect(barcodeText({ customBarcode: 'CODE' }, item({ code: 'AB 12' }))).toBe('AB 12');
    expect(barcodeText({ customBarcode: null }, item())).toBeNull();
  });

  it('label 32 splits the label in two halves: codes left, details right', () => {
    const layout = expectFits(settings({ labelLayout: 32, labelSize: { width: 90, height: 25 } }));
    const qr = layout.boxes.find((b) => b.kind === 'qr');
    const title = layout.boxes.find((b) => b.kind === 'text' && b.field === 'Item Description');
    expect(qr && qr.x + (qr.kind === 'qr' ? qr.size : 0)).toBeLessThanOrEqual(45);
    expect(title && title.x).toBeGreaterThanOrEqual(45);
  });

  it('label 101 puts the price across the top, larger than the rest', () => {
    const layout = expectFits(settings({ labelLayout: 101, labelSize: { width: 50, height: 50 } }));
    const texts = layout.boxes.filter((b) => b.kind === 'text');
    const price = texts.find((b) => b.field === 'Price');
    expect(price?.y).toBe(Math.min(...texts.map((b) => b.y)));
    expect(price?.kind === 'text' && price.fontPt).toBeGreaterThan(Math.max(...texts.filter((b) => b.field !== 'Price').map((b) => (b.kind === 'text' ? b.fontPt : 0))));
  });

  it('captions the storefront QR code with Scan to shop', () => {
    const layout = expectFits(settings({ labelOptions: ['Shopify QR Code', 'Scan To Shop', 'Price'] }));
    expect(layout.boxes.some((b) => b.kind === 'text' && b.field === 'Scan To Shop' && b.lines[0] === 'Scan to shop')).toBe(true);
  });
});

describe('text for the built-in fonts', () => {
  it('keeps Latin-1 and replaces the rest', () => {
    expect(toLatin1('Café Müller')).toBe('Café Müller');
    expect(toLatin1('Zoë’s “Łódź” – €5 日本')).toBe('Zoë\'s "Lódz" - EUR5 ??');
  });
  it('ellipsizes and wraps within a width', () => {
    expect(ellipsize('short', 100, 10)).toBe('short');
    const cut = ellipsize('a fairly long sentence of text', 20, 10);
    expect(cut.endsWith('...')).toBe(true);
    expect(textWidthMm(cut, 10)).toBeLessThanOrEqual(20);
    const lines = wrapText('one two three four five six seven eight nine ten', 15, 10, 2);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(textWidthMm(l, 10)).toBeLessThanOrEqual(15);
  });
});

describe('where the QR code points and which items get a label', () => {
  const sf = settings({ hasStorefront: true, shop: 'my-shop.myshopify.com', shopifyTrackingParams: [{ param: 'utm_source', value: 'label' }] });

  it("points at the item's page from the store's link origin", () => {
    expect(itemLink('https://shop.example/', 'abc')).toBe('https://shop.example/inventories/abc');
  });

  it('labels an item the shop does not list now (not sellable) with its own page, not the shop', () => {
    const sf = { ...settings(), hasStorefront: true, shop: 'demo.myshopify.com' };
    const plan = planLabels(sf, [item({ shopifyId: null, sellableNow: false })]);
    expect(plan.skipped).toEqual([]);
    expect(plan.printable[0].targets.storefront).toBeNull();
    expect(plan.printable[0].targets.item).toMatch(/\/inventories\//);
  });

  it('a store without a storefront labels every item, the QR code on the item page', () => {
    const plan = planLabels(settings(), [item({ shopifyId: null }), item({ id: 'b', shopifyId: 'gid://shopify/ProductVariant/9' })]);
    expect(plan.skipped).toEqual([]);
    expect(plan.messages).toEqual([]);
    expect(plan.printable.map((p) => p.targets)).toEqual([
      { item: `https://shop.example/inventories/${SAMPLE_LABEL_ITEM.id}`, storefront: null },
      { item: 'https://shop.example/inventories/b', storefront: null },
    ]);
  });

  it('a store with a storefront skips items without a storefront id or product, with the spec messages', () => {
    const plan = planLabels(sf, [
      item({ id: 'a', shopifyId: null }),
      item({ id: 'b', title: 'Dunk Low', shopifyId: 'gid://shopify/ProductVariant/9', storefrontHandle: null }),
      item({ id: 'c', shopifyId: 'gid://shopify/ProductVariant/42', storefrontHandle: 'dunk-low' }),
    ]);
    expect(plan.skipped.map((s) => s.item.id)).toEqual(['a', 'b']);
    expect(plan.messages).toEqual([LABEL_MESSAGES.resyncedWithoutShopifyId, 'No Shopify Product Found for Dunk Low. Resyncing']);
    expect(plan.printable[0]?.targets.storefront).toBe('https://my-shop.myshopify.com/products/dunk-low?variant=42&utm_source=label');
  });

  it('uses customShopifyUrl before the shop address', () => {
    expect(storefrontLink({ ...sf, customShopifyUrl: 'https://store.example.com/' }, { shopifyId: '7', storefrontHandle: 'x y' })).toBe('https://store.example.com/products/x%20y?variant=7&utm_source=label');
  });
});
