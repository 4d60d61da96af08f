import { statement, type StatementEntry } from '@krapao/contract';

/** ST-4: what the list is narrowed to; each part may be left out. Days are YYYY-MM-DD, both included. */
export interface StatementFilter {
  type?: StatementEntry['statementType'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const isDay = (value: string | null | undefined): value is string =>
  !!value && statement.statementDaySchema.safeParse(value).success;
const isType = (value: string | null | undefined): value is StatementEntry['statementType'] =>
  !!value && (statement.STATEMENT_TYPES as readonly string[]).includes(value);

/** The filter the address holds (?type=deposit&from=2026-11-01&to=2026-11-26), ignoring what is not one. */
export function filterOfParams(params: URLSearchParams): StatementFilter {
  const type = params.get('type');
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(isType(type) ? { type } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}

/** The filter as address parameters, without the parts left out. */
export function paramsOfFilter(filter: StatementFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v));
}

/** Days in the wrong order, which the pickers never make but an address can bring: nothing to ask for. */
export const isReversed = (filter: StatementFilter) =>
  Boolean(filter.from && filter.to && filter.from > filter.to);

export const sameFilter = (a: StatementFilter, b: StatementFilter) =>
  a.type === b.type && a.from === b.from && a.to === b.to;

/** Today in the operator's calendar (UTC+7 in Thailand and Laos), YYYY-MM-DD. */
export function operatorToday(now: number): string {
  return new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (0 when to is before from). */
export function daysIn(from: string, to: string): number {
  return Math.max(0, (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1);
}
