// Environment -> typed configuration, validated once at start. Anything wrong stops the process with a
// message that names the variable.
import { join } from 'node:path';
import { z } from 'zod';
import { REGIONS, type StaffRole } from '@krapao/contract';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { parseStorageUrl, type StorageTarget } from './providers/storage/storage-url.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL when set; otherwise the embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL schema other than public (an isolated copy on a shared server, e.g. the crash test). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  /** How often payouts with an unknown outcome are settled, and how old they must be first. */
  RECONCILE_EVERY_S: positiveInt.default(30),
  RECONCILE_AFTER_S: z.coerce.number().int().min(0).default(30),
  /** Rate limits (and later sockets) are shared through Redis when set. */
  REDIS_URL: z.string().url().optional(),
  /**
   * Begins every Redis key and channel of this deployment (rate limits, realtime handshakes, the Socket.IO
   * adapter), so deployments sharing one Redis never meet; the database schema's name by default.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only (1 to 64)')
    .optional(),
  /** Mounts the simulated outside world (SMS inbox, later gateways and providers) under /sim. */
  SIMULATE: bool.default(false),
  REGION: z.enum(REGIONS).default('th'),
  /** Overrides the registerOTP setting of the database when set. */
  OTP: z.enum(['on', 'off']).optional(),
  SESSION_IDLE_MIN: positiveInt.default(60),
  SESSION_ABSOLUTE_H: positiveInt.default(12),
  REMEMBER_IDLE_D: positiveInt.default(14),
  REMEMBER_ABSOLUTE_D: positiveInt.default(30),
  /** Requests per minute from one address to /api (a generous ceiling; login has its own limits). */
  RATE_LIMIT_PER_MIN: positiveInt.default(600),
  /**
   * Realtime (Socket.IO) handshakes per minute from one address, counted before the session lookup. A
   * browser reconnects with back-off, so a member makes a handful; members behind one NAT share it.
   */
  REALTIME_HANDSHAKES_PER_MIN: positiveInt.default(60),
  /** The proxies in front of the server: a hop count or addresses/CIDRs (http/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, issue) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && 'error' in parsed) {
        issue.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Comma-separated origins allowed by CORS; empty means same origin only. */
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app; served at / when it exists. */
  WEB_DIST: z.string().optional(),
  /** Shared secret of the bank-feed webhook (DEP-11). In simulate mode one is derived when absent. */
  BANK_FEED_SECRET: z.string().min(16).optional(),
  /** Shared secret of the QR gateways' callbacks (HMAC-SHA256 of the raw body). */
  QR_GATEWAY_SECRET: z.string().min(16).optional(),
  /** Key of the signed calls to the game aggregator (HMAC-SHA256). In simulate mode one is derived when absent. */
  GAMES_SECRET: z.string().min(16).optional(),
  /** A game transfer or account call without an answer after this has an unknown outcome (reconciled). */
  GAME_CALL_TIMEOUT_MS: positiveInt.default(10_000),
  /** BAL-2: how long a refresh waits for each provider's balance; one that does not answer is stale. */
  GAME_BALANCE_TIMEOUT_MS: positiveInt.default(3_000),
  /** How often the providers' bet feeds are pulled (games/bets.ts); 0 turns the periodic pull off. */
  BET_FEED_EVERY_MS: z.coerce.number().int().min(0).default(5_000),
  /** Where the outside world reaches this server (gateway callbacks); defaults to its own address. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The simulated outside world's address when it runs as its own process (the crash test); by
   * default SIMULATE mounts it in this server under /sim.
   */
  SIM_URL: z.string().url().optional(),
  /** Bearer token of the operator API (/api/ops); absent turns that API off. */
  OPS_TOKEN: z.string().min(16).optional(),
  /**
   * Named operator tokens, "name:token,name:token:role" (tokens of 16 or more characters): service
   * accounts, audited by name and held to their role's permissions (modules/staff/permissions.ts;
   * admin when no role is given).
   */
  OPS_TOKENS: z
    .string()
    .regex(
      /^[A-Za-z0-9_.-]+:[^,:]{16,}(:(support|finance|marketing|risk|admin|auditor))?(,[A-Za-z0-9_.-]+:[^,:]{16,}(:(support|finance|marketing|risk|admin|auditor))?)*$/,
    )
    .optional(),
  /**
   * GET /metrics (metrics/serve.ts) on a listener of its own at this port, bound to HOST: never on the
   * public port. 0 takes a free port (tests).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Bearer token of GET /metrics: on the main port when METRICS_PORT is not set, else on that port too. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Alerts to the operator's group chat (modules/alerts): `telegram` (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID)
   * or `line` (LINE_CHANNEL_TOKEN, LINE_GROUP_ID). Under SIMULATE, telegram into the simulated inbox
   * (/sim/alerts/inbox) when not set; `off` turns them off.
   */
  ALERTS: z.enum(['telegram', 'line', 'off']).optional(),
  /** The alerts' language. */
  ALERTS_LANGUAGE: z.enum(['th', 'en']).default('th'),
  /** How often the alerts' conditions are looked at (modules/alerts); 0 turns the timer off. */
  ALERTS_EVERY_MS: z.coerce.number().int().min(0).default(30_000),
  TELEGRAM_BOT_TOKEN: z.string().min(8).optional(),
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^(-?\d{1,20}|@\w{5,32})$/)
    .optional(),
  TELEGRAM_API_URL: z.string().url().optional(),
  LINE_CHANNEL_TOKEN: z.string().min(8).optional(),
  LINE_GROUP_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/)
    .optional(),
  LINE_API_URL: z.string().url().optional(),
  /** Secret for HMACs (OTP codes). When absent, one is made once and kept in the database. */
  APP_SECRET: z.string().min(32).optional(),
  /** Folder of uploaded slip pictures; DATA_DIR/slips by default. Several instances need a shared one. */
  SLIP_STORAGE_DIR: z.string().optional(),
  /** Folder of chat uploads; DATA_DIR/chat by default. Several instances need a shared one. */
  CHAT_STORAGE_DIR: z.string().optional(),
  /**
   * Where slip pictures and chat files are kept (providers/storage/storage-url.ts): none or file:///folder
   * keeps folders, s3://bucket/prefix?endpoint=&region=&forcePathStyle= an S3-compatible bucket.
   */
  STORAGE_URL: z.string().optional(),
  /**
   * How long a camera photo (or a picture that needed more than the quick lane's second) may take on the
   * QR-reading worker before its slip fails IMG_SIZE_UNABLE_TO_PROCESS (slips/read-qr.ts).
   */
  SLIP_READ_TIMEOUT_MS: positiveInt.default(16_000),
  /**
   * On SIGTERM or SIGINT, how long requests in flight may take to finish before their connections are cut
   * (http/drain.ts); readiness answers 503 from the signal on.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /**
   * Issue 22: withdrawals, bank-feed lines and game transfers that arrive together go to the database in
   * one call and one transaction (ledger/batch.ts): on, at most MONEY_BATCH_MAX (1 to 64) each,
   * MONEY_BATCH_IN_FLIGHT batches of a kind at once, the first waiting MONEY_BATCH_WINDOW_MS (0: the rest
   * of the event loop's turn). Fewer than MONEY_BATCH_MIN that did not fill a batch go as their single
   * calls, side by side.
   */
  MONEY_BATCH: bool.default(true),
  MONEY_BATCH_MIN: z.coerce.number().int().min(2).max(64).default(4),
  MONEY_BATCH_MAX: z.coerce.number().int().min(1).max(64).default(64),
  MONEY_BATCH_IN_FLIGHT: positiveInt.default(1),
  MONEY_BATCH_WINDOW_MS: z.coerce.number().min(0).max(1000).default(0),
});

/** The metrics listener cannot share the public port: the load balancer would reach it there. */
function metricsApart(e: { PORT: number; METRICS_PORT?: number | undefined }, ctx: z.RefinementCtx) {
  if (e.METRICS_PORT && e.METRICS_PORT === e.PORT)
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** REDIS_PREFIX, or the schema's name: names every Redis key and channel (lib/redis-keys.ts). */
  redisPrefix: string;
  simulate: boolean;
  region: (typeof REGIONS)[number];
  otpOverride: boolean | undefined;
  session: { idleMs: number; absoluteMs: number; rememberIdleMs: number; rememberAbsoluteMs: number };
  rateLimitPerMin: number;
  realtimeHandshakesPerMin: number;
  trustProxy: TrustProxy;
  corsOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  appSecret: string | undefined;
  bankFeedSecret: string | undefined;
  /** Operator name by token; empty turns the operator API off. */
  opsTokens: Map<string, string>;
  /** The role of each named operator token (service account), by name; admin when not given. */
  opsRoles: Map<string, StaffRole>;
  /** GET /metrics: its own port (bound to HOST), and its bearer token; neither turns it off. */
  metricsPort: number | undefined;
  metricsToken: string | undefined;
  /** The operator's group chat for alerts (ALERTS*): which messenger, its account, the language. */
  alerts: AlertsConfig;
  qrGatewaySecret: string | undefined;
  gamesSecret: string | undefined;
  gameCallTimeoutMs: number;
  gameBalanceTimeoutMs: number;
  betFeedEveryMs: number;
  databaseSchema: string | undefined;
  reconcileEveryS: number;
  reconcileAfterS: number;
  publicUrl: string | undefined;
  simUrl: string | undefined;
  /** Folders (slipStorageDir, chatStorageDir) or a bucket: STORAGE_URL. */
  storage: StorageTarget;
  slipStorageDir: string;
  chatStorageDir: string;
  slipReadTimeoutMs: number;
  shutdownGraceMs: number;
  /** Batched money movements (MONEY_BATCH*); off: one call and one transaction per movement. */
  moneyBatch: { on: boolean; min: number; max: number; inFlight: number; windowMs: number };
};

export interface AlertsConfig {
  /** undefined: not configured (SIMULATE then sends to the simulated inbox). */
  channel: 'telegram' | 'line' | 'off' | undefined;
  language: 'th' | 'en';
  everyMs: number;
  telegram: { botToken: string; chatId: string; apiUrl: string | undefined } | undefined;
  line: { channelToken: string; to: string; apiUrl: string | undefined } | undefined;
}

/** A messenger named without its account is refused at start, unless SIMULATE gives the simulated one. */
function alertsConfig(e: z.infer<typeof envSchema>): AlertsConfig {
  const need = (names: string[]) => {
    const missing = names.filter((n) => !e[n as keyof typeof e]);
    if (missing.length && !e.SIMULATE)
      throw new Error(`Invalid configuration:\n  ${missing.join(', ')}: required when ALERTS=${e.ALERTS}`);
  };
  if (e.ALERTS === 'telegram') need(['TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID']);
  if (e.ALERTS === 'line') need(['LINE_CHANNEL_TOKEN', 'LINE_GROUP_ID']);
  return {
    channel: e.ALERTS,
    language: e.ALERTS_LANGUAGE,
    everyMs: e.ALERTS_EVERY_MS,
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
        ? { botToken: e.TELEGRAM_BOT_TOKEN, chatId: e.TELEGRAM_CHAT_ID, apiUrl: e.TELEGRAM_API_URL }
        : undefined,
    line:
      e.LINE_CHANNEL_TOKEN && e.LINE_GROUP_ID
        ? { channelToken: e.LINE_CHANNEL_TOKEN, to: e.LINE_GROUP_ID, apiUrl: e.LINE_API_URL }
        : undefined,
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (FOO=) means "not set", as shells and CI files often write it.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.superRefine(metricsApart).safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storage = parseStorageUrl(e.STORAGE_URL, set);
  if ('error' in storage) throw new Error(`Invalid configuration:\n  STORAGE_URL: ${storage.error}`);
  const filesRoot = (storage.kind === 'folder' ? storage.root : undefined) ?? e.DATA_DIR;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? e.DATABASE_SCHEMA ?? 'public',
    simulate: e.SIMULATE,
    region: e.REGION,
    otpOverride: e.OTP === undefined ? undefined : e.OTP === 'on',
    session: {
      idleMs: e.SESSION_IDLE_MIN * MINUTE_MS,
      absoluteMs: e.SESSION_ABSOLUTE_H * HOUR_MS,
      rememberIdleMs: e.REMEMBER_IDLE_D * DAY_MS,
      rememberAbsoluteMs: e.REMEMBER_ABSOLUTE_D * DAY_MS,
    },
    rateLimitPerMin: e.RATE_LIMIT_PER_MIN,
    realtimeHandshakesPerMin: e.REALTIME_HANDSHAKES_PER_MIN,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    appSecret: e.APP_SECRET,
    bankFeedSecret: e.BANK_FEED_SECRET,
    opsTokens: new Map([
      ...(e.OPS_TOKEN ? [[e.OPS_TOKEN, 'operator'] as [string, string]] : []),
      ...(e.OPS_TOKENS ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [name, token] = pair.split(':') as [string, string];
          return [token, name] as [string, string];
        }),
    ]),
    opsRoles: new Map(
      (e.OPS_TOKENS ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [name, , role] = pair.split(':') as [string, string, StaffRole | undefined];
          return [name, role ?? 'admin'] as [string, StaffRole];
        }),
    ),
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    alerts: alertsConfig(e),
    qrGatewaySecret: e.QR_GATEWAY_SECRET,
    gamesSecret: e.GAMES_SECRET,
    gameCallTimeoutMs: e.GAME_CALL_TIMEOUT_MS,
    gameBalanceTimeoutMs: e.GAME_BALANCE_TIMEOUT_MS,
    betFeedEveryMs: e.BET_FEED_EVERY_MS,
    databaseSchema: e.DATABASE_SCHEMA,
    reconcileEveryS: e.RECONCILE_EVERY_S,
    reconcileAfterS: e.RECONCILE_AFTER_S,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    simUrl: e.SIM_URL?.replace(/\/$/, ''),
    storage,
    slipStorageDir: e.SLIP_STORAGE_DIR ?? join(filesRoot, 'slips'),
    chatStorageDir: e.CHAT_STORAGE_DIR ?? join(filesRoot, 'chat'),
    slipReadTimeoutMs: e.SLIP_READ_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    moneyBatch: {
      on: e.MONEY_BATCH,
      min: e.MONEY_BATCH_MIN,
      max: e.MONEY_BATCH_MAX,
      inFlight: e.MONEY_BATCH_IN_FLIGHT,
      windowMs: e.MONEY_BATCH_WINDOW_MS,
    },
  };
}
