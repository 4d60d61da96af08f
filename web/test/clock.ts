import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Lets `ms` of the fake clock pass at once, inside act: the timers due meanwhile run, with the promises
 * and renders they set off. For tests whose timers are fake (vi.useFakeTimers).
 */
export const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
