import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { isCleanText } from '@krapao/contract';

// The characters the contract's text() refuses, lone surrogates written out for a regex without the u flag.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The contract's text() refuses control characters in answers too. Requests can no longer bring them,
 * but text written before that rule, or by an operator straight into the settings table (an agreement
 * pasted with a form feed), would make every answer that carries it a 500. So answers replace such a
 * character with U+FFFD before they are checked: the page still shows, with a visible mark where it was.
 */
function cleaned(value: unknown): unknown {
  if (typeof value === 'string') return isCleanText(value) ? value : value.replace(FORBIDDEN, '\uFFFD');
  if (Array.isArray(value)) {
    const items = value.map(cleaned);
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value);
    const clean = entries.map(([k, v]) => [k, cleaned(v)] as const);
    return clean.some(([, v], i) => v !== entries[i]![1]) ? Object.fromEntries(clean) : value;
  }
  return value;
}

export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);
  return (data) => serialize(cleaned(data));
};
