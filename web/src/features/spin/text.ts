import type { Locale, LocalizedText } from '@krapao/contract';

/** An operator's text in the member's language, else English, else Thai, else Lao. */
export const pick = (text: LocalizedText | undefined, locale: Locale): string =>
  (text?.[locale] ?? text?.en ?? text?.th ?? text?.la ?? '').trim();

/** A probability as the member reads it: "22%", "1.5%", "0.05%". */
export function percentText(p: number): string {
  const pct = p * 100;
  const digits = pct >= 10 || Number.isInteger(pct) ? 0 : pct >= 1 ? 1 : 2;
  return `${pct.toFixed(digits).replace(/\.0+$/, '')}%`;
}
