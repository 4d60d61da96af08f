import { HOWTO_VIDEO_KEYS, type HowtoVideo } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Json } from '../../db/db.ts';
import { getSetting } from '../../db/settings.ts';

/** What the operator writes per video in `site.howtoVideos`: the address alone, or with poster and captions. */
type VideoSetting =
  string | { url?: Json; poster?: Json; captions?: Partial<Record<'th' | 'la' | 'en', Json>> };

/** A path on this site (not a protocol-relative //host). */
const sitePath = (value: unknown): string =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value.trim()) ? value.trim() : '';

/**
 * An address a page may load a video or picture from: https (what the Content-Security-Policy allows from
 * other hosts, app.ts), or a path on this site. Anything else (http:, javascript:, data:, a
 * protocol-relative //host) is dropped, so a typo in the settings never reaches a member's page.
 */
export function safeMediaUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  if (sitePath(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.href : '';
  } catch {
    return '';
  }
}

/**
 * HELP-1: the how-to videos the operator replaced (setting `site.howtoVideos`, e.g.
 * `{"register": "https://cdn.example/register.mp4", "withdraw": {"url": ..., "poster": ...,
 * "captions": {"th": "/howto/mine.th.vtt", ...}}}`); a video without a usable address keeps Krapao's own.
 */
export async function howtoVideos(ctx: Ctx): Promise<{ videos: HowtoVideo[] }> {
  const setting = (await getSetting<Record<string, VideoSetting>>(ctx.db, 'site.howtoVideos')) ?? {};
  const videos: HowtoVideo[] = [];
  for (const key of HOWTO_VIDEO_KEYS) {
    const value = setting[key];
    const own = typeof value === 'object' && value !== null ? value : { url: value };
    const url = safeMediaUrl(own.url);
    if (!url) continue;
    const captions = own.captions ?? {};
    videos.push({
      key,
      url,
      poster: safeMediaUrl(own.poster),
      // A caption file from another host would need CORS (and so would the video with it): this site only.
      captions: { th: sitePath(captions.th), la: sitePath(captions.la), en: sitePath(captions.en) },
    });
  }
  return { videos };
}
