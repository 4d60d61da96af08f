// Player protection (docs/decisions.md "Player protection"): the member's own limits, reality check,
// time-out and self-exclusion. What they allow is decided in the database (db/functions/protection.sql),
// under the member's protection row lock, by the money paths themselves: this module keeps the settings
// and answers what is in force.
import { randomBytes } from 'node:crypto';
import {
  PROTECTION_COOLING_OFF_H,
  PROTECTION_LIMIT_KEYS,
  PROTECTION_REVIEW_DAYS,
  toBaht,
  toMinor,
  type Currency,
  type MemberProtection,
  type Protection,
  type ProtectionLimitKey,
  type ProtectionLimits,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { transfer } from '../games/transfers.ts';

const COOLING_OFF_MS = PROTECTION_COOLING_OFF_H * 3600_000;
const REVIEW_EVERY_MS = PROTECTION_REVIEW_DAYS * 86_400_000;

/** The limit columns of member_protection, by contract key. */
const COLUMN: Record<ProtectionLimitKey, string> = {
  depositDay: 'deposit_day',
  depositWeek: 'deposit_week',
  depositMonth: 'deposit_month',
  lossDay: 'loss_day',
  lossWeek: 'loss_week',
  lossMonth: 'loss_month',
};

interface Row {
  deposit_day: bigint | null;
  deposit_week: bigint | null;
  deposit_month: bigint | null;
  loss_day: bigint | null;
  loss_week: bigint | null;
  loss_month: bigint | null;
  pending: Record<ProtectionLimitKey, string | null> | null;
  pending_at: Date | null;
  reality_check_minutes: number;
  block_kind: 'TIMEOUT' | 'EXCLUSION' | null;
  block_until: Date | null;
  reviewed_at: Date | null;
}

/** Limits in minor units, null for none. */
type MinorLimits = Record<ProtectionLimitKey, bigint | null>;

const NO_LIMITS = Object.fromEntries(PROTECTION_LIMIT_KEYS.map((k) => [k, null])) as MinorLimits;

function inForce(row: Row | undefined): MinorLimits {
  if (!row) return { ...NO_LIMITS };
  return Object.fromEntries(
    PROTECTION_LIMIT_KEYS.map((k) => [k, row[COLUMN[k] as keyof Row] as bigint | null]),
  ) as MinorLimits;
}

const toWire = (limits: MinorLimits): ProtectionLimits =>
  Object.fromEntries(
    PROTECTION_LIMIT_KEYS.map((k) => [k, limits[k] === null ? null : toBaht(limits[k])]),
  ) as ProtectionLimits;

const fromWire = (limits: ProtectionLimits): MinorLimits =>
  Object.fromEntries(
    PROTECTION_LIMIT_KEYS.map((k) => [k, limits[k] === null ? null : toMinor(limits[k])]),
  ) as MinorLimits;

const pendingOf = (row: Row): MinorLimits =>
  Object.fromEntries(
    PROTECTION_LIMIT_KEYS.map((k) => {
      const v = row.pending?.[k];
      return [k, v === null || v === undefined ? null : BigInt(v)];
    }),
  ) as MinorLimits;

/** A limit that asks for less than the one in force (a new limit where there was none is less too). */
const lowers = (now: bigint | null, asked: bigint | null) => asked !== null && (now === null || asked < now);

async function readRow(q: Queryable, memberId: string, lock = false): Promise<Row | undefined> {
  const [row] = await q.query<Row>(
    `select * from member_protection where member_id = $1${lock ? ' for update' : ''}`,
    [memberId],
  );
  return row;
}

/** The member's row, made on first need, locked until the transaction ends. */
async function lockedRow(q: Queryable, memberId: string, at: Date): Promise<Row> {
  await q.query(
    `insert into member_protection (member_id, updated_at) values ($1, $2) on conflict (member_id) do nothing`,
    [memberId, at],
  );
  return (await readRow(q, memberId, true))!;
}

const blockInForce = (row: Row | undefined, at: Date) =>
  row?.block_until && row.block_until > at && row.block_kind
    ? { kind: row.block_kind, until: row.block_until }
    : undefined;

/** What GET /api/protection answers: the settings, this period's use and this sign-in's play. */
async function answer(ctx: Ctx, q: Queryable, memberId: string, tokenHash: Buffer): Promise<Protection> {
  const now = ctx.clock.now();
  const row = await readRow(q, memberId);
  const [figures] = await q.query<{
    currency: Currency;
    registered_at: Date;
    used: Record<string, bigint>;
    room: bigint | null;
    signed_in_at: Date | null;
    net: bigint;
  }>(
    `select m.currency, m.created_at as registered_at,
            (select to_jsonb(u) from protection_used(m.id, $2) u) as used,
            protection_deposit_room(p, $2, null) as room,
            s.created_at as signed_in_at,
            coalesce((select sum(g.win - g.bet) from game_rounds g
                      where g.member_id = m.id and g.played_at >= s.created_at), 0)::bigint as net
     from members m
     left join member_protection p on p.member_id = m.id
     left join sessions s on s.token_hash = $3 and s.member_id = m.id
     where m.id = $1`,
    [memberId, now, tokenHash],
  );
  if (!figures) throw new AppError('NOT_FOUND', 404);
  const used = (name: string) => toBaht(BigInt(figures.used[name] ?? 0));
  const pendingAt = row?.pending_at;
  const block = blockInForce(row, now);
  return {
    currency: figures.currency,
    limits: toWire(inForce(row)),
    pending:
      row && pendingAt
        ? {
            limits: toWire(pendingOf(row)),
            appliesAt: new Date(pendingAt.getTime() + COOLING_OFF_MS).toISOString(),
            confirmable: now.getTime() - pendingAt.getTime() >= COOLING_OFF_MS,
          }
        : null,
    used: {
      depositDay: used('deposit_day'),
      depositWeek: used('deposit_week'),
      depositMonth: used('deposit_month'),
      lossDay: used('loss_day'),
      lossWeek: used('loss_week'),
      lossMonth: used('loss_month'),
    },
    depositLeft: figures.room === null ? null : toBaht(figures.room > 0n ? figures.room : 0n),
    realityCheckMinutes: (row?.reality_check_minutes ?? 0) as Protection['realityCheckMinutes'],
    block: block ? { kind: block.kind, until: block.until.toISOString() } : null,
    session: {
      signedInAt: (figures.signed_in_at ?? now).toISOString(),
      elapsedS: Math.max(0, Math.floor((now.getTime() - (figures.signed_in_at ?? now).getTime()) / 1000)),
      net: toBaht(figures.net),
    },
    reviewDue: now.getTime() - (row?.reviewed_at ?? figures.registered_at).getTime() >= REVIEW_EVERY_MS,
  };
}

/** The member looked over their limits and play at the app's prompt (reviewDue): asked again later. */
export async function markReviewed(ctx: Ctx, who: Caller): Promise<Protection> {
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    await lockedRow(q, who.memberId, now);
    await q.query('update member_protection set reviewed_at = $2 where member_id = $1', [who.memberId, now]);
  });
  return getProtection(ctx, who);
}

/** What the member's protection is, for the console (which adds what staff changed: console-care.ts). */
export type ProtectionForStaff = Omit<MemberProtection, 'byStaff'>;

export interface Caller {
  memberId: string;
  tokenHash: Buffer;
}

export function getProtection(ctx: Ctx, who: Caller): Promise<Protection> {
  return answer(ctx, ctx.db, who.memberId, who.tokenHash);
}

async function writeLimits(q: Queryable, memberId: string, limits: MinorLimits, at: Date) {
  await q.query(
    `update member_protection set deposit_day = $2, deposit_week = $3, deposit_month = $4, loss_day = $5,
       loss_week = $6, loss_month = $7, updated_at = $8 where member_id = $1`,
    [memberId, ...PROTECTION_LIMIT_KEYS.map((k) => limits[k]?.toString() ?? null), at],
  );
}

/**
 * The whole set: every lower limit applies at once; if anything else is asked (a higher limit, one
 * removed), the whole set waits 24 hours for a confirmation. A new set replaces a waiting one.
 */
export async function setLimits(ctx: Ctx, who: Caller, asked: ProtectionLimits): Promise<Protection> {
  const wanted = fromWire(asked);
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockedRow(q, who.memberId, now);
    const current = inForce(row);
    const next = { ...current };
    let raises = false;
    for (const k of PROTECTION_LIMIT_KEYS) {
      if (lowers(current[k], wanted[k])) next[k] = wanted[k];
      else if (current[k] !== wanted[k]) raises = true;
    }
    await writeLimits(q, who.memberId, next, now);
    const pending = raises
      ? JSON.stringify(
          Object.fromEntries(PROTECTION_LIMIT_KEYS.map((k) => [k, wanted[k]?.toString() ?? null])),
        )
      : null;
    await q.query('update member_protection set pending = $2, pending_at = $3 where member_id = $1', [
      who.memberId,
      pending,
      raises ? now : null,
    ]);
  });
  return getProtection(ctx, who);
}

/** The waiting set, once its 24 hours have passed: LIMIT_NOT_YET before, NOT_FOUND when none waits. */
export async function confirmLimits(ctx: Ctx, who: Caller): Promise<Protection> {
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await readRow(q, who.memberId, true);
    if (!row?.pending_at) throw new AppError('NOT_FOUND', 404);
    if (now.getTime() - row.pending_at.getTime() < COOLING_OFF_MS) throw new AppError('LIMIT_NOT_YET', 409);
    await writeLimits(q, who.memberId, pendingOf(row), now);
    await q.query('update member_protection set pending = null, pending_at = null where member_id = $1', [
      who.memberId,
    ]);
  });
  return getProtection(ctx, who);
}

export async function setRealityCheck(ctx: Ctx, who: Caller, minutes: number): Promise<Protection> {
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    await lockedRow(q, who.memberId, now);
    await q.query(
      'update member_protection set reality_check_minutes = $2, updated_at = $3 where member_id = $1',
      [who.memberId, minutes, now],
    );
  });
  return getProtection(ctx, who);
}

/** A time-out of some days or a self-exclusion of some months, from now. */
export type BlockAsked = { kind: 'TIMEOUT'; days: number } | { kind: 'EXCLUSION'; months: number };

/**
 * A time-out (days) or self-exclusion (months) from now, at once. A block already in force is never
 * shortened, and a self-exclusion stays one. Then every game balance comes back to the wallet.
 */
export async function block(ctx: Ctx, who: Caller, asked: BlockAsked): Promise<Protection> {
  await placeBlock(ctx, who.memberId, asked, undefined);
  ctx.log.info({ memberId: who.memberId, ...asked }, 'member blocked play for themselves');
  await bringGamesBack(ctx, who.memberId);
  return getProtection(ctx, who);
}

/**
 * The member's protection as the console shows it (GET /api/console/members/{id}/protection): what
 * GET /api/protection answers them, without their sign-in's figures.
 */
export async function protectionForStaff(ctx: Ctx, memberId: string): Promise<ProtectionForStaff> {
  const { session: _session, ...rest } = await answer(ctx, ctx.db, memberId, Buffer.alloc(0));
  return rest;
}

/** A block staff placed for the member (risk); `within` writes its audit row in the same transaction. */
export async function blockForMember(
  ctx: Ctx,
  memberId: string,
  asked: BlockAsked,
  within: (q: Queryable) => Promise<void>,
): Promise<ProtectionForStaff> {
  await placeBlock(ctx, memberId, asked, within);
  ctx.log.info({ memberId, ...asked }, 'staff blocked play for a member');
  await bringGamesBack(ctx, memberId);
  return protectionForStaff(ctx, memberId);
}

/**
 * One limit set lower for the member by staff (risk), at once, as the member's own decrease: never a
 * raise or a removal (LIMIT_NOT_LOWER). An increase the member has waiting is dropped, since confirming
 * it would undo this one. `within` writes the audit row in the same transaction.
 */
export async function lowerLimitForMember(
  ctx: Ctx,
  memberId: string,
  key: ProtectionLimitKey,
  minor: bigint,
  within: (q: Queryable) => Promise<void>,
): Promise<ProtectionForStaff> {
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const current = inForce(await lockedRow(q, memberId, now));
    if (!lowers(current[key], minor)) throw new AppError('LIMIT_NOT_LOWER', 409);
    await writeLimits(q, memberId, { ...current, [key]: minor }, now);
    await q.query('update member_protection set pending = null, pending_at = null where member_id = $1', [
      memberId,
    ]);
    await within(q);
  });
  ctx.log.info({ memberId, limit: key, minor: minor.toString() }, 'staff lowered a limit for a member');
  return protectionForStaff(ctx, memberId);
}

async function placeBlock(
  ctx: Ctx,
  memberId: string,
  asked: BlockAsked,
  within: ((q: Queryable) => Promise<void>) | undefined,
) {
  await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    await lockedRow(q, memberId, now);
    const interval = asked.kind === 'TIMEOUT' ? `${asked.days} days` : `${asked.months} months`;
    await q.query(
      `update member_protection
       set block_kind = case when block_until > $2 and block_kind = 'EXCLUSION' then 'EXCLUSION' else $3 end,
           block_until = case when block_until > $2 then greatest(block_until, $2 + $4::interval)
                              else $2 + $4::interval end,
           updated_at = $2
       where member_id = $1`,
      [memberId, now, asked.kind, interval],
    );
    await within?.(q);
  });
}

/**
 * Every game account that holds money by the ledger is emptied into the wallet, each by the ordinary
 * transfer out (games/transfers.ts: the provider is asked, an unanswered leg is the reconciler's). A
 * provider that refuses now is logged; its money stays the member's and can be moved out by hand.
 */
async function bringGamesBack(ctx: Ctx, memberId: string) {
  const games = await ctx.db.query<{ provider: string }>(
    `select g.provider from game_accounts g
     join ledger_accounts a on a.code = ledger_game_account(g.member_id, g.provider)
     where g.member_id = $1 and g.status = 'ACTIVE' and a.balance > 0`,
    [memberId],
  );
  for (const { provider } of games) {
    await transfer(ctx, {
      caller: { memberId },
      key: `protect-${randomBytes(12).toString('hex')}`,
      from: provider,
      to: 'WALLET',
    }).catch((err: unknown) => {
      ctx.log.warn({ err, memberId, provider }, 'a game balance did not come back at a self-exclusion');
    });
  }
}

/** Whether a time-out or self-exclusion is in force for the member now. */
export async function isBlocked(ctx: Ctx, q: Queryable, memberId: string): Promise<boolean> {
  return Boolean(blockInForce(await readRow(q, memberId), ctx.clock.now()));
}

/** Bonuses, promotions, the wheel and other programmes refuse a blocked member (SELF_EXCLUDED). */
export async function refuseWhileBlocked(ctx: Ctx, memberId: string): Promise<void> {
  if (await isBlocked(ctx, ctx.db, memberId)) throw new AppError('SELF_EXCLUDED', 403);
}

/**
 * A deposit the member asks for, checked inside the transaction that records it (the member's
 * protection row stays locked until it ends): SELF_EXCLUDED during a block, DEPOSIT_LIMIT (with `left`,
 * what may still be deposited) beyond a limit. Without `amount` (a True Wallet voucher not yet asked
 * about) it is refused only when less than `min` is left. Answers what is left, null without a limit.
 */
export async function checkDeposit(
  ctx: Ctx,
  q: Queryable,
  req: { memberId: string; provider: string | null; amount?: bigint; min?: bigint },
): Promise<bigint | null> {
  const [check] = await q.query<{ refusal: 'SELF_EXCLUDED' | 'DEPOSIT_LIMIT' | null; room: bigint | null }>(
    'select refusal, room from protection_deposit_check($1, $2, $3, $4, $5)',
    [req.memberId, req.provider, req.amount?.toString() ?? null, ctx.clock.now(), (req.min ?? 0n).toString()],
  );
  if (check?.refusal === 'SELF_EXCLUDED') throw new AppError('SELF_EXCLUDED', 403);
  if (check?.refusal === 'DEPOSIT_LIMIT')
    throw new AppError('DEPOSIT_LIMIT', 400, undefined, { left: toBaht(check.room ?? 0n) });
  return check?.room ?? null;
}

/** `fn`'s answer, unless a time-out or self-exclusion is in force (SELF_EXCLUDED): for programme routes. */
export async function unlessBlocked<T>(ctx: Ctx, memberId: string, fn: () => Promise<T>): Promise<T> {
  await refuseWhileBlocked(ctx, memberId);
  return fn();
}

/** Marketing stops during a block: a programme's banners answer none (`banners` emptied). */
export async function withoutBannersWhileBlocked<T extends { banners: unknown[] }>(
  ctx: Ctx,
  memberId: string | undefined,
  answer: T,
): Promise<T> {
  return memberId && (await isBlocked(ctx, ctx.db, memberId)) ? { ...answer, banners: [] } : answer;
}

/**
 * Marketing stops during a block: an offer list answers `none` instead (no bonus cards, the wheel not
 * offered), so no page shows an offer the member could not take.
 */
export async function noOffersWhileBlocked<T>(
  ctx: Ctx,
  memberId: string,
  none: T,
  fn: () => Promise<T>,
): Promise<T> {
  return (await isBlocked(ctx, ctx.db, memberId)) ? none : fn();
}
