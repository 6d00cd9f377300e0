// Shared by the scanning specs (docs/scanning.md): screenshots to /tmp/scan-shots and a GTIN with its check digit.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { gtinCheckDigit } from '@backroom/domain';
import { DESKTOP, PHONE } from '../../fixtures/screens';

const SHOTS = process.env.SCAN_SHOTS_DIR ?? '/tmp/scan-shots';

/** The page at 1440 and 390 px wide, then back to the desktop width. */
export async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    // let media queries and antd motion settle
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/** A valid EAN-13 no product has yet. */
export function freshGtin(): string {
  const body = `20${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`.slice(0, 12);
  return body + gtinCheckDigit(body);
}

/**
 * Types a code the way a keyboard-wedge scanner does: every character a few milliseconds apart, then
 * Enter, on whatever has the focus.
 */
export async function scanWithWedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 8 });
  await page.keyboard.press('Enter');
}

/** The toast with exactly this text (the newest, when the same text was shown twice). */
export function toast(page: Page, text: string) {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.ant-message-notice').filter({ hasText: exact }).last();
}
