// The console's programmes in a real browser at 1440x900 (issue 19 item 8): a marketing staff member
// (made by the CLI, signed in through the API, the token put in the tab as the sign-in page does) opens
// the wheel, changes a weight and sees every slice's odds before saving; the save reaches a member's
// wheel. Screenshot: docs/screenshots/console-programmes.png. The wheel is put back afterwards, since
// the other browser tests share this server.
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { memberApi, opsCall, registerMember, sessionToken, useBrowser, type TestMember } from './browser.ts';
import { signedInStaff } from './staff.ts';

const base = inject('baseUrl');
const SHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;

/** A marketing staff member made by `npm run ops -- staff-add`, signed in, password chosen: its token. */
const marketingToken = () =>
  signedInStaff(base, inject('opsToken'), {
    username: 'programmes.mk',
    role: 'marketing',
    password: 'programmes passphrase',
  });

const member: TestMember = {
  phone: '0867770521',
  name: 'Malee Wheel',
  bankAccountNo: '7012340521',
  password: 'programmes-journey-1',
  bankCode: 'KBANK',
  bankAccountName: 'MALEE WHEEL',
};

describe('console programmes in the browser [console]', () => {
  const s = useBrowser({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });

  it(
    "[console] the wheel form shows each slice's odds before saving; the member's wheel has them after",
    { timeout: 120_000 },
    async () => {
      const original = (await opsCall('GET', '/api/ops/spin')) as { slices: unknown[]; active: boolean };
      const token = await marketingToken();
      await registerMember(member);
      const memberToken = await sessionToken(member);
      try {
        const page = s.page;
        await page.goto(`${base}/console/sign-in`);
        await page.evaluate((t) => {
          localStorage.setItem('locale', 'en');
          sessionStorage.setItem('console_token', t);
        }, token);
        await page.goto(`${base}/console/programmes/wheel`);
        await page.getByTestId('wheel-slices').waitFor();
        const weights = page.getByLabel(/^Weight of /);
        const count = await weights.count();
        expect(count).toBeGreaterThan(1);
        const before = await page.getByTestId('slice-odds-0').innerText();
        // The first slice weighs as much as all the others together: half the wheel, before any save.
        const others = await Promise.all(
          Array.from({ length: count - 1 }, async (_, i) =>
            Number((await weights.nth(i + 1).inputValue()).replace(/,/g, '')),
          ),
        );
        const rest = others.reduce((a, w) => a + w, 0);
        await weights.nth(0).fill(String(rest));
        await expect.poll(() => page.getByTestId('slice-odds-0').innerText()).toBe('50%');
        expect(before).not.toBe('50%');
        mkdirSync(SHOTS, { recursive: true });
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${SHOTS}console-programmes.png` });

        await page.getByTestId('wheel-save').click();
        await page.getByText('Saved.').first().waitFor();
        await opsCall('PUT', '/api/ops/spin/wheel', { active: true });
        const setup = (await memberApi(memberToken, 'GET', '/api/spinwheel/setup')) as {
          result: { activeSpinwheel: { slices: Array<{ probability: number }> } };
        };
        expect(setup.result.activeSpinwheel.slices[0]!.probability).toBe(0.5);
      } finally {
        await opsCall('PUT', '/api/ops/spin/slices', { slices: original.slices });
        await opsCall('PUT', '/api/ops/spin/wheel', { active: original.active });
      }
    },
  );
});
