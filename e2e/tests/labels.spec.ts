// Labels (docs/scanning.md): Ready To Print prints and marks printed in one step, the PDF read back (pages,
// page size in mm, the QR code decoded); the item page's Print label; the settings' live preview.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { LABEL_OPTIONS, planLabels, type LabelSettings } from '@backroom/domain';
import { drawLabelsPdf, FIXED_MASK_FROM } from '../../apps/web/src/features/labels/draw-pdf';
import { expect, test, type Page } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO } from '../fixtures/demo';
import { addActive, gotoList, newProduct, rows, signedIn, getItem } from './inventory-lists/lists.fixture';

const SHOTS = '/tmp/labels-shots';
const OUT = fs.mkdtempSync('/tmp/labels-pdf-');
const MM_PER_PT = 25.4 / 72;

// zxing's decoder from node_modules (it would fetch its .wasm from a CDN otherwise)
const WASM = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: fs.readFileSync(WASM).buffer as ArrayBuffer } });

/** Page count and each page's size in mm, from poppler's pdfinfo. */
function pdfPages(file: string): { pages: number; sizes: { width: number; height: number }[] } {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '1000', file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]) * MM_PER_PT, height: Number(m[2]) * MM_PER_PT }));
  return { pages, sizes };
}

/** The QR codes on one page: rasterized by pdftoppm, decoded by zxing. */
async function qrTexts(file: string, page: number, formats: ('QRCode' | 'Code128')[] = ['QRCode']): Promise<string[]> {
  const prefix = path.join(OUT, `page-${page}`);
  execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '400', '-png', '-singlefile', file, prefix]);
  const results = await readBarcodes(new Blob([fs.readFileSync(`${prefix}.png`)]), { formats, tryHarder: true });
  return results.map((r) => r.text);
}

async function savedPdf(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('inventory_label.pdf');
  const target = path.join(OUT, name);
  await file.saveAs(target);
  return target;
}

test.describe('[LABELS]: printing', () => {
  test('Ready To Print prints three labels, marks them printed, and the PDF holds their QR codes', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Label Runner');
    const items = await addActive(staff, product, [
      { size: '9', price: 100 },
      { size: '10', price: 110 },
      { size: '11', price: 120 },
    ]);
    const store = (await (await staff.get('/open/stores/current')).json()).data as { id: string; linkOrigin: string; hasStorefront: boolean };
    expect(store.hasStorefront).toBe(false);
    const settings = (await (await staff.get(`/api/stores/${store.id}`)).json()).data as { labelSize: { width: number; height: number } };

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/readyToPrint?search=${product.sku}`);
    await expect(rows(page)).toHaveCount(3);
    await page.getByTestId('select-page').click();
    await expect(page.getByTestId('selected-count')).toHaveText('3 selected');

    // the label data answer held back a moment, so the progress is seen (and photographed)
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/labels', async (route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await page.getByTestId('print-labels').click();
    await expect(page.getByTestId('label-progress')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/ready-to-print-progress-1440.png`, fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('label-progress')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/ready-to-print-progress-390.png`, fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    // the page stays usable meanwhile
    await expect(page.getByTestId('list-title')).toHaveText('Ready To Print');
    release();
    const file = await download;
    expect(file.suggestedFilename()).toBe('inventory_label.pdf');
    const pdf = path.join(OUT, 'ready.pdf');
    await file.saveAs(pdf);

    // the items leave Ready To Print once the PDF was made
    await expect(page.getByTestId('list-empty')).toBeVisible();
    for (const item of items) expect((await getItem(staff, item.id)).status).toBe('Active');
    const printed = await Promise.all(items.map(async (i) => ((await (await staff.get(`/api/inventories/${i.id}`)).json()).data as { printed: boolean }).printed));
    expect(printed).toEqual([true, true, true]);

    const { pages, sizes } = pdfPages(pdf);
    expect(pages).toBe(3);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(settings.labelSize.width, 0);
      expect(size.height).toBeCloseTo(settings.labelSize.height, 0);
    }
    const decoded = [await qrTexts(pdf, 1), await qrTexts(pdf, 2), await qrTexts(pdf, 3)].flat();
    expect(decoded.sort()).toEqual(items.map((i) => `${store.linkOrigin}/inventories/${i.id}`).sort());
  });

  test("the item page's Print label saves one label; Find Inventory re-prints without marking", async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Label Single');
    const [item] = await addActive(staff, product, [{ size: '8', price: 90 }]);

    await signInBrowser(page, DEMO.owner);
    await page.goto(`/inventories/${item.id}`);
    const button = page.getByTestId('print-label');
    await expect(button).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/item-print-label-1440.png` });
    const single = await savedPdf(page, () => button.click(), 'single.pdf');
    expect(pdfPages(single).pages).toBe(1);
    await expect(page.getByText('1 label saved as inventory_label.pdf')).toBeVisible();
    // printing from the item page prints; it does not take the item off Ready To Print
    expect(((await (await staff.get(`/api/inventories/${item.id}`)).json()).data as { printed: boolean }).printed).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('print-label')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/item-print-label-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Find Inventory with any status: Re-print items
    await gotoList(page, `/findInventory?search=${product.sku}&status=any`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByTestId('select-page').click();
    await expect(page.getByTestId('print-labels')).toHaveText('Re-print items');
    const again = await savedPdf(page, () => page.getByTestId('print-labels').click(), 'again.pdf');
    expect(pdfPages(again).pages).toBe(1);
  });

  test('the label settings preview follows the size and fields, and the size is bounded', async ({ page }) => {
    await signInBrowser(page, DEMO.owner);
    await page.goto('/settings');
    const preview = page.getByTestId('label-preview');
    await preview.scrollIntoViewIfNeeded();
    await expect(preview.locator('svg')).toBeVisible();
    const width = page.getByLabel('Label width');
    await width.fill('90');
    await expect(preview.getByRole('img')).toHaveAttribute('aria-label', /Label preview, 90 by \d+ mm/);
    await page.getByTestId('label-layout').click();
    await page.getByText('Price tag (101)', { exact: false }).click();
    await expect(preview.locator('[data-field="Price"]')).toBeVisible();
    // the label card with its preview in view
    await preview.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/settings-labels-1440.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await preview.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(preview.locator('svg')).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/settings-labels-390.png` });
  });

  test("a large batch's PDF (fixed QR mask) reads back: QR codes and the Code128 barcode of each label", async () => {
    const settings: LabelSettings = {
      labelSize: { width: 57, height: 32 },
      labelOptions: LABEL_OPTIONS.filter((o) => o !== 'Logo'),
      customBarcode: 'CODE',
      currency: 'USD',
      logo: null,
      labelLayout: null,
      customShopifyUrl: null,
      shopifyTrackingParams: [],
      shop: null,
      linkOrigin: 'https://backroom.example.com',
      hasStorefront: false,
    };
    const n = FIXED_MASK_FROM + 20;
    const items = Array.from({ length: n }, (_, i) => ({
      id: crypto.randomUUID(),
      code: `BR${100000 + i}`,
      title: `Air Jordan 1 Retro High OG ${i}`,
      sku: 'DZ5485-612',
      size: '10',
      consignerId: crypto.randomUUID(),
      consignerName: 'Jamie Rivera',
      payoutFee: 3600,
      price: 18000,
      subLocation: 'Shelf A',
      gtin: null,
      shopifyId: null,
      storefrontHandle: null,
    }));
    const plan = planLabels(settings, items);
    const file = path.join(OUT, 'large.pdf');
    fs.writeFileSync(file, Buffer.from(drawLabelsPdf(settings, plan.printable, null)));
    expect(pdfPages(file).pages).toBe(n);
    for (const p of [1, Math.ceil(n / 2), n]) {
      const label = plan.printable[p - 1]!;
      expect((await qrTexts(file, p, ['QRCode', 'Code128'])).sort()).toEqual([label.item.code, label.targets.item].sort());
    }
  });
});
