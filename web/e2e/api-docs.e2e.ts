// The API reference page (GET /api/docs, server/src/http/api-docs.ts) in Debian's Chromium: Swagger UI
// renders the document from this site alone, under the page's policy (no inline script or style), and a
// call tried from it reaches the API.
import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from './browser.ts';

const base = inject('baseUrl');

describe('the API reference page in the browser', () => {
  const s = useBrowser({ viewport: { width: 1440, height: 900 } });

  it('[api-doc] /api/docs shows every tag of the document, loads nothing from elsewhere and breaks no policy', async () => {
    const { page } = s;
    const problems: string[] = [];
    const origins = new Set<string>();
    page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
    page.on('pageerror', (e) => void problems.push(e.message));
    page.on('request', (r) => void origins.add(new URL(r.url()).origin));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );

    await page.goto(`${base}/api/docs`);
    const spec = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      tags: Array<{ name: string }>;
    };
    await expect
      .poll(() => page.locator('.opblock-tag').allTextContents())
      .toEqual(spec.tags.map((t) => expect.stringContaining(t.name)));
    await expect.poll(() => page.getByRole('button', { name: /Authorize/ }).count()).toBe(1);
    await screenshot(page, 'api-docs');

    // A public call, tried out from the page.
    await page.locator('.opblock-tag', { hasText: 'lookups' }).click();
    const banks = page.locator('.opblock', { hasText: '/api/lookup/banks' });
    await banks.locator('.opblock-summary-control').click();
    await banks.getByRole('button', { name: 'Try it out' }).click();
    await banks.getByRole('button', { name: 'Execute' }).click();
    await expect
      .poll(() => banks.locator('.live-responses-table tbody .response-col_status').first().textContent())
      .toBe('200');

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([base]);
  });
});
