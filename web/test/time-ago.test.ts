// Its own file: the test swaps Intl and reloads the format module, which would unsettle an app render.
import { describe, expect, it, vi } from 'vitest';

describe('time ago in Lao', () => {
  it('[ST-3] a browser that resolves lo-LA but answers in English still says "time ago" in Lao', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    // Debian's Chromium started with --lang=lo-LA: the locale resolves, the words are ICU's root ones.
    class RootWordsRelativeTimeFormat extends Intl.RelativeTimeFormat {
      constructor(_tag?: string, options?: Intl.RelativeTimeFormatOptions) {
        super('en', options);
      }
      override resolvedOptions() {
        return { ...super.resolvedOptions(), locale: 'lo-LA' };
      }
      override format(value: number, unit: Intl.RelativeTimeFormatUnit) {
        return `${value} ${unit === 'minute' ? 'min' : unit}`;
      }
    }
    vi.stubGlobal(
      'Intl',
      Object.assign(Object.create(Intl), { RelativeTimeFormat: RootWordsRelativeTimeFormat }),
    );
    vi.resetModules();
    const { formatTimeAgo } = await import('../src/lib/format');
    expect(formatTimeAgo(now - 5 * 60_000, 'la', now)).toBe('5 ນາທີກ່ອນ');
    expect(formatTimeAgo(now - 3 * 86_400_000, 'la', now)).toBe('3 ມື້ກ່ອນ');
  });
});
