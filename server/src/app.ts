import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.ts';
import type { Ctx } from './context.ts';
import type { Db } from './db/db.ts';
import { appSecret, getSetting } from './db/settings.ts';
import { answerSerializerCompiler } from './http/answer-text.ts';
import { registerAuth } from './http/auth.ts';
import { registerErrorHandling } from './http/errors.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerRealtime } from './realtime/realtime.ts';
import { serveWeb } from './http/web.ts';
import { redactedRequest } from './http/redact.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { lookupRoutes } from './modules/lookups/routes.ts';
import { howtoRoutes } from './modules/howto/routes.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { otpRoutes } from './modules/otp/routes.ts';
import { depositRoutes } from './modules/deposits/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { statementRoutes } from './modules/statement/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { reconcilePayouts } from './modules/withdrawals/service.ts';
import { reconcileVoucherClaims } from './modules/deposits/truewallet.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { slipRoutes } from './modules/slips/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { startSlipSweeper } from './modules/slips/sweeper.ts';
import { httpSlipVerifier } from './providers/slip-verify/http-slip-verify.ts';
import type { SlipVerifier } from './providers/slip-verify/slip-verify.ts';
import { diskStore } from './providers/storage/disk-storage.ts';
import type { FileStore } from './providers/storage/storage.ts';
import { httpPayouts } from './providers/payouts/http-payouts.ts';
import type { PayoutProvider } from './providers/payouts/payouts.ts';
import { simWorld } from './sim/world.ts';
import { httpTrueWallet } from './providers/truewallet/http-truewallet.ts';
import type { TrueWalletVouchers } from './providers/truewallet/truewallet.ts';
import { httpQrGateway } from './providers/payments/http-gateway.ts';
import { httpGames } from './providers/games/http-games.ts';
import type { GameProvider } from './providers/games/games.ts';
import { gameRoutes } from './modules/games/routes.ts';
import { rewardRoutes } from './modules/rewards/routes.ts';
import { bonusRoutes } from './modules/bonuses/routes.ts';
import { inviteRoutes } from './modules/invite/routes.ts';
import { refundRoutes } from './modules/refund/routes.ts';
import { spinRoutes } from './modules/spin/routes.ts';
import { reconcileTransfers } from './modules/games/transfers.ts';
import { startBetFeed } from './modules/games/bets.ts';
import type { QrGateway } from './providers/payments/payments.ts';
import { hmac } from './lib/crypto.ts';
import { httpSms } from './providers/sms/http-sms.ts';
import type { SmsSender } from './providers/sms/sms.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Defaults to the simulated inbox when SIMULATE is on; production passes a real gateway. */
  sms?: SmsSender;
  /** Defaults to the simulated bank when SIMULATE is on; null means the operator pays by hand. */
  payouts?: PayoutProvider | null;
  /** Defaults to the simulated bank's transaction inquiry when SIMULATE is on. */
  slipVerifier?: SlipVerifier;
  /** Defaults to a folder on disk, config.slipStorageDir. */
  slipFiles?: FileStore;
  /** Defaults to a folder on disk, config.chatStorageDir. */
  chatFiles?: FileStore;
  /** Default to the simulated gateways and voucher service when SIMULATE is on. */
  qrGateway?: QrGateway;
  trueWallet?: TrueWalletVouchers;
  /** Defaults to the simulated game aggregator when SIMULATE is on. */
  games?: GameProvider;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Redis key prefix of the global rate limit; tests give each app its own. */
  rateLimitNameSpace?: string;
  /** Test hook: makes the simulated SMS gateway fail. */
  simFaults?: { smsDown?: () => boolean };
}

const BODY_LIMIT_BYTES = 64 * 1024;
/** How often game transfers due for a look (their backoff has passed) are asked about. */
const TRANSFER_RECONCILE_EVERY_MS = 5_000;
/** How long the service's on/off switch (SH-6) is trusted before it is read again. */
const ACTIVE_CACHE_MS = 5_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const logger = deps.logger ?? { level: config.logLevel };
  const app = Fastify({
    // A password in an auto-login path never reaches a log line (http/redact.ts).
    logger: typeof logger === 'object' ? { serializers: { req: redactedRequest }, ...logger } : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: behind a load balancer, req.ip is the member's address (per-address limits need it).
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  if (config.corsOrigins.length)
    // Retry-After tells the web how long a REQUEST_LIMIT lasts; another origin may only read it if exposed.
    await app.register(cors, { origin: config.corsOrigins, exposedHeaders: ['Retry-After'] });
  await app.register(rateLimit, {
    max: config.rateLimitPerMin,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
    nameSpace: deps.rateLimitNameSpace ?? 'krapao-rate-limit-',
    ...(config.redisUrl ? { redis: await redisClient(app, config.redisUrl) } : {}),
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error('TOO_MANY_REQUESTS'), { statusCode: ctx.statusCode }),
  });

  const ownUrl = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The simulated world is mounted under /sim, or runs as its own process at SIM_URL.
  const simBase = () => config.simUrl ?? `${ownUrl()}/sim`;
  const secret = await appSecret(db, config.appSecret);
  const gamesSecret =
    config.gamesSecret ?? (config.simulate ? hmac(secret, 'games').toString('hex') : undefined);
  const ctx: Ctx = {
    config,
    db,
    clock: deps.clock ?? systemClock,
    secret,
    sms: deps.sms ?? (config.simulate ? httpSms({ baseUrl: () => `${simBase()}/sms` }) : noSms(app)),
    payouts:
      deps.payouts === null
        ? undefined
        : (deps.payouts ??
          (config.simulate ? httpPayouts({ baseUrl: () => `${simBase()}/bank` }) : undefined)),
    bankFeedSecret:
      config.bankFeedSecret ?? (config.simulate ? hmac(secret, 'bank-feed').toString('hex') : undefined),
    qrGateway:
      deps.qrGateway ??
      (config.simulate ? httpQrGateway({ baseUrl: () => `${simBase()}/gateway` }) : undefined),
    qrGatewaySecret:
      config.qrGatewaySecret ?? (config.simulate ? hmac(secret, 'qr-gateway').toString('hex') : undefined),
    trueWallet:
      deps.trueWallet ??
      (config.simulate ? httpTrueWallet({ baseUrl: () => `${simBase()}/truewallet` }) : undefined),
    games:
      deps.games ??
      (config.simulate && gamesSecret
        ? httpGames({
            baseUrl: () => `${simBase()}/games`,
            secret: gamesSecret,
            timeoutMs: config.gameCallTimeoutMs,
          })
        : undefined),
    publicUrl: () => config.publicUrl ?? ownUrl(),
    slipVerifier:
      deps.slipVerifier ??
      (config.simulate ? httpSlipVerifier({ baseUrl: () => `${simBase()}/bank` }) : undefined),
    slipFiles: deps.slipFiles ?? diskStore(config.slipStorageDir),
    log: app.log,
  };

  registerAuth(app, ctx);
  registerRealtime(app, ctx, {
    limitPrefix: `${deps.rateLimitNameSpace ?? 'krapao-'}realtime-handshakes-`,
  });
  registerTermination(app, db, ctx.clock);
  await app.register(async (api) => {
    lookupRoutes(api, ctx);
    howtoRoutes(api, ctx);
    agreementRoutes(api, ctx, config.opsTokens);
    otpRoutes(api, ctx);
    accountRoutes(api, ctx);
    walletRoutes(api, ctx);
    withdrawalRoutes(api, ctx);
    depositRoutes(api, ctx);
    statementRoutes(api, ctx);
    slipRoutes(api, ctx);
    gameRoutes(api, ctx);
    rewardRoutes(api, ctx);
    bonusRoutes(api, ctx, config.opsTokens);
    inviteRoutes(api, ctx, config.opsTokens);
    refundRoutes(api, ctx, config.opsTokens);
    spinRoutes(api, ctx, config.opsTokens);
    opsRoutes(api, ctx, config.opsTokens);
    // Chat messages reach their room on every instance through the realtime server (Redis adapter).
    const announce = (room: string, event: string, payload: unknown) =>
      app.realtime.toRoom(room, event, payload);
    const chatFiles = deps.chatFiles ?? diskStore(config.chatStorageDir);
    chatRoutes(api, { ...ctx, announce, chatFiles }, config.opsTokens);
  });
  if (config.simulate && !config.simUrl) {
    await app.register(simWorld, {
      prefix: '/sim',
      krapaoUrl: ownUrl,
      bankFeedSecret: ctx.bankFeedSecret!,
      qrGatewaySecret: ctx.qrGatewaySecret!,
      gamesSecret,
      clock: ctx.clock,
      smsDown: deps.simFaults?.smsDown,
    });
  }
  startReconciler(app, ctx);
  startBetFeed(app, ctx);
  startSlipSweeper(app, ctx);
  await serveWeb(app, config.webDist);
  return app;
}

/** SH-6: when the operator ends the service every API answer is 410 { message: 'gone' }. */
function registerTermination(app: FastifyInstance, db: Db, clock: Clock) {
  let cached: { active: boolean; at: number } | undefined;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/lookup/active')) return;
    const now = clock.now().getTime();
    if (!cached || now - cached.at > ACTIVE_CACHE_MS) {
      cached = { active: (await getSetting<boolean>(db, 'site.active')) ?? true, at: now };
    }
    if (!cached.active) return reply.code(410).send({ message: 'gone' });
  });
}

async function redisClient(app: FastifyInstance, url: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  app.addHook('onClose', async () => void (await redis.quit()));
  return redis;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles payouts whose outcome is unknown (start-up runs it; tests and operators may too). */
    reconcilePayouts: () => Promise<number>;
    /** Redeems again gift vouchers whose answer was lost (start-up and the same timer run it). */
    reconcileVouchers: () => Promise<number>;
    /** Settles game transfers whose outcome is unknown, each when its backoff says (the same timer). */
    reconcileTransfers: () => Promise<number>;
  }
}

/**
 * Settles payouts and gift vouchers left with an unknown outcome: once the server listens, then every
 * RECONCILE_EVERY_S.
 */
function startReconciler(app: FastifyInstance, ctx: Ctx) {
  let timer: NodeJS.Timeout | undefined;
  app.decorate('reconcilePayouts', () => reconcilePayouts(ctx, ctx.config.reconcileAfterS * 1000));
  app.decorate('reconcileVouchers', () => reconcileVoucherClaims(ctx));
  app.decorate('reconcileTransfers', () => reconcileTransfers(ctx));
  const run = () =>
    Promise.all([
      app.reconcilePayouts().catch((err) => app.log.error({ err }, 'payout reconciliation failed')),
      app.reconcileVouchers().catch((err) => app.log.error({ err }, 'voucher reconciliation failed')),
    ]);
  // Game transfers carry their own backoff (next_check_at), so they are looked at more often.
  let transfersTimer: NodeJS.Timeout | undefined;
  let transfersRunning = false;
  const runTransfers = async () => {
    if (transfersRunning) return; // a run waiting on slow providers is not overlapped by the next
    transfersRunning = true;
    await app
      .reconcileTransfers()
      .catch((err) => app.log.error({ err }, 'transfer reconciliation failed'))
      .finally(() => (transfersRunning = false));
  };
  app.addHook('onListen', async () => {
    void run();
    void runTransfers();
    timer = setInterval(run, ctx.config.reconcileEveryS * 1000);
    timer.unref();
    transfersTimer = setInterval(runTransfers, TRANSFER_RECONCILE_EVERY_MS);
    transfersTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(transfersTimer);
  });
}

/** With no SMS gateway configured, sending fails loudly in the log and as OTP_SEND_FAIL to the member. */
function noSms(app: FastifyInstance): SmsSender {
  return {
    async send() {
      app.log.error('No SMS gateway is configured (set SIMULATE=1 for the demo inbox)');
      throw new Error('no SMS gateway');
    },
  };
}
