// Every Redis key and channel this server uses begins with the deployment's REDIS_PREFIX and a colon.
// The prefix may not hold a colon (config.ts), so no deployment's names begin with another's: two
// deployments sharing one Redis never count each other's requests nor hear each other's rooms.

export interface RedisKeys {
  /** @fastify/rate-limit's nameSpace: the API's per-address counts (http/rate-limit.ts). */
  rateLimit: string;
  /** The realtime handshakes' per-address counts (realtime/handshake-limit.ts). */
  handshakes: string;
  /** The Socket.IO Redis adapter's key: its channels are this followed by '#' or '-request#'. */
  realtime: string;
}

export const redisKeys = (prefix: string): RedisKeys => ({
  rateLimit: `${prefix}:rate-limit:`,
  handshakes: `${prefix}:realtime-handshakes:`,
  realtime: `${prefix}:realtime`,
});
