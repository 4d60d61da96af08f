import type { Locale, LocalizedText } from '@krapao/contract';

/**
 * An operator's text in the reader's language, else in another one the operator wrote (English, Thai,
 * Lao): a member's screens and the console's tables alike. An empty text counts as not written.
 */
export const pickText = (text: LocalizedText | undefined, lng: Locale): string =>
  ((text && (text[lng]?.trim() || text.en?.trim() || text.th?.trim() || text.la?.trim())) || '').trim();
