// Debian's Chromium, headless, fresh profile, at a phone's size; screenshots go under e2e/screenshots for
// people to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib.mjs';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

export type Session = Awaited<ReturnType<typeof launchChromium>>;

export const openBrowser = (opts: { viewport?: { width: number; height: number } } = {}): Promise<Session> =>
  launchChromium(opts);

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}
