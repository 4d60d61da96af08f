// HELP-1 in Debian's Chromium: the how-to page's videos (made by `npm run docs:videos`, served from
// web/public/howto) really load and play, with their captions in the page's language. The phone picture
// docs/screenshot-howto.png is taken here.
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';

const base = inject('baseUrl');
const DOCS = new URL('../../docs/', import.meta.url).pathname;
const KEYS = ['register', 'depositBank', 'depositQr', 'withdraw', 'transferPlay'];

describe('how-to videos in the browser', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[HELP-1] a visitor sees five videos with posters; each loads, plays and shows its captions', async () => {
    const { page } = s;
    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.goto(`${base}/howto`);
    await expect.poll(() => page.getByRole('article').count()).toBe(5);
    // The posters are there before anything plays (preload="none": no video bytes yet).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLVideoElement>('video')].map((v) => v.poster.split('/').pop()),
        ),
      )
      .toEqual(KEYS.map((k) => `${k}.webp`));
    for (const key of KEYS) {
      const poster = await fetch(`${base}/howto/${key}.webp`);
      expect(poster.status, key).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/webp');
    }
    // The players' own loading ring fades out a moment after the page settles: the picture without it.
    await page.waitForTimeout(3_000);
    await screenshot(page, 'howto-th');
    await page.screenshot({ path: `${DOCS}screenshot-howto.png` });

    for (const key of KEYS) {
      const played = await page.getByTestId(`howto-video-${key}`).evaluate(async (el) => {
        const v = el as HTMLVideoElement;
        v.muted = true;
        await v.play();
        const started = Date.now();
        while (v.currentTime < 0.5 && Date.now() - started < 10_000) {
          await new Promise((r) => setTimeout(r, 100));
        }
        v.pause();
        const track = v.textTracks[0];
        return {
          readyState: v.readyState,
          duration: v.duration,
          currentTime: v.currentTime,
          width: v.videoWidth,
          height: v.videoHeight,
          error: v.error?.code ?? null,
          track: track ? { language: track.language, mode: track.mode, cues: track.cues?.length ?? 0 } : null,
          firstCue: (track?.cues?.[0] as VTTCue | undefined)?.text ?? '',
        };
      });
      expect(played.error, key).toBeNull();
      expect(played.readyState, key).toBeGreaterThanOrEqual(2);
      expect(played.duration, key).toBeGreaterThan(5);
      expect(played.currentTime, key).toBeGreaterThanOrEqual(0.5);
      expect([played.width, played.height], key).toEqual([390, 844]);
      expect(played.track, key).toMatchObject({ language: 'th', mode: 'showing' });
      expect(played.track!.cues, key).toBeGreaterThanOrEqual(3);
      expect(played.firstCue, key).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('[HELP-1] in English, the captions are English', async () => {
    const { page } = s;
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.goto(`${base}/howto`);
    await expect.poll(() => page.getByRole('heading', { name: en.howto.title }).count()).toBe(1);
    const video = page.getByTestId('howto-video-withdraw');
    const cue = await video.evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      const track = v.textTracks[0]!;
      // A track loads with the video: ask for both, then read its first cue.
      v.preload = 'metadata';
      v.load();
      const started = Date.now();
      while (!track.cues?.length && Date.now() - started < 10_000) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return { language: track.language, text: (track.cues?.[0] as VTTCue | undefined)?.text ?? '' };
    });
    expect(cue).toEqual({ language: 'en', text: 'Open the quick actions and tap "Withdraw"' });
  });
});
