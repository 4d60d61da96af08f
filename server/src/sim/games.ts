import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES, exactMinor, GAME_PROVIDERS, type Currency } from '@krapao/contract';
import type { Clock } from '../lib/clock.ts';
import { signatureMatches } from '../lib/crypto.ts';
import { decimal, signedText } from '../providers/games/http-games.ts';
import { optionalBody, simText } from './sim-http.ts';
import { BET_OPTIONS_MINOR, REEL_STRIP, spin } from './slot.ts';
import { expiredPage, SLOT_CSS, SLOT_FONTS, SLOT_JS, slotLanguage, slotPage } from './slot-page.ts';

/**
 * The simulated game aggregator: all 16 providers of GAME-2 behind one transfer-wallet API, in the
 * shape of the real ones (AMB, Betflix, GSC): members with a password, a balance, transfers in and
 * out under the operator's reference (a reused reference is refused as a duplicate), the status of a
 * transfer by reference (SUCCESS, PROCESSING, FAILED, or 404 NOT_FOUND), a single-use launch link, and a
 * bet feed by cursor. Every call from Krapao is signed (providers/games/http-games.ts has the scheme).
 *
 * The sandbox, unsigned, for a person or a test:
 * - POST /config {provider, mode, latencyMs}: how that provider behaves from now on. ok; fail refuses
 *   every call definitively (a refused transfer is recorded FAILED); timeout never answers and applies
 *   nothing; lost applies the call and then cuts the connection, so the answer is lost; slow answers
 *   after latencyMs (a transfer is PROCESSING meanwhile). Status queries answer truthfully in every mode
 *   but timeout and slow.
 * - GET /accounts: every provider account and its balance, the other side of Krapao's ledger.
 * - POST /rig {provider, username, stops: [[r1, r2, r3], ...], playedAt?}: the account's next spins of the
 *   demo game stop there (a win on purpose, for a test or a demonstration); with playedAt (an ISO time in
 *   the last 30 days) their rounds are reported as played then (yesterday's loss, for the loss refund).
 * - GET /play/{token}: where a launch link leads: the demo slot machine (sim/slot.ts, sim/slot-page.ts),
 *   which spins on this aggregator under a play session (GET /sessions/{id}, POST /sessions/{id}/spin).
 */
export interface SimGamesOptions {
  /** The key Krapao signs its calls with. */
  secret: string;
  clock: Clock;
}

export const SIM_GAME_MODES = ['ok', 'fail', 'timeout', 'lost', 'slow'] as const;
type Mode = (typeof SIM_GAME_MODES)[number];

/** How long a launch token is good for (GAME-2: within a minute). */
export const LAUNCH_TOKEN_TTL_MS = 60_000;
/** A play session lasts this long after its last spin. */
const PLAY_SESSION_IDLE_MS = 2 * 60 * 60_000;
/** A request the timeout mode holds is let go (its connection cut) after this, if the caller has not. */
const HOLD_MS = 120_000;
/** Signed calls older or newer than this are refused (a replayed capture). */
const SIGNATURE_SKEW_MS = 5 * 60_000;

interface SimAccount {
  provider: string;
  username: string;
  password: string;
  currency: Currency;
  balanceMinor: bigint;
  createdAt: string;
}

interface SimTransfer {
  reference: string;
  provider: string;
  username: string;
  type: 'deposit' | 'withdraw';
  amountMinor: bigint;
  status: 'SUCCESS' | 'PROCESSING' | 'FAILED';
  code?: string;
  at: string;
}

/** One round of play; the demo game adds them, the bet feed reads them. */
export interface SimRound {
  roundId: string;
  username: string;
  betMinor: bigint;
  winMinor: bigint;
  at: string;
}

const providerParam = z.object({ provider: z.enum(GAME_PROVIDERS) });
const memberParams = providerParam.extend({ username: simText(64) });
/** Where a game's way out leads: a web address (http or https), never a script's. */
const webAddress = simText(500).refine((s) => {
  const url = URL.parse(s);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
}, 'an http or https address');
const amountText = simText(20).refine((s) => (exactMinor(s) ?? 0n) > 0n, 'a positive amount, two decimals');

export const simGames: FastifyPluginAsync<SimGamesOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const accounts = new Map<string, SimAccount>();
  const transfers = new Map<string, SimTransfer>();
  const rounds = new Map<string, SimRound[]>(GAME_PROVIDERS.map((p) => [p, []]));
  /** Per provider: the bet-feed calls that asked from the end of its rounds (nothing new for Krapao). */
  const caughtUpAsks = new Map<string, number>();
  const launches = new Map<
    string,
    {
      provider: string;
      username: string;
      language: string | undefined;
      returnUrl: string | undefined;
      expiresAt: number;
      used: boolean;
    }
  >();
  const config = new Map<string, { mode: Mode; latencyMs: number }>(
    GAME_PROVIDERS.map((p) => [p, { mode: 'ok', latencyMs: 0 }]),
  );
  const key = (provider: string, id: string) => `${provider}:${id}`;

  // Requests the timeout mode holds: let go when the app closes, so closing never waits on them.
  const held = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const release of [...held]) release();
  });
  /** Never answers: the caller times out. The connection is cut when the caller gives up or later. */
  function hang(reply: FastifyReply): Promise<void> {
    reply.hijack();
    return new Promise<void>((resolve) => {
      const release = () => {
        held.delete(release);
        clearTimeout(timer);
        reply.raw.destroy();
        resolve();
      };
      const timer = setTimeout(release, HOLD_MS);
      timer.unref();
      held.add(release);
      reply.raw.on('close', release);
    });
  }
  /** The call was applied, but its answer is lost on the way: the connection is cut. */
  function lose(reply: FastifyReply) {
    reply.hijack();
    reply.raw.destroy();
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /**
   * The provider's mode for a call: 'timeout' has hung it (the handler returns), 'slow' has waited;
   * the handler deals with fail and lost itself.
   */
  async function before(provider: string, reply: FastifyReply): Promise<Mode | 'hung'> {
    const c = config.get(provider)!;
    if (c.mode === 'timeout') {
      await hang(reply);
      return 'hung';
    }
    if (c.mode === 'slow') await sleep(c.latencyMs);
    return c.mode;
  }
  const refuse = (reply: FastifyReply, status: number, code: string) =>
    reply.code(status).send({ status: 'FAILED', code });

  // ---- the sandbox (unsigned) ----

  app.post(
    '/config',
    {
      schema: {
        body: z.object({
          provider: z.enum(GAME_PROVIDERS),
          mode: z.enum(SIM_GAME_MODES),
          latencyMs: z.number().int().min(0).max(600_000).optional(),
        }),
      },
    },
    async (req) => {
      const c = { mode: req.body.mode, latencyMs: req.body.latencyMs ?? 0 };
      config.set(req.body.provider, c);
      return { provider: req.body.provider, ...c };
    },
  );
  app.get('/config', async () => Object.fromEntries(config));

  // What Krapao asked of each provider's bet feed: its rounds, and how many times it asked from their end
  // (a pull that found nothing new). Tests wait on it for the feed to have caught up, not on a clock.
  app.get('/feed', async () =>
    Object.fromEntries(
      GAME_PROVIDERS.map((p) => [
        p,
        { rounds: rounds.get(p)!.length, caughtUpAsks: caughtUpAsks.get(p) ?? 0 },
      ]),
    ),
  );

  app.get('/accounts', async () =>
    [...accounts.values()].map((a) => ({
      provider: a.provider,
      username: a.username,
      currency: a.currency,
      balance: decimal(a.balanceMinor),
      balanceMinor: a.balanceMinor.toString(),
      createdAt: a.createdAt,
    })),
  );

  // ---- the demo game: where a launch link leads ----

  // The launch token opens the page once; the page then plays under a session of its own.
  const sessions = new Map<string, { provider: string; username: string; expiresAt: number }>();
  const openSession = (id: string) => {
    const s = sessions.get(id);
    const now = opts.clock.now().getTime();
    if (!s || s.expiresAt <= now) {
      sessions.delete(id);
      return undefined;
    }
    s.expiresAt = now + PLAY_SESSION_IDLE_MS;
    return { session: s, account: accounts.get(key(s.provider, s.username))! };
  };

  // The sandbox's rigged reels: the next spins of an account stop where a test or a demo says (each a
  // stop per reel), so a win can be shown on purpose. Without it every stop is crypto.randomInt's.
  const riggedStops = new Map<string, { stops: number[][]; playedAt?: string }>();
  app.post(
    '/rig',
    {
      schema: {
        body: z.object({
          provider: z.enum(GAME_PROVIDERS),
          username: simText(64),
          stops: z
            .array(
              z
                .array(
                  z
                    .number()
                    .int()
                    .min(0)
                    .max(REEL_STRIP.length - 1),
                )
                .length(3),
            )
            .min(1)
            .max(100),
          playedAt: simText(40)
            .refine((t) => {
              const at = Date.parse(t);
              const now = opts.clock.now().getTime();
              return Number.isFinite(at) && at <= now && at >= now - 30 * 86_400_000;
            }, 'an ISO time in the last 30 days')
            .optional(),
        }),
      },
    },
    async (req) => {
      riggedStops.set(key(req.body.provider, req.body.username), {
        stops: req.body.stops.map((s) => [...s]),
        ...(req.body.playedAt ? { playedAt: new Date(req.body.playedAt).toISOString() } : {}),
      });
      return { provider: req.body.provider, username: req.body.username, spins: req.body.stops.length };
    },
  );

  app.get('/slot.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SLOT_JS),
  );
  app.get('/slot.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(SLOT_CSS),
  );

  // The page's Thai and Lao fonts, the web app's own files, read from its npm package when first asked.
  const fontFiles = new Map<string, Promise<Buffer>>();
  app.get('/fonts/:name', { schema: { params: z.object({ name: simText(40) }) } }, async (req, reply) => {
    const font = SLOT_FONTS[req.params.name as keyof typeof SLOT_FONTS];
    if (!font) return reply.code(404).send({ code: 'NOT_FOUND' });
    let bytes = fontFiles.get(font.file);
    if (!bytes)
      fontFiles.set(font.file, (bytes = readFile(createRequire(import.meta.url).resolve(font.file))));
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=86400')
      .send(await bytes);
  });

  app.get('/play/:token', { schema: { params: z.object({ token: simText(100) }) } }, async (req, reply) => {
    // A spent link is kept until it would have expired, so that its page still speaks the member's
    // language and leads back to the wallet.
    const launch = launches.get(req.params.token);
    const spent = !launch || launch.used || launch.expiresAt <= opts.clock.now().getTime();
    if (launch) launch.used = true;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (spent) {
      reply.code(410);
      return expiredPage(slotLanguage(launch?.language ?? req.headers['accept-language']), launch?.returnUrl);
    }
    const account = accounts.get(key(launch.provider, launch.username))!;
    const session = randomBytes(24).toString('base64url');
    sessions.set(session, {
      provider: launch.provider,
      username: launch.username,
      expiresAt: opts.clock.now().getTime() + PLAY_SESSION_IDLE_MS,
    });
    return slotPage({
      session,
      provider: launch.provider,
      username: account.username,
      currency: account.currency,
      balanceMinor: account.balanceMinor,
      language: slotLanguage(launch.language),
      returnUrl: launch.returnUrl,
    });
  });

  const sessionParams = z.object({ session: simText(100) });
  app.get('/sessions/:session', { schema: { params: sessionParams } }, async (req, reply) => {
    const open = openSession(req.params.session);
    if (!open) return reply.code(410).send({ code: 'SESSION_EXPIRED' });
    return {
      provider: open.account.provider,
      username: open.account.username,
      currency: open.account.currency,
      balance: decimal(open.account.balanceMinor),
      balanceMinor: open.account.balanceMinor.toString(),
    };
  });

  // One spin, on the server: the stake leaves the account, the win comes in, and the round joins the
  // provider's bet feed (round id, username, bet, win, time).
  app.post(
    '/sessions/:session/spin',
    { schema: { params: sessionParams, body: z.object({ bet: simText(20) }) } },
    async (req, reply) => {
      const open = openSession(req.params.session);
      if (!open) return reply.code(410).send({ code: 'SESSION_EXPIRED' });
      const { account } = open;
      const betMinor = exactMinor(req.body.bet);
      if (betMinor === undefined || !BET_OPTIONS_MINOR[account.currency].includes(betMinor))
        return reply.code(400).send({ code: 'BAD_BET' });
      if (account.balanceMinor < betMinor)
        return reply
          .code(400)
          .send({ code: 'INSUFFICIENT_BALANCE', balanceMinor: account.balanceMinor.toString() });
      const rigged = riggedStops.get(key(account.provider, account.username));
      const stops = rigged?.stops.shift();
      if (rigged && !rigged.stops.length) riggedStops.delete(key(account.provider, account.username));
      const result = stops ? spin(betMinor, () => stops.shift()!) : spin(betMinor);
      account.balanceMinor += result.winMinor - betMinor;
      const round: SimRound = {
        roundId: `R${randomBytes(10).toString('hex')}`,
        username: account.username,
        betMinor,
        winMinor: result.winMinor,
        at: (stops && rigged?.playedAt) || opts.clock.now().toISOString(),
      };
      rounds.get(account.provider)!.push(round);
      return {
        roundId: round.roundId,
        stops: result.stops,
        grid: result.grid,
        wins: result.wins,
        bet: decimal(betMinor),
        betMinor: betMinor.toString(),
        win: decimal(result.winMinor),
        winMinor: result.winMinor.toString(),
        balance: decimal(account.balanceMinor),
        balanceMinor: account.balanceMinor.toString(),
        at: round.at,
      };
    },
  );

  // ---- the signed API Krapao calls ----

  await app.register(async (api) => {
    const signed = api.withTypeProvider<ZodTypeProvider>();
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(Object.assign(err as Error, { statusCode: 400 }), undefined);
      }
    });
    signed.addHook('onRequest', async (req, reply) => {
      // The body is checked once it has been read, in preValidation; the time here.
      const at = Number(req.headers['x-timestamp']);
      if (!Number.isFinite(at) || Math.abs(Date.now() - at) > SIGNATURE_SKEW_MS)
        return reply.code(401).send({ code: 'INVALID_SIGNATURE' });
    });
    signed.addHook('preValidation', async (req, reply) => {
      const path = req.url.slice(app.prefix.length);
      const body = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const text = signedText(String(req.headers['x-timestamp']), req.method, path, body);
      if (!signatureMatches(opts.secret, text, req.headers['x-signature'] as string | undefined))
        return reply.code(401).send({ code: 'INVALID_SIGNATURE' });
    });

    signed.post(
      '/:provider/members',
      {
        schema: {
          params: providerParam,
          body: z.object({
            username: simText(64),
            password: simText(128).min(8),
            currency: z.enum(CURRENCIES),
          }),
        },
      },
      async (req, reply) => {
        const { provider } = req.params;
        const mode = await before(provider, reply);
        if (mode === 'hung') return reply;
        if (mode === 'fail') return refuse(reply, 400, 'PROVIDER_REFUSED');
        const k = key(provider, req.body.username);
        if (accounts.has(k)) return refuse(reply, 409, 'USERNAME_TAKEN');
        accounts.set(k, {
          provider,
          username: req.body.username,
          password: req.body.password,
          currency: req.body.currency,
          balanceMinor: 0n,
          createdAt: opts.clock.now().toISOString(),
        });
        if (mode === 'lost') return lose(reply);
        return { status: 'SUCCESS', username: req.body.username };
      },
    );

    signed.post(
      '/:provider/members/:username/password',
      { schema: { params: memberParams, body: z.object({ password: simText(128).min(8) }) } },
      async (req, reply) => {
        const mode = await before(req.params.provider, reply);
        if (mode === 'hung') return reply;
        if (mode === 'fail') return refuse(reply, 400, 'PROVIDER_REFUSED');
        const account = accounts.get(key(req.params.provider, req.params.username));
        if (!account) return refuse(reply, 404, 'NO_ACCOUNT');
        account.password = req.body.password;
        if (mode === 'lost') return lose(reply);
        return { status: 'SUCCESS' };
      },
    );

    signed.get(
      '/:provider/members/:username/balance',
      { schema: { params: memberParams } },
      async (req, reply) => {
        const mode = await before(req.params.provider, reply);
        if (mode === 'hung') return reply;
        if (mode === 'fail') return refuse(reply, 400, 'PROVIDER_REFUSED');
        const account = accounts.get(key(req.params.provider, req.params.username));
        if (!account) return refuse(reply, 404, 'NO_ACCOUNT');
        if (mode === 'lost') return lose(reply);
        return {
          username: account.username,
          currency: account.currency,
          balance: decimal(account.balanceMinor),
        };
      },
    );

    signed.post(
      '/:provider/members/:username/launch',
      {
        schema: {
          params: memberParams,
          body: optionalBody({ language: simText(8).optional(), returnUrl: webAddress.optional() }),
        },
      },
      async (req, reply) => {
        const mode = await before(req.params.provider, reply);
        if (mode === 'hung') return reply;
        if (mode === 'fail') return refuse(reply, 400, 'PROVIDER_REFUSED');
        if (!accounts.has(key(req.params.provider, req.params.username)))
          return refuse(reply, 404, 'NO_ACCOUNT');
        const token = randomBytes(24).toString('base64url');
        const now = opts.clock.now().getTime();
        const expiresAt = now + LAUNCH_TOKEN_TTL_MS;
        for (const [old, l] of launches) if (l.expiresAt <= now) launches.delete(old);
        launches.set(token, {
          provider: req.params.provider,
          username: req.params.username,
          language: req.body?.language,
          returnUrl: req.body?.returnUrl,
          expiresAt,
          used: false,
        });
        if (mode === 'lost') return lose(reply);
        return { url: `${app.prefix}/play/${token}`, expiresAt: new Date(expiresAt).toISOString() };
      },
    );

    signed.post(
      '/:provider/transfers',
      {
        schema: {
          params: providerParam,
          body: z.object({
            username: simText(64),
            reference: simText(64),
            type: z.enum(['deposit', 'withdraw']),
            amount: amountText,
            currency: z.enum(CURRENCIES),
          }),
        },
      },
      async (req, reply) => {
        const { provider } = req.params;
        const b = req.body;
        const c = config.get(provider)!;
        if (c.mode === 'timeout') return hang(reply).then(() => reply);
        const k = key(provider, b.reference);
        // AMB 2037 "duplicate transaction ref": a reference is used once, whatever became of it.
        if (transfers.has(k)) return reply.code(409).send({ status: 'FAILED', code: 'DUPLICATE_REFERENCE' });
        const amountMinor = exactMinor(b.amount)!;
        const transfer: SimTransfer = {
          reference: b.reference,
          provider,
          username: b.username,
          type: b.type,
          amountMinor,
          status: 'PROCESSING',
          at: opts.clock.now().toISOString(),
        };
        transfers.set(k, transfer);
        if (c.mode === 'slow') await sleep(c.latencyMs);
        const account = accounts.get(key(provider, b.username));
        const refusal =
          c.mode === 'fail'
            ? 'PROVIDER_REFUSED'
            : !account
              ? 'NO_ACCOUNT'
              : account.currency !== b.currency
                ? 'CURRENCY_MISMATCH'
                : b.type === 'withdraw' && account.balanceMinor < amountMinor
                  ? 'INSUFFICIENT_BALANCE'
                  : undefined;
        if (refusal || !account) {
          Object.assign(transfer, { status: 'FAILED', code: refusal });
          return refuse(reply, 400, refusal ?? 'NO_ACCOUNT');
        }
        const before = account.balanceMinor;
        account.balanceMinor += b.type === 'deposit' ? amountMinor : -amountMinor;
        transfer.status = 'SUCCESS';
        if (c.mode === 'lost') return lose(reply);
        return {
          status: 'SUCCESS',
          reference: b.reference,
          balanceBefore: decimal(before),
          balanceAfter: decimal(account.balanceMinor),
        };
      },
    );

    signed.get(
      '/:provider/transfers/:reference',
      { schema: { params: providerParam.extend({ reference: simText(64) }) } },
      async (req, reply) => {
        const c = config.get(req.params.provider)!;
        if (c.mode === 'timeout') return hang(reply).then(() => reply);
        if (c.mode === 'slow') await sleep(c.latencyMs);
        const t = transfers.get(key(req.params.provider, req.params.reference));
        if (!t) return reply.code(404).send({ status: 'NOT_FOUND', code: 'RECORD_NOT_FOUND' });
        return {
          reference: t.reference,
          status: t.status,
          type: t.type,
          amount: decimal(t.amountMinor),
          ...(t.code ? { code: t.code } : {}),
        };
      },
    );

    // The bet feed: rounds after the cursor (an index into the provider's rounds), oldest first.
    signed.get(
      '/:provider/bets',
      {
        schema: {
          params: providerParam,
          querystring: z.object({
            cursor: z
              .string()
              .regex(/^\d{1,12}$/)
              .optional(),
            limit: z.coerce.number().int().min(1).max(1000).default(100),
          }),
        },
      },
      async (req, reply) => {
        const mode = await before(req.params.provider, reply);
        if (mode === 'hung') return reply;
        if (mode === 'fail') return refuse(reply, 400, 'PROVIDER_REFUSED');
        const all = rounds.get(req.params.provider)!;
        const from = Number(req.query.cursor ?? 0);
        const page = all.slice(from, from + req.query.limit);
        if (from >= all.length)
          caughtUpAsks.set(req.params.provider, (caughtUpAsks.get(req.params.provider) ?? 0) + 1);
        return {
          rounds: page.map((r) => ({
            roundId: r.roundId,
            username: r.username,
            bet: decimal(r.betMinor),
            win: decimal(r.winMinor),
            at: r.at,
          })),
          next: String(from + page.length),
        };
      },
    );
  });
};
