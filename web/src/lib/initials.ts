// Thai (เ แ โ ใ ไ) and Lao (ເ ແ ໂ ໃ ໄ) vowels written before their consonant: never an initial.
const LEADING_VOWEL = /[\u0E40-\u0E44\u0EC0-\u0EC4]/u;
const THAI_OR_LAO = /[\u0E00-\u0EFF]/u;

function initialOf(word: string): string | undefined {
  return [...word].find((ch) => /\p{L}|\p{N}/u.test(ch) && !LEADING_VOWEL.test(ch));
}

/**
 * The member's initials for an avatar, the same in the header and on the profile: "SJ" for
 * "Somchai Jaidee"; one consonant for a Thai or Lao name ("ส" for "สมชาย ใจดี"), where two side by side
 * would read as a syllable; "?" for no name.
 */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map(initialOf)
    .filter((ch): ch is string => ch !== undefined);
  const first = letters[0];
  if (!first) return '?';
  if (THAI_OR_LAO.test(first)) return first;
  return letters.slice(0, 2).join('').toUpperCase();
}
