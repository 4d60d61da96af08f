// Thai and Lao on a machine without Thai or Lao system fonts (this one: Debian's Chromium with DejaVu
// only): every text Krapao draws in those scripts comes from its self-hosted Noto Sans, else the browser
// draws empty boxes. The header's language switch (both names on every page), the demo slot's page (the
// simulated game's own) and the how-to videos' captions. What draws each glyph is asked of Chromium itself
// (DevTools CSS.getPlatformFontsForNode: the fonts that laid out a node's text, web fonts marked custom).
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import { memberApi, registerMember, sessionToken, useBrowser, type TestMember } from './browser.ts';

const base = inject('baseUrl');
/** A member of this file's own, for the demo slot. */
const member: TestMember = {
  phone: '0867770063',
  password: 'fonts-draw-63',
  name: 'Noi Saengthong',
  bankCode: 'SCB',
  bankAccountName: 'NOI SAENGTHONG',
  bankAccountNo: '6630001234',
};

/** Thai (U+0E00-0E7F) and Lao (U+0E80-0EFF): what the system has no font for here. */
const SCRIPT = /[\u0E00-\u0EFF]/u;

interface DrawnBy {
  /** The web fonts that drew some of the text. */
  custom: string[];
  /** How many glyphs the system's fonts drew. */
  systemGlyphs: number;
}

/** Chromium's DevTools on the page, with the DOM and CSS domains on. */
async function devtools(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

async function drawnBy(cdp: CDPSession, nodeId: number): Promise<DrawnBy> {
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return {
    custom: fonts.filter((f) => f.isCustomFont).map((f) => f.familyName),
    systemGlyphs: fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0),
  };
}

/** The fonts that drew each element `selector` finds in the page (not inside shadow roots). */
async function drawnByAll(page: Page, selector: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const cdp = await devtools(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    return await Promise.all(nodeIds.map((id) => drawnBy(cdp, id)));
  } finally {
    await cdp.detach();
  }
}

/**
 * The text's Thai and Lao letters were all drawn by the self-hosted fonts: the system's fonts drew no more
 * glyphs than the text has characters outside those scripts (spaces, digits, quotes).
 */
function expectSelfHosted(drawn: DrawnBy, text: string, family: RegExp) {
  const others = [...text].filter((c) => !SCRIPT.test(c)).length;
  expect(drawn.custom.join(', '), text).toMatch(family);
  expect(drawn.systemGlyphs, `${text}: glyphs drawn by the system's fonts`).toBeLessThanOrEqual(others);
}

/** The language chosen beforehand, nothing cached, and every font the page then asks for. */
async function visit(page: Page, path: string, locale: 'th' | 'la' | 'en') {
  await page.goto(`${base}/api/lookup/active`);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const fonts: Array<{ url: string; bytes: number }> = [];
  const onResponse = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() !== 'font') return;
    res.body().then(
      (body) => fonts.push({ url: res.url(), bytes: body.length }),
      () => {},
    );
  };
  page.on('response', onResponse);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  page.off('response', onResponse);
  return fonts;
}

describe('Thai and Lao drawn in the self-hosted fonts', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[care] the header\'s language switch draws "ไทย" and "ລາວ" in them on Thai, Lao and English pages; a Thai page fetches three Lao letters, not the Lao font', async () => {
    const { page } = s;
    for (const locale of ['th', 'la', 'en'] as const) {
      const fonts = await visit(page, '/login', locale);
      await page.locator('.lang-switch').waitFor();
      const [thai, lao] = await Promise.all([
        drawnByAll(page, '.lang-switch span[lang="th"]'),
        drawnByAll(page, '.lang-switch span[lang="lo"]'),
      ]);
      expect(thai, locale).toHaveLength(1);
      expect(lao, locale).toHaveLength(1);
      expectSelfHosted(thai[0]!, 'ไทย', /Noto Sans Thai/);
      expectSelfHosted(lao[0]!, 'ລາວ', /Noto Sans Lao/);
      expect(fonts.every((f) => f.url.startsWith(`${base}/assets/`))).toBe(true);
      // The names' own fonts are a few KB; Noto Sans Lao comes whole to a Lao page only (every page
      // shows the site's name, กระเป๋า on Thai and English pages, in Noto Sans Thai).
      const named = (name: string) => fonts.filter((f) => f.url.includes(name));
      for (const f of named('language-names-')) expect(f.bytes, f.url).toBeLessThan(4 * 1024);
      if (locale !== 'la') expect(named('noto-sans-lao'), locale).toEqual([]);
    }
  });

  it("[care] the demo slot's page (the simulated game's own) draws its Thai and Lao words in them", async () => {
    const { page } = s;
    await registerMember(member);
    const token = await sessionToken(member);
    await memberApi(token, 'GET', '/api/wallet/activate/PG');
    const account = await memberApi(token, 'GET', '/api/wallet/account/PG');
    const launch = await memberApi(token, 'GET', `/api/autoLogin/PG/${String(account.username)}`);
    const fonts: string[] = [];
    const onRequest = (req: import('playwright-core').Request) => {
      if (req.resourceType() === 'font') fonts.push(req.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(new URL(String(launch.link), base).href, { waitUntil: 'networkidle' });
      const title = 'สล็อตทดลอง';
      await expect.poll(() => page.locator('h1').innerText()).toBe(title);
      expectSelfHosted((await drawnByAll(page, 'h1'))[0]!, title, /Noto Sans Thai/);
      expectSelfHosted((await drawnByAll(page, '[data-lang="th"]'))[0]!, 'ไทย', /Noto Sans Thai/);
      expectSelfHosted((await drawnByAll(page, '[data-lang="la"]'))[0]!, 'ລາວ', /Noto Sans Lao/);
      // In Lao, the page's words are Lao.
      await page.locator('[data-lang="la"]').click();
      await expect.poll(() => page.locator('h1').innerText()).toBe('ສະລັອດທົດລອງ');
      expectSelfHosted((await drawnByAll(page, 'h1'))[0]!, 'ສະລັອດທົດລອງ', /Noto Sans Lao/);
      expect(fonts.length).toBeGreaterThan(0);
      expect(
        fonts.every((url) => url.startsWith(`${base}/sim/games/fonts/`)),
        fonts.join(' '),
      ).toBe(true);
    } finally {
      page.off('request', onRequest);
    }
  });

  it("[care] the how-to videos' captions are drawn in them, in Thai and in Lao", async () => {
    const { page } = s;
    for (const [locale, title] of [
      ['th', th.howto.title],
      ['la', la.howto.title],
    ] as const) {
      await visit(page, '/howto', locale);
      await expect.poll(() => page.getByRole('heading', { name: title }).count()).toBe(1);
      // The first caption on screen: the video loaded and moved into its first cue.
      const cue = await page.getByTestId('howto-video-register').evaluate(async (el) => {
        const v = el as HTMLVideoElement;
        const track = v.textTracks[0]!;
        v.muted = true;
        v.preload = 'auto';
        v.load();
        await new Promise((resolve) => v.addEventListener('loadeddata', resolve, { once: true }));
        track.mode = 'showing';
        const first = await new Promise<VTTCue>((resolve) => {
          const look = () => (track.cues?.length ? resolve(track.cues[0] as VTTCue) : setTimeout(look, 50));
          look();
        });
        await new Promise((resolve) => {
          v.addEventListener('seeked', resolve, { once: true });
          v.currentTime = (first.startTime + first.endTime) / 2;
        });
        return first.text;
      });
      expect(cue, locale).toMatch(SCRIPT);
      // The cue's box is in the video's own (user-agent) shadow tree: find its text there.
      const cdp = await devtools(page);
      try {
        const holder = async () =>
          textHolder((await cdp.send('DOM.getDocument', { depth: -1, pierce: true })).root, cue);
        await expect.poll(holder).toBeDefined();
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const drawn = await drawnBy(cdp, (await holder())!);
        expectSelfHosted(drawn, cue, locale === 'th' ? /Noto Sans Thai/ : /Noto Sans Lao/);
      } finally {
        await cdp.detach();
      }
    }
  });
});

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeValue: string;
  parentId?: number;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** The element whose own text is `text`, anywhere in the tree, shadow roots included. */
function textHolder(node: DomNode, text: string): number | undefined {
  if (node.nodeType === 3 && node.nodeValue === text) return node.parentId;
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
    const found = textHolder(child, text);
    if (found) return found;
  }
  return undefined;
}
