// The stock-take (/scanItems; docs/scanning.md): a location counted with a keyboard-wedge
// scanner; the result shows one missing item, one over-scanned (sold) item and one misplaced item,
// which one tap moves to the counted location; Logs lists the count. Then the camera: Chromium's fake
// camera shows an item's QR code and the item joins the list.
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { pickOption } from '../fixtures/antd';
import { DEMO, unique } from '../fixtures/demo';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../fixtures/chromium';
import { formatDateShort } from '@backroom/domain';
import { addActive, getItem, newProduct, post, signedIn } from './inventory-lists/lists.fixture';
import { writeQrVideo } from './scan/fake-camera';
import { scanWithWedge, shoot, toast } from './scan/scan.fixture';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000 });

const LOCATION = 'Uptown';

test.describe('[SCAN]: stock-take', () => {
  test('counts a location: missing, over scanned, misplaced moved in one tap, and the log', async ({ page }) => {
    test.setTimeout(180_000);
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Count Runner');
    const [here, missing, sold] = await addActive(staff, product, [
      { size: '9', price: 100, location: LOCATION },
      { size: '10', price: 110, location: LOCATION },
      { size: '11', price: 120, location: LOCATION },
    ]);
    const [misplaced] = await addActive(staff, product, [{ size: '12', price: 130, location: 'Downtown' }]);
    // sold at the counter, yet still on the shelf
    await post(staff, '/api/sales', { lines: [{ inventoryId: sold.id }], paymentMethod: 'cash', saleKey: unique('e2e-count') });

    await signInBrowser(page, DEMO.owner);
    await page.goto('/scanItems');
    await expect(page.getByText('Scan Items').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await pickOption(page, page.getByLabel('Location'), LOCATION);
    await shoot(page, 'scanItems-start');
    await page.getByRole('button', { name: 'START' }).click();
    await expect(page.getByTestId('stock-take-count')).toHaveText('0 items');
    await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled();
    await expect(page.getByLabel('Scanner input')).toBeFocused();

    const list = page.getByTestId('stock-take-list').locator('.ant-table-row');
    await scanWithWedge(page, here.code);
    await expect(list).toHaveCount(1);
    await scanWithWedge(page, ` ${sold.code.toLowerCase()} `);
    await expect(list).toHaveCount(2);
    // recorded at another location: the spec's message, and kept as misplaced
    await scanWithWedge(page, misplaced.code);
    await expect(toast(page, 'No items found for this location.')).toBeVisible();
    await expect(page.getByTestId('misplaced-count')).toContainText('1 item found here');
    await scanWithWedge(page, 'NOSUCHCODE1');
    await expect(list).toHaveCount(2);
    await expect(page.getByTestId('stock-take-count')).toHaveText('2 items');
    await expect(page.getByTestId('stock-take-list')).toContainText(here.code);
    await expect(page.getByTestId('stock-take-list')).toContainText('Ava');
    await shoot(page, 'scanItems-scanning');
    await expect(page.getByLabel('Scanner input')).toBeFocused();

    await page.getByRole('button', { name: 'Run' }).click();
    const missingTab = page.getByRole('tabpanel');
    await expect(missingTab).toContainText(missing.code);
    await expect(missingTab).not.toContainText(here.code);
    await expect(page.getByRole('button', { name: 'Scan Again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'PRINT' })).toBeVisible();
    await shoot(page, 'scanItems-results');

    await page.getByRole('tab', { name: /Over Scanned/ }).click();
    await expect(page.getByRole('tabpanel')).toContainText(sold.code);
    await expect(page.getByRole('tabpanel')).toContainText('Sold');

    await page.getByRole('tab', { name: /Misplaced/ }).click();
    await expect(page.getByRole('tabpanel')).toContainText(misplaced.code);
    await page.getByRole('button', { name: `Move to ${LOCATION}` }).click();
    await expect(toast(page, `${misplaced.code} moved to ${LOCATION}`)).toBeVisible();
    await expect(page.getByRole('tabpanel')).toContainText('Nothing misplaced');
    const moved = await getItem(staff, misplaced.id);
    expect(moved).toMatchObject({ location: LOCATION, status: 'Active' });

    await page.getByRole('tab', { name: 'Logs' }).click();
    const log = page.getByTestId('scan-log').first();
    await expect(log).toContainText(`${formatDateShort(new Date())} · ${LOCATION}`);
    await expect(log).toContainText('3 scanned');
    await log.getByRole('button', { name: 'VIEW' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(missing.code);

    // Scan Again: the same location, an empty list
    await page.getByRole('button', { name: 'Scan Again' }).click();
    await expect(page.getByTestId('stock-take-count')).toHaveText('0 items');
  });

  test('scans with the phone camera: a QR code read by the fake camera joins the list', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Camera Runner');
    const [item] = await addActive(staff, product, [{ size: '9', price: 90, location: LOCATION }]);
    const video = path.join(os.tmpdir(), `scan-camera-${process.pid}.y4m`);
    await writeQrVideo(item.code, video);

    // a browser of its own, whose camera shows the code
    const browser = await chromium.launch({
      executablePath: CHROMIUM_EXECUTABLE,
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, permissions: ['camera'] });
      const cspViolations: string[] = [];
      context.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|^Refused to /.test(msg.text())) cspViolations.push(msg.text());
      });
      const page = await context.newPage();
      const wasm: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.wasm')) wasm.push(r.url());
      });
      await signInBrowser(page, DEMO.owner);
      await page.goto('/scanItems');
      await pickOption(page, page.getByLabel('Location'), LOCATION);
      await page.getByRole('button', { name: 'START' }).click();
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await expect(page.getByTestId('camera-last-code')).toHaveText(`Read ${item.code}`, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('stock-take-list')).toContainText(item.code);
      await expect(page.getByTestId('stock-take-count')).toHaveText('1 items');
      // the decoder came from this server, not a CDN
      expect(wasm.length).toBeGreaterThan(0);
      for (const url of wasm) expect(new URL(url).host).toBe(new URL(page.url()).host);
      expect(cspViolations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
