import {
  DEFAULT_LOCALE_LA,
  DEFAULT_LOCALE_TH,
  PHONE_DIGITS,
  PHONE_MAX_DIGITS,
  type Locale,
  type Region,
} from '@krapao/contract';

// Build-time settings, read when asked (not at import) so tests can switch them with vi.stubEnv.

/** SH-3: VITE_REGION=la builds the Laos edition. */
export function getRegion(): Region {
  return import.meta.env.VITE_REGION === 'la' ? 'la' : 'th';
}

export function isLaosBuild(): boolean {
  return getRegion() === 'la';
}

/** REG-2: the most digits a phone field takes: 10 in Thailand, the contract's longest in a Laos build. */
export function phoneMaxDigits(): number {
  return isLaosBuild() ? PHONE_MAX_DIGITS : PHONE_DIGITS;
}

/** SH-1: Thai by default, Lao in a Laos build. */
export function defaultLocale(): Locale {
  return isLaosBuild() ? DEFAULT_LOCALE_LA : DEFAULT_LOCALE_TH;
}

/**
 * SH-2: the page description a deployment wrote for one language (VITE_SITE_DESCRIPTION_TH, _LA, _EN);
 * undefined when unset. VITE_SITE_DESCRIPTION is the one in index.html, read before the app runs.
 */
export function siteDescriptionSetting(locale: Locale): string | undefined {
  const byLocale: Record<Locale, unknown> = {
    th: import.meta.env.VITE_SITE_DESCRIPTION_TH,
    la: import.meta.env.VITE_SITE_DESCRIPTION_LA,
    en: import.meta.env.VITE_SITE_DESCRIPTION_EN,
  };
  return String(byLocale[locale] ?? '').trim() || undefined;
}

/**
 * DEP-9: a deployment may raise or lower the PAYTIMZ and ZPAY minimums (VITE_PAYTIMZ_MIN_DEPOSIT,
 * VITE_ZPAY_MIN_DEPOSIT, baht); undefined when unset or not a positive number.
 */
export function qrMinDepositOverrideBaht(provider: string): number | undefined {
  const raw =
    provider === 'PAYTIMZ'
      ? import.meta.env.VITE_PAYTIMZ_MIN_DEPOSIT
      : provider === 'ZPAY'
        ? import.meta.env.VITE_ZPAY_MIN_DEPOSIT
        : undefined;
  const text = String(raw ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const baht = Number(text);
  return baht > 0 ? baht : undefined;
}
