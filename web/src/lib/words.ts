import type { Locale } from '@krapao/contract';
import { SEGMENTER_TAGS } from './intl-tags';

// Thai and Lao have no spaces between words; browsers break lines with ICU's dictionaries, which lack
// loanwords and split them mid-word ("กีฬาและคาสิ / โน"). For short labels we decide the break points.

const THAI_OR_LAO = /^[\u0E00-\u0EFF]+$/u;
const WHITESPACE = /^\s+$/u;

/**
 * Words the dictionaries split into pieces of three letters or more (which the rule below keeps apart):
 * kept whole wherever they appear.
 */
const KEEP_WHOLE: readonly string[] = ['ໂປຣໄຟລ໌'];

const letterCount = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

/**
 * A dictionary miss comes out as syllables of one or two letters ("คา|สิ|โน", "ໂບ|ນັດ"), so a line may
 * break only between two Thai or Lao pieces of three letters or more, or at a space. Wrongly joined
 * words merely make a longer unbreakable piece; a wrong break is what a reader sees.
 */
const mayBreakBetween = (before: string, after: string) =>
  [before, after].every((s) => THAI_OR_LAO.test(s) && letterCount(s) >= 3);

function keptWholeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const word of KEEP_WHOLE) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      ranges.push([at, at + word.length]);
    }
  }
  return ranges;
}

const chunkCache = new Map<string, string[]>();
const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(tag: string): Intl.Segmenter {
  let s = segmenters.get(tag);
  if (!s) segmenters.set(tag, (s = new Intl.Segmenter(tag, { granularity: 'word' })));
  return s;
}

/**
 * The text cut where a line may break: spaces are chunks of their own, and a line never breaks inside
 * another chunk. One chunk (the text) where the language needs no help or the browser cannot segment.
 */
export function wordChunks(text: string, locale: Locale): string[] {
  const tag = SEGMENTER_TAGS[locale];
  if (!tag || typeof Intl.Segmenter !== 'function') return [text];
  const key = `${tag}\u0000${text}`;
  const cached = chunkCache.get(key);
  if (cached) return cached;

  const whole = keptWholeRanges(text);
  const chunks: string[] = [];
  let previous = '';
  for (const { segment, index } of segmenter(tag).segment(text)) {
    const insideKept = whole.some(([start, end]) => start < index && index < end);
    const breaks =
      chunks.length > 0 &&
      !insideKept &&
      (WHITESPACE.test(segment) || WHITESPACE.test(previous) || mayBreakBetween(previous, segment));
    if (breaks) chunks.push(segment);
    else if (chunks.length > 0) chunks[chunks.length - 1] += segment;
    else chunks.push(segment);
    previous = segment;
  }
  chunkCache.set(key, chunks);
  return chunks;
}
