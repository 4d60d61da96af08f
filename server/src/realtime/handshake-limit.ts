// How many realtime handshakes one address may make (REALTIME_HANDSHAKES_PER_MIN). The handshake is not
// one of Fastify's routes, so the API's @fastify/rate-limit never sees it; this counts it the same way: a
// window that starts at an address's first handshake and lasts a minute, in Redis when REDIS_URL is set
// (every instance counts together), else in this process.
import type { Redis } from 'ioredis';

export const HANDSHAKE_WINDOW_MS = 60_000;

export interface HandshakeLimiter {
  /** Counts one handshake from the address; answers whether it is within the limit. */
  take(address: string): Promise<boolean>;
}

/** INCR, and the window's expiry with the first count: in one script, so a key never lives forever. */
const TAKE_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function redisHandshakeLimiter(redis: Redis, max: number, prefix: string): HandshakeLimiter {
  return {
    async take(address) {
      const n = await redis.eval(TAKE_LUA, 1, `${prefix}${address}`, HANDSHAKE_WINDOW_MS);
      return Number(n) <= max;
    },
  };
}

export function memoryHandshakeLimiter(max: number, now: () => number = Date.now): HandshakeLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = now() + HANDSHAKE_WINDOW_MS;
  return {
    async take(address) {
      const at = now();
      // Ended windows go once a minute: the map holds the addresses of about the last two minutes.
      if (at >= nextSweep) {
        for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
        nextSweep = at + HANDSHAKE_WINDOW_MS;
      }
      let w = windows.get(address);
      if (!w || w.endsAt <= at) {
        w = { count: 0, endsAt: at + HANDSHAKE_WINDOW_MS };
        windows.set(address, w);
      }
      return ++w.count <= max;
    },
  };
}
