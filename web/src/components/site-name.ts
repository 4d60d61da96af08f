import type { Locale } from '@krapao/contract';

/**
 * The site's native name in the script of the language on screen: "wallet" is กระเป๋า in Thai and ກະເປົາ
 * in Lao, so a Lao reader is not greeted by a word of another script. English screens keep the Thai, the
 * brand's own; the Latin "Krapao" goes under it everywhere. Also read by vite.config.ts for the static
 * splash of each region's build.
 */
export const SITE_NAME: Record<Locale, string> = { th: 'กระเป๋า', la: 'ກະເປົາ', en: 'กระเป๋า' };

/** The name's own language tag (Lao is `lo`), so a screen reader and the font stack read it as it is. */
export const SITE_NAME_LANG: Record<Locale, string> = { th: 'th', la: 'lo', en: 'th' };
