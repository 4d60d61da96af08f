// Debian's Chromium, headless, fresh profile, at a phone's size; screenshots go under e2e/screenshots for
// people to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { launchChromium } from '../../scripts/lib.mjs';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

export type Session = Awaited<ReturnType<typeof launchChromium>>;

export const openBrowser = (
  opts: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<Session> => launchChromium(opts);

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** WD-2 in English: withdraws from the action drawer and sees the withdrawal pending. */
export async function withdrawInBrowser(page: Page, amount: string, shot?: string) {
  await page.getByRole('button', { name: en.nav.actions }).click();
  await page.getByRole('button', { name: en.actions.withdraw }).click();
  const withdraw = page.getByRole('dialog', { name: en.withdraw.title });
  await withdraw.getByLabel(/^Amount/).fill(amount);
  await withdraw.getByRole('button', { name: en.withdraw.submit }).click();
  await expect.poll(() => withdraw.getByText(en.withdraw.doneTitle).count()).toBeGreaterThan(0);
  await expect.poll(() => withdraw.getByText(en.withdraw.status.PENDING).count()).toBeGreaterThan(0);
  if (shot) await screenshot(page, shot);
  await withdraw.getByRole('button', { name: en.withdraw.done }).click();
}

/** On /user/statement in English: refreshes until `count` entries show as successful (a payout settling). */
export async function expectSuccessfulEntries(page: Page, count: number) {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: en.statement.refresh }).click();
        return page.getByText(en.statement.status.success).count();
      },
      { timeout: 15_000 },
    )
    .toBe(count);
}
