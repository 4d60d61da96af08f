export { pickText as pick } from '../../lib/localized-text';

/** A probability as the member reads it: "22%", "1.5%", "0.05%". */
export function percentText(p: number): string {
  const pct = p * 100;
  const digits = pct >= 10 || Number.isInteger(pct) ? 0 : pct >= 1 ? 1 : 2;
  return `${pct.toFixed(digits).replace(/\.0+$/, '')}%`;
}
