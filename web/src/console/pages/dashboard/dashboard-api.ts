import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleDashboard, DASHBOARD_MAX_DAYS } from '@krapao/contract';
import { consoleCall } from '../../api/client';
import { consoleKeys } from '../../api/keys';

/** A Bangkok day as YYYY-MM-DD: the operator's day, wherever the browser is (UTC+7, no daylight saving). */
export function bangkokDay(at: Date = new Date(), plusDays = 0): string {
  return new Date(at.getTime() + 7 * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);
}

export const PRESETS = ['today', 'yesterday', 'last7', 'last30', 'range'] as const;
export type Preset = (typeof PRESETS)[number];

/** The days a preset covers, both ends included. */
export function presetRange(
  preset: Exclude<Preset, 'range'>,
  now = new Date(),
): { from: string; to: string } {
  const today = bangkokDay(now);
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'yesterday') return { from: bangkokDay(now, -1), to: bangkokDay(now, -1) };
  return { from: bangkokDay(now, preset === 'last7' ? -6 : -29), to: today };
}

/** A chosen range the server takes: two days, the first not after the second, at most the maximum. */
export function rangeIsValid(from: string, to: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) return false;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days >= 1 && days <= DASHBOARD_MAX_DAYS;
}

export const useDashboard = (range: { from: string; to: string }, enabled: boolean) =>
  useQuery({
    queryKey: consoleKeys.dashboard(range.from, range.to),
    queryFn: ({ signal }) => consoleCall(consoleDashboard.dashboard, undefined, { query: range, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
