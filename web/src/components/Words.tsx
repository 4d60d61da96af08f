import { Fragment } from 'react';
import { useLocale } from '../i18n/react';
import { wordChunks } from '../lib/words';

/**
 * A short label that wraps only between words, never inside a Thai or Lao one: each word is unbreakable,
 * with a break opportunity (<wbr>) between words that have no space between them.
 */
export function Words({ children }: { children: string }) {
  const locale = useLocale();
  const chunks = wordChunks(children, locale);
  return chunks.map((chunk, i) =>
    /^\s+$/u.test(chunk) ? (
      <Fragment key={i}>{chunk}</Fragment>
    ) : (
      <Fragment key={i}>
        {i > 0 && !/^\s+$/u.test(chunks[i - 1]!) && <wbr />}
        <span className="word">{chunk}</span>
      </Fragment>
    ),
  );
}
