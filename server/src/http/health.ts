// The probes of a load balancer or an orchestrator. GET /healthz: the process is alive and answers (200,
// also while draining: restarting it would help nothing). GET /readyz: it can serve members now (200), or
// not (503), with what failed. Neither is under /api/, so neither counts toward the rate limit nor waits
// for the service switch or a session; Fastify logs every request at info, not these, which a probe sends
// every few seconds: a change of readiness is logged instead.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/db.ts';
import { schemaStatus } from '../db/migrate.ts';

export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** A check that has not answered by then has failed: a probe's own timeout is often a second or two. */
const CHECK_TIMEOUT_MS = 1_500;
const REUSE_MS = 1_000;

export interface Readiness {
  ready: boolean;
  /** The names of the checks that failed. */
  failed: Array<keyof Readiness['checks']>;
  /** 'unknown': not asked (while draining, nothing else is: the answer is 503 whatever they say). */
  checks: {
    /** 'draining' from SIGTERM on (http/drain.ts). */
    server: 'ok' | 'draining';
    database: 'ok' | 'unavailable' | 'unknown';
    /** The migrations and function files, compared with db/migrate.ts's records. */
    schema: 'ok' | 'outdated' | 'unknown';
    /** 'off' without REDIS_URL. */
    redis: 'ok' | 'unavailable' | 'off' | 'unknown';
  };
  /** When the schema is outdated: what migrate() would do. */
  pendingMigrations?: string[];
  changedFunctions?: string[];
}

export interface HealthDeps {
  db: Db;
  /** The Redis the rate limit shares (http/rate-limit.ts), when REDIS_URL is set. */
  redis: Redis | undefined;
  isDraining: () => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /readyz answers. */
    readiness: () => Promise<Readiness>;
  }
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps) {
  const readiness = readinessOf(deps, app.log);
  app.decorate('readiness', readiness);
  // 'warn': the request lines (info) are not written; a failure of the route itself still is.
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { alive: true };
  });
  app.get('/readyz', quiet, async (_req, reply) => {
    const answer = await readiness();
    return reply
      .code(answer.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
}

function readinessOf(deps: HealthDeps, log: FastifyBaseLogger): () => Promise<Readiness> {
  let wasReady: boolean | undefined;
  let last: { at: number; checked: ReturnType<typeof checkAll> } | undefined;
  // The probes are not rate-limited: however many arrive, the database and Redis are asked at most once
  // a second (an answer in flight, or one less than a second old, is shared).
  const checked = () => {
    if (!last || Date.now() - last.at >= REUSE_MS) last = { at: Date.now(), checked: checkAll(deps) };
    return last.checked;
  };
  return async () => {
    const { answer, errors } = deps.isDraining() ? { answer: draining(), errors: {} } : await checked();
    if (answer.ready !== wasReady) {
      if (answer.ready) log.info('ready');
      else log.warn({ failed: answer.failed, ...errors }, 'not ready');
      wasReady = answer.ready;
    }
    return answer;
  };
}

/** While draining nothing else is asked: the answer is 503 whatever the others would say. */
const draining = (): Readiness => ({
  ready: false,
  failed: ['server'],
  checks: { server: 'draining', database: 'unknown', schema: 'unknown', redis: 'unknown' },
});

async function checkAll(deps: HealthDeps): Promise<{ answer: Readiness; errors: Record<string, string> }> {
  const [database, redis] = await Promise.all([databaseCheck(deps.db), redisCheck(deps.redis)]);
  const errors: Record<string, string> = {};
  const failed: Readiness['failed'] = [];
  let schema: Readiness['checks']['schema'] = 'unknown';
  if ('error' in database) {
    errors.database = database.error;
    failed.push('database');
  } else {
    schema = database.outdated ? 'outdated' : 'ok';
    if (database.outdated) failed.push('schema');
  }
  if (redis.error) {
    errors.redis = redis.error;
    failed.push('redis');
  }
  const answer: Readiness = {
    ready: failed.length === 0,
    failed,
    checks: {
      server: 'ok',
      database: 'error' in database ? 'unavailable' : 'ok',
      schema,
      redis: redis.error ? 'unavailable' : deps.redis ? 'ok' : 'off',
    },
  };
  if (!('error' in database) && database.outdated) {
    answer.pendingMigrations = database.pendingMigrations;
    answer.changedFunctions = database.changedFunctions;
  }
  return { answer, errors };
}

type DatabaseCheck =
  { error: string } | { outdated: boolean; pendingMigrations: string[]; changedFunctions: string[] };

/** The schema's records answer both questions: the database answers, and its schema is this build's. */
async function databaseCheck(db: Db): Promise<DatabaseCheck> {
  try {
    const status = await withTimeout(schemaStatus(db), 'the database');
    return {
      outdated: status.pendingMigrations.length > 0 || status.changedFunctions.length > 0,
      ...status,
    };
  } catch (err) {
    return { error: messageOf(err) };
  }
}

async function redisCheck(redis: Redis | undefined): Promise<{ error?: string }> {
  if (!redis) return {};
  // A client that is reconnecting would queue the PING until it is back: answer at once instead.
  if (redis.status !== 'ready') return { error: `Redis connection ${redis.status}` };
  try {
    await withTimeout(redis.ping(), 'Redis');
    return {};
  } catch (err) {
    return { error: messageOf(err) };
  }
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer in ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
