import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { HOUSE_WALLETS } from '../db/seed.ts';
import type { Clock } from '../lib/clock.ts';
import { simBank } from './bank.ts';
import { simRequests } from './sim-http.ts';
import { simGateway } from './gateway.ts';
import { simGames } from './games.ts';
import { alertsInbox } from './alerts-inbox.ts';
import { smsInbox } from './sms-inbox.ts';
import { simTrueWallet } from './truewallet.ts';

/**
 * The whole simulated outside world: bank, QR gateways, True Wallet vouchers, the SMS inbox, the operator's
 * group chat (alerts) and the game aggregator. SIMULATE
 * mounts it in the server under /sim; the crash test runs it on its own, so it outlives the server it
 * serves, the way the real outside world does.
 */
export interface SimWorldOptions {
  /** Krapao's address, where the bank feed and gateway callbacks go. */
  krapaoUrl: () => string;
  bankFeedSecret: string;
  qrGatewaySecret: string;
  /** The key Krapao signs its calls to the game aggregator with; without one it refuses every call. */
  gamesSecret?: string | undefined;
  clock: Clock;
  /** Test hook: makes the simulated SMS gateway fail. */
  smsDown?: (() => boolean) | undefined;
}

export const simWorld: FastifyPluginAsync<SimWorldOptions> = async (app, opts) => {
  simRequests(app);
  await app.register(smsInbox, { prefix: '/sms', failing: opts.smsDown ?? (() => false) });
  await app.register(alertsInbox, { prefix: '/alerts', clock: opts.clock });
  await app.register(simBank, {
    prefix: '/bank',
    feedUrl: () => `${opts.krapaoUrl()}/api/hooks/bank-feed`,
    feedSecret: opts.bankFeedSecret,
    clock: opts.clock,
  });
  await app.register(simGateway, { prefix: '/gateway', secret: opts.qrGatewaySecret, clock: opts.clock });
  await app.register(simGames, {
    prefix: '/games',
    secret: opts.gamesSecret ?? randomBytes(32).toString('hex'),
    clock: opts.clock,
  });
  await app.register(simTrueWallet, {
    prefix: '/truewallet',
    clock: opts.clock,
    operatorPhone: HOUSE_WALLETS[0].phone,
  });
  // Time in the simulated world: a test moves it (forward or back, in ms) instead of sleeping through a
  // 24-hour wait. Offered only when the server's clock can be moved (the simulated world's, a test's).
  const movable = opts.clock as Clock & { advance?: (ms: number) => void };
  if (typeof movable.advance === 'function') {
    app.post('/clock', async (req, reply) => {
      const advanceMs = (req.body as { advanceMs?: unknown } | undefined)?.advanceMs;
      if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs))
        return reply.code(400).send({ message: 'INVALID_REQUEST' });
      movable.advance!(advanceMs);
      return { now: opts.clock.now().toISOString() };
    });
  }
};
