import type { z } from 'zod';
import { consoleT } from '../../i18n';

/**
 * The contract's own schema checks a form before it is sent, so the console refuses exactly what the
 * server (and the database behind it) would: each problem as a translated text under its field's path
 * ('reward.percent', 'slices.2.weight'). Empty when the value is fine.
 */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issueText(issue);
  }
  return errors;
}

function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'array') return consoleT('console.form.tooFew', { min: String(issue.minimum) });
      if (issue.origin === 'string') return consoleT('console.form.required');
      return consoleT('console.form.tooSmall', { min: formatNumber(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'array') return consoleT('console.form.tooMany', { max: String(issue.maximum) });
      if (issue.origin === 'string') return consoleT('console.form.tooLong', { max: String(issue.maximum) });
      return consoleT('console.form.tooBig', { max: formatNumber(issue.maximum) });
    case 'invalid_type':
      return consoleT(issue.expected === 'int' ? 'console.form.wholeNumber' : 'console.form.required');
    case 'invalid_format':
      return consoleT('console.form.format');
    case 'custom':
      if (issue.message === 'MIN_ABOVE_MAX') return consoleT('console.form.minAboveMax');
      return consoleT('console.form.decimals');
    default:
      return consoleT('console.form.invalid');
  }
}

const formatNumber = (n: number | bigint) => Number(n).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A NumberInput's value as a number for the schema: '' (cleared) is undefined, which the schema refuses. */
export const num = (v: string | number): number | undefined =>
  v === '' || v === undefined ? undefined : Number(v);
