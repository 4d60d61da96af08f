import type { Locale } from '@krapao/contract';
import { getRegion } from './config';

/**
 * The city whose clock the site's days are counted in, named in the reader's language: Bangkok for a
 * Thai site, Vientiane for a Laos one (the same offset, UTC+7, so only the name differs: format.ts). The
 * console's times and a member's limit periods name it.
 */
const CITIES = {
  th: { th: 'กรุงเทพฯ', la: 'ບາງກອກ', en: 'Bangkok' },
  la: { th: 'เวียงจันทน์', la: 'ວຽງຈັນ', en: 'Vientiane' },
} as const;

export const siteCity = (locale: Locale): string => CITIES[getRegion()][locale];
