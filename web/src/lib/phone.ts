import { isLaosBuild, phoneMaxDigits } from './config';

/**
 * REG-2: a phone as typed or pasted, in the local form the accounts hold: spaces, dashes, dots and
 * brackets go, and a country code becomes the leading 0 (`+66 89-876-5432` and `66898765432` are
 * `0898765432`). A Lao build reads Laos' +856 the same way (`+856 20 5551 2345` is `02055512345`), and
 * Thailand's too, since a Lao build takes baht members. A local number starts with 0, so digits that start
 * with a country code are never a local number. At most the region's digits are kept.
 */
export function localPhone(raw: string): string {
  const codes = isLaosBuild() ? ['856', '66'] : ['66'];
  let digits = raw.replace(/\D/g, '');
  // An international call prefix (00 66 ...) before the country code.
  if (codes.some((c) => digits.startsWith(`00${c}`))) digits = digits.slice(2);
  const code = codes.find((c) => digits.startsWith(c));
  if (code) digits = `0${digits.slice(code.length)}`;
  return digits.slice(0, phoneMaxDigits());
}
