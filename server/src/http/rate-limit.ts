import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';

/**
 * RATE_LIMIT_PER_MIN for each address on /api/ (the web, /sim and the probes are not counted), shared
 * between instances through Redis when REDIS_URL is set. nameSpace is the Redis key prefix; tests give
 * each app its own. Answers that Redis client (readiness asks it), if any.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  nameSpace: string,
): Promise<Redis | undefined> {
  const redis = config.redisUrl ? await redisClient(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    max: config.rateLimitPerMin,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
    nameSpace,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error('TOO_MANY_REQUESTS'), { statusCode: ctx.statusCode }),
  });
  return redis;
}

async function redisClient(app: FastifyInstance, url: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  app.addHook('onClose', async () => void (await redis.quit()));
  return redis;
}
