// What Lighthouse's accessibility audit found on /login, checked in Debian's Chromium as a member's
// browser paints it: every visible text reaches WCAG AA contrast against what it stands on (4.5:1, 3:1
// for large text), and the wordmark's accessible name begins with its visible text.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

const base = inject('baseUrl');

describe('contrast on /login', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[a11y] every text on /login reaches AA contrast (dimmed text and button labels included); the wordmark is named as it reads', async () => {
    const { page } = s;
    await page.goto(`${base}/login`);
    await page.locator('form button[type="submit"]').waitFor();
    // The first paint's texts and fonts settled.
    await page.evaluate(() => document.fonts.ready);
    const low = await page.evaluate(() => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = ([r, g, b]: number[]) =>
        [r!, g!, b!]
          .map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i]!, 0);
      /** The first opaque background behind an element (gradients and pictures are skipped). */
      const behind = (el: Element | null): number[] => {
        for (let e = el; e; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (
            c.length >= 3 &&
            (c.length < 4 || c[3]! > 0.9) &&
            getComputedStyle(e).backgroundImage === 'none'
          )
            return c;
          if (getComputedStyle(e).backgroundImage !== 'none') return [];
        }
        return [255, 255, 255];
      };
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (!n.textContent?.trim() || !el.checkVisibility?.()) continue;
        const st = getComputedStyle(el);
        const fg = rgb(st.color);
        const bg = behind(el);
        if (bg.length < 3 || (fg.length === 4 && fg[3]! < 1)) continue;
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        const ratio = (a! + 0.05) / (b! + 0.05);
        const size = parseFloat(st.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5))
          found.push(`${n.textContent.trim()} ${ratio.toFixed(2)} ${st.color} on ${bg.join(',')}`);
      }
      return found;
    });
    expect(low).toEqual([]);
    const wordmark = page.locator('a.wordmark').first();
    if (await wordmark.count()) {
      const label = (await wordmark.getAttribute('aria-label')) ?? '';
      const visible = (await wordmark.innerText()).replace(/\s+/g, ' ').trim();
      expect(label.toLowerCase().startsWith(visible.toLowerCase().split(' ')[0]!)).toBe(true);
    }
  });
});
