import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { Job } from '../../lib/job.ts';

/**
 * The bet feed: each provider's rounds, pulled by cursor into game_rounds, per-member turnover and
 * win/loss by provider and day (game_daily_stats), and the ledger (the member's game account against the
 * provider's house account). db/functions/games.sql (game_bets_take) says how a round counts once: a
 * page is taken in one transaction that also advances the cursor, compare-and-set, and a round id is
 * unique. So a pull may die anywhere (before the provider answers, after it answered, between pages) and
 * the next one resumes where the last commit left off.
 *
 * Pulled every BET_FEED_EVERY_MS (every provider where members have accounts, each on its own), and
 * before money comes back from a game (transfers.ts), so that winnings are in the ledger when the amount
 * is taken.
 */

/** Rounds asked per page: one transaction each. */
export const BET_PAGE_SIZE = 500;
/** A pull stops after this many pages (it goes on at the next one), so one busy provider cannot hold it. */
const MAX_PAGES_PER_PULL = 40;

export interface PullResult {
  provider: string;
  pages: number;
  /** Rounds new to Krapao in this pull. */
  taken: number;
  /** Rounds whose money reached the ledger in this pull (new ones and ones that waited). */
  posted: number;
}

interface Taken {
  stale: boolean;
  taken?: number;
  posted?: number;
}

/**
 * One provider's feed from the stored cursor: page after page until a short page (caught up) or
 * `maxPages`. Each page: ask the provider, then game_bets_take in one transaction. Not coalesced: use
 * pullBets, which runs one pull per provider at a time in this process.
 */
export async function pullProviderBets(
  ctx: Ctx,
  provider: string,
  opts: { maxPages?: number; pageSize?: number } = {},
): Promise<PullResult> {
  const result: PullResult = { provider, pages: 0, taken: 0, posted: 0 };
  const api = ctx.games;
  if (!api) return result;
  const maxPages = opts.maxPages ?? MAX_PAGES_PER_PULL;
  const pageSize = opts.pageSize ?? BET_PAGE_SIZE;
  while (result.pages < maxPages) {
    const [row] = await ctx.db.query<{ cursor: string | null }>(
      'select cursor from game_bet_cursors where provider = $1',
      [provider],
    );
    const cursor = row?.cursor ?? null;
    const page = await api.bets(provider, cursor, pageSize);
    result.pages++;
    // Nothing new and nowhere to move: no transaction at all (the common case, every few seconds).
    if (!page.rounds.length && page.next === (cursor ?? page.next)) break;
    const r = page.rounds;
    const [answer] = await ctx.db.query<{ taken: Taken }>(
      `select game_bets_take($1, $2, $3, $4::text[], $5::text[], $6::bigint[], $7::bigint[],
                             $8::timestamptz[], $9) as taken`,
      [
        provider,
        cursor,
        page.next,
        r.map((x) => x.roundId),
        r.map((x) => x.username),
        r.map((x) => x.betMinor.toString()),
        r.map((x) => x.winMinor.toString()),
        r.map((x) => x.at.toISOString()),
        ctx.clock.now(),
      ],
    );
    const taken = answer!.taken;
    // Another pull (another instance) took this page first: read its cursor and go on from there.
    if (taken.stale) continue;
    result.taken += taken.taken ?? 0;
    result.posted += taken.posted ?? 0;
    if (r.length < pageSize || page.next === cursor) break;
  }
  // Rounds that waited for the transfer that funded them: posted once it has settled.
  const [waiting] = await ctx.db.query<{ waiting: boolean }>(
    `select exists (select 1 from game_rounds where provider = $1 and not posted and member_id is not null)
     as waiting`,
    [provider],
  );
  if (waiting?.waiting) {
    const [posted] = await ctx.db.query<{ n: number }>('select game_rounds_post_waiting($1, $2) as n', [
      provider,
      ctx.clock.now(),
    ]);
    result.posted += posted?.n ?? 0;
  }
  return result;
}

/** The pull running for each provider in this process, and the one queued after it. */
const inFlight = new WeakMap<
  Ctx,
  Map<string, { current: Promise<PullResult>; queued: Promise<PullResult> | undefined }>
>();

/**
 * Pulls a provider's feed, one pull at a time per provider in this process: a call while one runs waits
 * for it and then pulls again (rounds played meanwhile are in the answer), however many callers queue.
 */
export function pullBets(ctx: Ctx, provider: string): Promise<PullResult> {
  let slots = inFlight.get(ctx);
  if (!slots) inFlight.set(ctx, (slots = new Map()));
  const byProvider = slots;
  const run = () => {
    const current = pullProviderBets(ctx, provider);
    byProvider.set(provider, { current, queued: undefined });
    current
      .finally(() => {
        const s = byProvider.get(provider);
        if (s?.current === current && !s.queued) byProvider.delete(provider);
      })
      .catch(() => undefined);
    return current;
  };
  const slot = byProvider.get(provider);
  if (!slot) return run();
  slot.queued ??= slot.current.catch(() => undefined).then(run);
  return slot.queued;
}

/** Pulls every provider where members have accounts, each on its own (a slow one delays only itself). */
export async function pullAllBets(ctx: Ctx): Promise<PullResult[]> {
  if (!ctx.games) return [];
  const providers = await ctx.db.query<{ provider: string }>(
    `select p.code as provider from game_providers p
     where exists (select 1 from game_accounts g where g.provider = p.code and g.status = 'ACTIVE')
     order by p.code`,
  );
  const results = await Promise.allSettled(providers.map((p) => pullBets(ctx, p.provider)));
  return results.flatMap((r, i) => {
    if (r.status === 'fulfilled') return [r.value];
    ctx.log.warn({ provider: providers[i]!.provider, err: String(r.reason) }, 'bet feed pull failed');
    return [];
  });
}

/**
 * Before money comes back from a game: the provider's rounds so far, so its winnings are in the ledger
 * (transferAll takes at most what the ledger holds there). Waits at most GAME_BALANCE_TIMEOUT_MS; a
 * provider that does not answer leaves its rounds for the next pull, and the transfer goes on.
 */
export async function pullBetsBeforeTransferOut(ctx: Ctx, provider: string): Promise<void> {
  if (!ctx.games) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    pullBets(ctx, provider).catch((err: unknown) =>
      ctx.log.warn({ provider, err: String(err) }, 'bet feed pull before a transfer failed'),
    ),
    new Promise((r) => (timer = setTimeout(r, ctx.config.gameBalanceTimeoutMs))),
  ]);
  clearTimeout(timer);
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pulls the bet feed now: of all providers, or of one; maxPages or pageSize (tests) pull that one
     * directly, outside the one-at-a-time queue.
     */
    pullBets: (opts?: { provider?: string; maxPages?: number; pageSize?: number }) => Promise<PullResult[]>;
  }
}

/**
 * The periodic pull: every BET_FEED_EVERY_MS once the server listens (0 turns it off, and so does having
 * no game provider: then there is no job). app.pullBets is there either way.
 */
export function betFeedJob(app: FastifyInstance, ctx: Ctx): Job | undefined {
  app.decorate('pullBets', async (opts?: { provider?: string; maxPages?: number; pageSize?: number }) => {
    if (!opts?.provider) return pullAllBets(ctx);
    const { provider, ...direct } = opts;
    return [
      direct.maxPages === undefined && direct.pageSize === undefined
        ? await pullBets(ctx, provider)
        : await pullProviderBets(ctx, provider, direct),
    ];
  });
  const everyMs = ctx.config.betFeedEveryMs;
  if (!everyMs || !ctx.games) return undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return; // a pull waiting on a slow provider is not overlapped by the next
    running = pullAllBets(ctx)
      .catch((err: unknown) => app.log.error({ err }, 'bet feed pull failed'))
      .finally(() => (running = undefined));
  };
  return {
    async start() {
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      // A pull in flight finishes (or fails) before the database closes; a hung provider is not waited on.
      if (running) await Promise.race([running, new Promise((r) => setTimeout(r, 2_000))]);
    },
  };
}
