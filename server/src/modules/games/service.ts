import { toBaht, type Currency, type GameAccount, type GameAccountDetail } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { gameUsername, newGamePassword, openPassword, sealPassword } from './credentials.ts';

interface ProviderRow {
  code: string;
  name: string;
  category: GameAccount['category'];
  logo: string;
  background: string;
  web: string;
  android: string;
  ios: string;
  iframe: boolean;
  active: boolean;
}

interface AccountRow extends ProviderRow {
  username: string | null;
  password_enc: string | null;
  status: 'OPENING' | 'ACTIVE' | null;
  balance: bigint | null;
  balance_at: Date | null;
  stale: boolean | null;
}

const ACCOUNT_SELECT = `
  select p.code, p.name, p.category, p.logo, p.background, p.web, p.android, p.ios, p.iframe, p.active,
         g.username, g.password_enc, g.status, g.balance, g.balance_at, g.stale
  from game_providers p
  left join game_accounts g on g.provider = p.code and g.member_id = $1`;

/** The provider of a code as a member types it (the spec's client sends /pg/ as well as PG); NO_GAME else. */
async function accountRow(ctx: Ctx, memberId: string, code: string): Promise<AccountRow> {
  const [row] = await ctx.db.query<AccountRow>(`${ACCOUNT_SELECT} where p.code = upper($2)`, [
    memberId,
    code,
  ]);
  if (!row) throw new AppError('NO_GAME', 404);
  return row;
}

function games(ctx: Ctx): NonNullable<Ctx['games']> {
  if (!ctx.games) throw new AppError('SLOT_ACTIVATE_FAIL', 503);
  return ctx.games;
}

function detail(ctx: Ctx, memberId: string, row: AccountRow): GameAccountDetail {
  return {
    code: row.code,
    name: row.name,
    category: row.category,
    logo: row.logo,
    background: row.background,
    web: row.web,
    android: row.android,
    ios: row.ios,
    iframe: row.iframe,
    isActive: row.status === 'ACTIVE',
    username: row.username ?? '',
    password: row.password_enc ? openPassword(ctx.secret, memberId, row.code, row.password_enc) : '',
    amount: toBaht(row.balance ?? 0n),
  };
}

/**
 * GAME-4: opens the member's account at the provider, in the member's currency. The account row is
 * written first (OPENING) with the username and password it will have, so a retry after a lost answer
 * tries the very same account: a provider that answers USERNAME_TAKEN already has it from the earlier
 * try, and gets the stored password set on it. Only a definitive refusal forgets the row.
 */
export async function activate(ctx: Ctx, memberId: string, code: string): Promise<GameAccountDetail> {
  const row = await accountRow(ctx, memberId, code);
  if (row.status === 'ACTIVE') throw new AppError('SLOT_ALREADY_ACTIVE', 409);
  if (!row.active) throw new AppError('GAME_ACTIVATION_FAIL', 409);
  const api = games(ctx);
  const [member] = await ctx.db.query<{ public_id: string; currency: Currency }>(
    'select public_id, currency from members where id = $1',
    [memberId],
  );
  if (!member) throw new AppError('NO_USER', 404);
  await ctx.db.query(
    `insert into game_accounts (member_id, provider, username, password_enc, created_at)
     values ($1, $2, $3, $4, $5) on conflict (member_id, provider) do nothing`,
    [
      memberId,
      row.code,
      gameUsername(member.public_id),
      sealPassword(ctx.secret, memberId, row.code, newGamePassword()),
      ctx.clock.now(),
    ],
  );
  const [opening] = await ctx.db.query<{ username: string; password_enc: string; status: string }>(
    'select username, password_enc, status from game_accounts where member_id = $1 and provider = $2',
    [memberId, row.code],
  );
  if (opening!.status === 'ACTIVE') throw new AppError('SLOT_ALREADY_ACTIVE', 409);
  const account = {
    provider: row.code,
    username: opening!.username,
    password: openPassword(ctx.secret, memberId, row.code, opening!.password_enc),
  };
  try {
    await api.createAccount({ ...account, currency: member.currency });
  } catch (err) {
    // A GameProviderError (providers/games/games.ts): FAILED is the provider's definitive refusal.
    const { outcome, code } = err as { outcome?: string; code?: string };
    const refused = outcome === 'FAILED';
    if (refused && code === 'USERNAME_TAKEN') {
      await api.resetPassword(account).catch((e: unknown) => {
        ctx.log.warn({ provider: row.code, err: String(e) }, 'game account not taken over');
        throw new AppError('SLOT_ACTIVATE_FAIL', 502);
      });
    } else {
      // A definitive refusal forgets the row; an unknown outcome keeps it for the retry.
      if (refused)
        await ctx.db.query(
          `delete from game_accounts where member_id = $1 and provider = $2 and status = 'OPENING'`,
          [memberId, row.code],
        );
      ctx.log.warn({ provider: row.code, err: String(err) }, 'game account not opened');
      throw new AppError('SLOT_ACTIVATE_FAIL', 502);
    }
  }
  await ctx.db.query(
    `update game_accounts set status = 'ACTIVE', balance_at = $3 where member_id = $1 and provider = $2`,
    [memberId, row.code, ctx.clock.now()],
  );
  return detail(ctx, memberId, await accountRow(ctx, memberId, row.code));
}

/** GAME-1: the member's account at the provider, password included (only its owner asks for it). */
export async function getAccount(ctx: Ctx, memberId: string, code: string): Promise<GameAccountDetail> {
  const row = await accountRow(ctx, memberId, code);
  if (row.status !== 'ACTIVE') throw new AppError('SLOT_NO_ACCOUNT', 404);
  return detail(ctx, memberId, row);
}

/**
 * GAME-4: a new password at the provider, stored once the provider has taken it. When it refused or did
 * not answer, SLOT_RESET_PASSWORD_FAIL and the stored one is kept (a retry sets a new one either way).
 */
export async function resetPassword(ctx: Ctx, memberId: string, code: string): Promise<GameAccountDetail> {
  const row = await accountRow(ctx, memberId, code);
  if (row.status !== 'ACTIVE' || !row.username) throw new AppError('SLOT_NO_ACCOUNT', 404);
  const password = newGamePassword();
  try {
    await games(ctx).resetPassword({ provider: row.code, username: row.username, password });
  } catch (err) {
    ctx.log.warn({ provider: row.code, err: String(err) }, 'game password not reset');
    throw new AppError('SLOT_RESET_PASSWORD_FAIL', 502);
  }
  await ctx.db.query('update game_accounts set password_enc = $3 where member_id = $1 and provider = $2', [
    memberId,
    row.code,
    sealPassword(ctx.secret, memberId, row.code, password),
  ]);
  return detail(ctx, memberId, await accountRow(ctx, memberId, row.code));
}

/**
 * GAME-2: a launch link for the member's own account. The username in the path must be the member's
 * there (SLOT_NO_ACCOUNT otherwise: nobody launches another member's account); any password sent in the
 * path is ignored, the provider gets the stored credentials. `language` (th, la or en, from the
 * request's Accept-Language) is passed on, so the game speaks the member's language, and `returnUrl`
 * (the member's home) as the game's way back: a member playing in the installed app (no browser bar, no
 * back button) would otherwise have no way out of the game.
 */
export async function autoLogin(
  ctx: Ctx,
  memberId: string,
  code: string,
  username: string,
  launch: { language?: string | undefined; returnUrl: string },
): Promise<{ link: string }> {
  const row = await accountRow(ctx, memberId, code);
  if (row.status !== 'ACTIVE' || !row.username || row.username.toLowerCase() !== username.toLowerCase())
    throw new AppError('SLOT_NO_ACCOUNT', 404);
  if (!row.active) throw new AppError('NO_GAME', 409);
  let link: string;
  try {
    link = await games(ctx).launchUrl({
      provider: row.code,
      username: row.username,
      ...(launch.language ? { language: launch.language } : {}),
      returnUrl: launch.returnUrl,
    });
  } catch (err) {
    ctx.log.warn({ provider: row.code, err: String(err) }, 'game launch failed');
    throw new AppError('GAME_ACTIVATION_FAIL', 502);
  }
  return { link: sameOriginLink(ctx, link) };
}

/**
 * The simulated aggregator mounted in this server answers links on the server's own loopback address;
 * the member's browser reaches the server elsewhere, so such a link is given as a path on the same site.
 */
function sameOriginLink(ctx: Ctx, link: string): string {
  if (!ctx.config.simulate || ctx.config.simUrl) return link;
  const url = new URL(link);
  return url.hostname === '127.0.0.1' ? `${url.pathname}${url.search}` : link;
}

/**
 * BAL-1, HOME-3: every provider the operator offers, with the member's account there (active) and its
 * last known balance; a provider switched off still shows while the member's account there holds
 * money. pendingMinor is the money of unsettled transfers (TRF-2), in neither balance.
 */
export async function slotsOf(ctx: Ctx, memberId: string): Promise<GameAccount[]> {
  const rows = await ctx.db.query<AccountRow>(
    `${ACCOUNT_SELECT}
     where p.active or coalesce(g.balance, 0) > 0
     order by p.sort, p.code`,
    [memberId],
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    category: r.category,
    amount: toBaht(r.balance ?? 0n),
    active: r.status === 'ACTIVE',
    logo: r.logo,
    background: r.background,
    web: r.web,
    android: r.android,
    ios: r.ios,
    iframe: r.iframe,
    stale: r.stale ?? false,
    balanceAt: r.balance_at ? r.balance_at.toISOString() : null,
  }));
}

/**
 * BAL-2: asks every provider where the member has an account for its balance, all at once, each for at
 * most GAME_BALANCE_TIMEOUT_MS: a refresh takes one timeout however many providers are slow. A provider
 * that did not answer keeps the balance it last told us, marked stale.
 */
export async function refreshBalances(ctx: Ctx, memberId: string): Promise<void> {
  const accounts = await ctx.db.query<{ provider: string; username: string }>(
    `select g.provider, g.username from game_accounts g join game_providers p on p.code = g.provider
     where g.member_id = $1 and g.status = 'ACTIVE' and p.active`,
    [memberId],
  );
  const api = ctx.games;
  if (!api || !accounts.length) return;
  const timeoutMs = ctx.config.gameBalanceTimeoutMs;
  const answers = await Promise.all(
    accounts.map((a) =>
      withTimeout(api.balance(a, { timeoutMs }), timeoutMs).then(
        (balance) => ({ ...a, balance }),
        () => ({ ...a, balance: undefined }),
      ),
    ),
  );
  const fresh = answers.filter((a) => a.balance !== undefined);
  const stale = answers.filter((a) => a.balance === undefined).map((a) => a.provider);
  await recordGameBalances(
    ctx,
    memberId,
    fresh.map((a) => ({ provider: a.provider, balance: a.balance! })),
  );
  if (stale.length)
    await ctx.db.query('update game_accounts set stale = true where member_id = $1 and provider = any($2)', [
      memberId,
      stale,
    ]);
}

/** BAL-2: what the providers just said the member's games hold, as the wallet shows them, now. */
export async function recordGameBalances(
  ctx: Ctx,
  memberId: string,
  told: { provider: string; balance: bigint }[],
): Promise<void> {
  await ctx.db.query(
    `update game_accounts g set balance = x.balance, balance_at = $4, stale = false
     from unnest($2::text[], $3::bigint[]) as x (provider, balance)
     where g.member_id = $1 and g.provider = x.provider`,
    [memberId, told.map((a) => a.provider), told.map((a) => a.balance.toString()), ctx.clock.now()],
  );
}

/** Rejects after `ms` whatever the promise does (a socket timeout counts idle time only). */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
