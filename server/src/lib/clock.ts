/** Time comes from here, not from Date.now() in services, so tests can move it (OTP expiry, sessions). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * The simulated world's clock (SIMULATE, main.ts): the real time plus a shift that browser tests move
 * with POST /sim/clock (a 24-hour wait passes without waiting). A production start never makes one.
 */
export function shiftableClock(): Clock & { advance(ms: number): void } {
  let shiftMs = 0;
  return { now: () => new Date(Date.now() + shiftMs), advance: (ms) => void (shiftMs += ms) };
}

/** A clock tests can move forward. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}
