// HELP-1 in Debian's Chromium: the how-to page's videos (made by `npm run docs:videos`, served from
// web/public/howto) really load and play, with their captions in the page's language. The phone picture
// docs/screenshot-howto.png is taken here.
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { screenshot, stillScreen, useBrowser } from './browser.ts';

const base = inject('baseUrl');
const DOCS = new URL('../../docs/', import.meta.url).pathname;
const KEYS = ['register', 'depositBank', 'depositQr', 'withdraw', 'transferPlay'];

/** The boxes of an MP4 (ISO BMFF) between `start` and `end`: type and where its contents are. */
function boxes(file: Buffer, start: number, end: number) {
  const found: Array<{ type: string; body: number; end: number }> = [];
  for (let at = start; at + 8 <= end;) {
    const size = file.readUInt32BE(at);
    if (size < 8) break;
    found.push({ type: file.toString('latin1', at + 4, at + 8), body: at + 8, end: at + size });
    at += size;
  }
  return found;
}

/**
 * What an MP4's bytes say it holds: its major brand (the 'ftyp' box first), the first video track's sample
 * entry (moov/trak/mdia/minf/stbl/stsd: 'avc1' is H.264) and the H.264 profile in its avcC box.
 */
function videoCodecOf(file: Buffer) {
  const top = boxes(file, 0, file.length);
  const child = (box: { body: number; end: number } | undefined, type: string, skip = 0) =>
    box && boxes(file, box.body + skip, box.end).find((b) => b.type === type);
  const moov = top.find((b) => b.type === 'moov');
  const tracks = moov ? boxes(file, moov.body, moov.end).filter((b) => b.type === 'trak') : [];
  for (const trak of tracks) {
    const minf = child(child(trak, 'mdia'), 'minf');
    // stsd: version and flags (4 bytes), the entry count (4), then the entries as boxes.
    const stsd = child(child(minf, 'stbl'), 'stsd');
    const entry = stsd && boxes(file, stsd.body + 8, stsd.end)[0];
    if (!child(minf, 'vmhd') || !entry) continue;
    // A visual sample entry's own fields take 78 bytes before its child boxes (avcC).
    const avcC = child(entry, 'avcC', 78);
    const profiles: Record<number, string> = { 66: 'Baseline', 77: 'Main', 100: 'High' };
    return {
      brand: top[0]?.type === 'ftyp' ? file.toString('latin1', top[0].body, top[0].body + 4) : '',
      sampleEntry: entry.type,
      profile: avcC ? (profiles[file[avcC.body + 1]!] ?? String(file[avcC.body + 1])) : '',
    };
  }
  return { brand: '', sampleEntry: '', profile: '' };
}

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
    await stillScreen(page);
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

  it('[care] each video offers the same recording as an H.264 MP4 after the WebM (iPhones before iOS 17.4 play no WebM), served like it: its type, byte ranges', async () => {
    const { page } = s;
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.goto(`${base}/howto`);
    await expect.poll(() => page.getByRole('article').count()).toBe(5);
    const offered = await page.evaluate(() =>
      [...document.querySelectorAll('video')].map((v) =>
        [...v.querySelectorAll('source')].map((el) => ({ src: el.src, type: el.type })),
      ),
    );
    expect(offered).toEqual(
      KEYS.map((key) => [
        { src: `${base}/howto/${key}.webm`, type: 'video/webm; codecs="vp9"' },
        { src: `${base}/howto/${key}.mp4`, type: 'video/mp4; codecs="avc1.4D401F"' },
      ]),
    );
    for (const key of KEYS) {
      const webm = await fetch(`${base}/howto/${key}.webm`, { headers: { range: 'bytes=0-99' } });
      const mp4 = await fetch(`${base}/howto/${key}.mp4`, { headers: { range: 'bytes=0-99' } });
      // Safari asks for the first bytes before it plays anything: a 206 with the range, as the WebM's.
      for (const [res, type] of [
        [webm, 'video/webm'],
        [mp4, 'video/mp4'],
      ] as const) {
        expect(res.status, key).toBe(206);
        expect(res.headers.get('content-type'), key).toBe(type);
        expect(res.headers.get('content-range'), key).toMatch(/^bytes 0-99\/\d+$/);
        expect((await res.arrayBuffer()).byteLength, key).toBe(100);
      }
      const file = Buffer.from(await (await fetch(`${base}/howto/${key}.mp4`)).arrayBuffer());
      expect(videoCodecOf(file), key).toEqual({ brand: 'isom', sampleEntry: 'avc1', profile: 'Main' });
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
