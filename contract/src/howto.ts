import { z } from 'zod';
import { endpoint, text } from './common.ts';

/**
 * HELP-1: the how-to page's five videos, in the page's order. Krapao ships a recording of each (web/public/
 * howto/<key>.webm, made by `npm run docs:videos`); the operator may point any of them to their own.
 */
export const HOWTO_VIDEO_KEYS = ['register', 'depositBank', 'depositQr', 'withdraw', 'transferPlay'] as const;
export type HowtoVideoKey = (typeof HOWTO_VIDEO_KEYS)[number];

/** The operator's own recording of one video: its address, a poster and caption files ('' where none). */
export const howtoVideoSchema = z.object({
  key: z.enum(HOWTO_VIDEO_KEYS),
  url: text(),
  poster: text(),
  /** A WebVTT file per language. */
  captions: z.object({ th: text(), la: text(), en: text() }),
});
export type HowtoVideo = z.infer<typeof howtoVideoSchema>;

/** GET /api/lookup/howto: only the videos the operator replaced; the others play Krapao's own. */
export const howtoLookup = endpoint({
  method: 'GET',
  path: '/api/lookup/howto',
  body: undefined,
  response: z.object({ videos: z.array(howtoVideoSchema) }),
  auth: false,
});
