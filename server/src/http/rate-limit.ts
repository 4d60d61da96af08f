import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { redisKeys } from '../lib/redis-keys.ts';

/**
 * RATE_LIMIT_PER_MIN for each address on /api/ (the web, /sim and the probes are not counted), shared
 * between instances through Redis when REDIS_URL is set, under REDIS_PREFIX (lib/redis-keys.ts). Answers
 * that Redis client (readiness asks it), if any.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<Redis | undefined> {
  const redis = config.redisUrl ? await redisClient(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    max: config.rateLimitPerMin,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
    nameSpace: redisKeys(config.redisPrefix).rateLimit,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error('TOO_MANY_REQUESTS'), { statusCode: ctx.statusCode }),
  });
  return redis;
}

async function redisClient(app: FastifyInstance, url: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  // Redis down (at the start too) is not fatal: readiness names it (http/health.ts) and the client
  // reconnects on its own. One line per outage, not one per reconnect attempt.
  let down = false;
  redis.on('error', (err) => {
    if (!down) app.log.warn({ err }, 'rate limit: Redis unavailable');
    down = true;
  });
  redis.on('ready', () => {
    if (down) app.log.info('rate limit: Redis is back');
    down = false;
  });
  app.addHook('onClose', () => closeRedis(redis));
  return redis;
}

/** QUIT when connected (replies in flight arrive); a client still trying to connect just stops. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
