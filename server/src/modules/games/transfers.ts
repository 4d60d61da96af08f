import {
  toBaht,
  toMinor,
  TRANSFER_MIN_BAHT,
  WALLET_ACCOUNT,
  type Currency,
  type Transfer,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { checkedKey, requestHash } from '../../ledger/idempotency.ts';
import { gameAccount } from '../../ledger/account-names.ts';
import { refusalOf } from '../../ledger/ledger.ts';
import { batchedMovement, type FailedColumns, type SessionItem } from '../../ledger/batch.ts';
import { knownMember, memberFrom, memberOf, sessionHex, type Caller } from '../../http/session-caller.ts';
import { pullBetsBeforeTransferOut } from './bets.ts';
import { recordGameBalances } from './service.ts';

/** One leg as game_transfer_leg (db/functions/games.sql) answers it: what the provider call needs. */
interface Leg {
  reference: string;
  provider: string;
  direction: 'IN' | 'OUT';
  amountMinor: string;
  username: string;
  currency: Currency;
}

/** How a leg is counted (metrics/metrics.ts): into a game, or out of one. */
const legKind = (leg: Leg) => (leg.direction === 'IN' ? 'transfer_in' : 'transfer_out');

/** The reconciler's backoff: first look after the call's own time, then 5 s doubling to 10 minutes. */
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 10 * 60_000;
/**
 * A reference the provider still does not know after this many looks (about 40 minutes with the backoff
 * above, each look but the last sending it again) never reached it: the transfer is FAILED and its money
 * goes back. Before that, NOT_FOUND may be a request still on its way, so nothing is returned.
 */
const MAX_CHECKS = 10;

const backoffMs = (checks: number) => Math.min(BACKOFF_BASE_MS * 2 ** checks, BACKOFF_MAX_MS);
const firstCheck = (ctx: Ctx) =>
  new Date(ctx.clock.now().getTime() + ctx.config.gameCallTimeoutMs + BACKOFF_BASE_MS);

/**
 * TRF-2, TRF-3: a transfer between the wallet and a game, or between two games (an OUT leg, then an IN
 * leg through the wallet), under its Idempotency-Key. Two phases: one call of
 * game_transfer_begin persists the transfer under our new reference and moves the money into the
 * member's transfer-pending account, in one transaction; then the provider is asked and the leg posted
 * or returned. An outcome the provider did not give stays PENDING for the reconciler. A replay answers the
 * transfer as it stands now and moves nothing.
 *
 * `amount` undefined is transferAll: the whole wallet into `to`, or, from a game, what the provider says
 * the account holds (at most what Krapao sent there: the ledger refuses more).
 */
export async function transfer(
  ctx: Ctx,
  req: {
    /** The member, or the request's session, which game_transfer_begin's statement then reads. */
    caller: Caller;
    key: string | undefined;
    from: string;
    to: string;
    amount?: number;
  },
): Promise<Transfer> {
  const key = checkedKey(req.key);
  const from = req.from.toUpperCase();
  const to = req.to.toUpperCase();
  if (from === to) throw new AppError('INVALID_REQUEST');
  const all = req.amount === undefined;
  if (all && from === WALLET_ACCOUNT && to === WALLET_ACCOUNT) throw new AppError('INVALID_REQUEST');
  const minMinor = toMinor(TRANSFER_MIN_BAHT);
  let amountMinor = all ? null : toMinor(req.amount!);
  if (amountMinor !== null && amountMinor < minMinor) throw new AppError('TRANSFER_MINIMUM');
  const hash = requestHash(all ? { all: true, from, to } : { from, to, amount: req.amount });
  let memberId = knownMember(req.caller);
  // A replay of a transferAll from a game answers the first transfer; only a fresh one asks the balance
  // (of the member, read first).
  if (all && from !== WALLET_ACCOUNT) {
    memberId ??= await memberOf(ctx, req.caller);
    if (!(await keySeen(ctx, memberId, key))) amountMinor = await wholeGameBalance(ctx, memberId, from);
  }

  const begin = async () => {
    const item: BeginItem = {
      member: memberId ?? null,
      session: memberId === undefined ? sessionHex(req.caller) : null,
      key,
      hash: Buffer.from(hash).toString('hex'),
      from,
      to,
      amount: amountMinor?.toString() ?? null,
      reference: `T${randomCode(12)}`,
      at: ctx.clock.now().toISOString(),
      min: minMinor.toString(),
      nextCheck: firstCheck(ctx).toISOString(),
    };
    try {
      const begun = await beginTransfer(ctx, item);
      memberId = item.member!;
      return begun;
    } catch (err) {
      throw refusalOf(err);
    }
  };
  let row: Begun;
  try {
    row = await begin();
  } catch (err) {
    // More asked out of a game than the ledger holds there: it may be winnings the bet feed has not
    // brought in yet. The provider's rounds first (bets.ts), then once more (a refusal moved nothing and
    // kept no key). transferAll does the same in wholeGameBalance.
    if (!(err instanceof AppError && err.code === 'MONEY_NOT_ENOUGH') || from === WALLET_ACCOUNT || all)
      throw err;
    await pullBetsBeforeTransferOut(ctx, from);
    row = await begin();
  }
  if (row.replayed) ctx.metrics.money(from === WALLET_ACCOUNT ? 'transfer_in' : 'transfer_out', 'duplicate');
  // The settlement answers the transfer in the same round trip; a leg left pending is read again.
  const answered = row.leg
    ? await runLeg(ctx, row.leg, { reference: row.response.reference, memberId: memberId! })
    : undefined;
  return answered ? transferOf(answered) : answerOf(ctx, memberId!, row.response.reference);
}

/** What game_transfer_begin answers: the member's answer, whether it is a replay's, the leg to send. */
interface Begun {
  response: { reference: string };
  replayed: boolean;
  leg: Leg | null;
}

/** One game_transfer_begin call's arguments, as game_transfer_begin_batch reads them (games.sql). */
interface BeginItem extends SessionItem {
  key: string;
  /** The request's hash, hex. */
  hash: string;
  from: string;
  to: string;
  /** Minor units; null: the whole balance (TRF-3). */
  amount: string | null;
  reference: string;
  at: string;
  min: string;
  nextCheck: string;
}

/** One transfer begun, one call of game_transfer_begin: the path without batching, a batch item run again. */
async function beginAlone(ctx: Ctx, b: BeginItem): Promise<Begun> {
  const member = memberFrom(ctx, b, 10);
  const [begun] = await ctx.db.query<Begun & { member: string }>(
    `select m.id::text as member, b.response, b.replayed, b.leg
     from ${member.from} cross join lateral game_transfer_begin(m.id, $1, $2, $3, $4, $5, $6, $7, $8, $9) as b`,
    [
      b.key,
      Buffer.from(b.hash, 'hex'),
      b.from,
      b.to,
      b.amount,
      b.reference,
      b.at,
      b.min,
      b.nextCheck,
      ...member.params,
    ],
  );
  b.member = begun!.member;
  return begun!;
}

/**
 * Issue 22: the transfers that begin together go in one call of game_transfer_begin_batch, the
 * settlements that arrive together in one of game_transfer_settle_answer_batch (ledger/batch.ts); with
 * MONEY_BATCH off, each in its own call.
 */
const beginTransfer = batchedMovement({
  batch: (ctx: Ctx, items: BeginItem[]) =>
    ctx.db.query<Begun & FailedColumns>(
      'select response, replayed, leg, failed_state, failed_message from game_transfer_begin_batch($1)',
      [JSON.stringify(items)],
    ),
  alone: beginAlone,
  value: (row): Begun => row,
});

/** What the ledger holds in the member's game account at a provider. */
async function ledgerGame(ctx: Ctx, memberId: string, code: string): Promise<bigint> {
  const [row] = await ctx.db.query<{ balance: bigint }>(
    'select balance from ledger_accounts where code = $1',
    [gameAccount(memberId, code)],
  );
  return row?.balance ?? 0n;
}

async function keySeen(ctx: Ctx, memberId: string, key: string) {
  const rows = await ctx.db.query('select 1 from idempotency_keys where member_id = $1 and key = $2', [
    memberId,
    key,
  ]);
  return rows.length > 0;
}

/**
 * TRF-3 from a game: the balance the provider reports, at most what the ledger says the member has
 * there (winnings the bet feed has not counted yet stay for the next transfer); the ledger's when the
 * provider does not answer in time.
 */
async function wholeGameBalance(ctx: Ctx, memberId: string, code: string): Promise<bigint> {
  const [row] = await ctx.db.query<{ username: string; ledger: bigint }>(
    `select g.username, coalesce(a.balance, 0) as ledger from game_accounts g
     left join ledger_accounts a on a.code = ledger_game_account(g.member_id, g.provider)
     where g.member_id = $1 and g.provider = $2 and g.status = 'ACTIVE'`,
    [memberId, code],
  );
  if (!row) throw new AppError('NO_GAME');
  let ledger = row.ledger;
  const timeoutMs = ctx.config.gameBalanceTimeoutMs;
  const reported = await ctx.games
    ?.balance({ provider: code, username: row.username }, { timeoutMs })
    .catch(() => undefined);
  // What the provider said is the game's balance as the member will see it (BAL-2), so the settlement's
  // "the balance follows the money" starts from it: from a balance kept from before play, a game left
  // at 0 would show what the member lost there as still in the game.
  if (reported !== undefined)
    await recordGameBalances(ctx, memberId, [{ provider: code, balance: reported }]);
  // The provider holds more than the ledger: winnings the bet feed has not brought in yet (bets.ts).
  if (reported !== undefined && reported > ledger) {
    await pullBetsBeforeTransferOut(ctx, code);
    ledger = await ledgerGame(ctx, memberId, code);
  }
  const amount = reported !== undefined && reported < ledger ? reported : ledger;
  if (amount <= 0n) throw new AppError('MONEY_NOT_ENOUGH');
  if (amount < toMinor(TRANSFER_MIN_BAHT)) throw new AppError('TRANSFER_MINIMUM');
  return amount;
}

/** Which transfer a member's request wants answered once its leg settles. */
interface AnswerFor {
  reference: string;
  memberId: string;
}

/**
 * Asks the provider to move one leg under its reference and settles what the answer makes certain;
 * resolves with the transfer `answerFor` names once settled (undefined while pending).
 */
async function runLeg(ctx: Ctx, leg: Leg, answerFor?: AnswerFor): Promise<TransferRow | undefined> {
  if (!ctx.games) return undefined; // no provider configured: the reconciler keeps asking once there is one
  const answer = await ctx.games.transfer({
    provider: leg.provider,
    username: leg.username,
    reference: leg.reference,
    direction: leg.direction,
    amountMinor: BigInt(leg.amountMinor),
    currency: leg.currency,
  });
  if (answer.outcome === 'SUCCESS') return settle(ctx, leg, 'SUCCESS', null, answerFor);
  if (answer.outcome === 'FAILED') return settle(ctx, leg, 'FAILED', answer.code ?? null, answerFor);
  if (answer.outcome === 'DUPLICATE') {
    // The provider has this reference already (an earlier send whose answer was lost): ask what became of it.
    const status = await ctx.games.transferStatus(leg.provider, leg.reference);
    if (status === 'SUCCESS' || status === 'FAILED') return settle(ctx, leg, status, null, answerFor);
  }
  // UNKNOWN: the reconciler asks by the same reference later.
  ctx.metrics.money(legKind(leg), 'pending');
  return undefined;
}

/**
 * A leg's final state and its money, once (game_transfer_settle, db/functions/games.sql). A game-to-game
 * first leg that succeeded has begun its IN leg in the same transaction: that one is sent now.
 */
async function settle(
  ctx: Ctx,
  leg: Leg,
  final: 'SUCCESS' | 'FAILED',
  reason: string | null,
  answerFor?: AnswerFor,
): Promise<TransferRow | undefined> {
  const row = await settleTransfer(ctx, {
    reference: leg.reference,
    final,
    reason,
    at: ctx.clock.now().toISOString(),
    nextCheck: firstCheck(ctx).toISOString(),
    answerRef: answerFor?.reference ?? null,
    member: answerFor?.memberId ?? null,
  });
  if (row?.settled) {
    const moved = { minor: BigInt(leg.amountMinor), currency: leg.currency };
    ctx.metrics.money(legKind(leg), final === 'SUCCESS' ? 'ok' : 'failed', moved);
  }
  if (row?.next) return runLeg(ctx, row.next, answerFor);
  return row?.answer ?? undefined;
}

/** What game_transfer_settle_answer answers (db/functions/games.sql). */
interface Settled {
  settled: boolean;
  next: Leg | null;
  answer: TransferRow | null;
}

/** One game_transfer_settle_answer call's arguments, as its batch function reads them. */
interface SettleItem {
  reference: string;
  final: 'SUCCESS' | 'FAILED';
  reason: string | null;
  at: string;
  nextCheck: string;
  /** The transfer whose answer is wanted once settled (null: none), and its member. */
  answerRef: string | null;
  member: string | null;
}

// A settlement's commit need not wait for the disk: one lost in a crash leaves the transfer PENDING, and
// the reconciler settles it again from the provider's answer by the same reference (the reservation,
// made before the provider call, is committed durably). One WAL flush per transfer instead of two.
const ASYNC_COMMIT = "cross join set_config('synchronous_commit', 'off', true) as durability";

/** One settlement, one call of game_transfer_settle_answer: without batching, and a batch item run again. */
async function settleAlone(ctx: Ctx, s: SettleItem): Promise<Settled> {
  const [row] = await ctx.db.query<Settled>(
    `select settled, next, answer from game_transfer_settle_answer($1, $2, $3, $4, $5, $6, $7) ${ASYNC_COMMIT}`,
    [s.reference, s.final, s.reason, s.at, s.nextCheck, s.answerRef, s.member],
  );
  return row!;
}

const settleTransfer = batchedMovement({
  batch: (ctx: Ctx, items: SettleItem[]) =>
    ctx.db.query<Settled & FailedColumns>(
      `select settled, next, answer, failed_state, failed_message
       from game_transfer_settle_answer_batch($1) ${ASYNC_COMMIT}`,
      [JSON.stringify(items)],
    ),
  alone: settleAlone,
  value: (row): Settled => row,
});

/** A transfer as game_transfer_answer's jsonb has it: the amounts in minor units, as text. */
interface TransferRow {
  reference: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  amount: string;
  from_account: string;
  to_account: string;
  then_to: string | null;
  second_status: 'PENDING' | 'SUCCESS' | 'FAILED' | null;
  wallet: string;
}

/**
 * The transfer as the member sees it: its first leg, and for a game-to-game transfer its second. FAILED
 * is TRANSFER_FAIL: the money is back (in the wallet, or in the first game when that leg failed).
 */
async function answerOf(ctx: Ctx, memberId: string, reference: string): Promise<Transfer> {
  const [row] = await ctx.db.query<{ answer: TransferRow | null }>(
    'select game_transfer_answer($1, $2) as answer',
    [reference, memberId],
  );
  if (!row?.answer) throw new AppError('NOT_FOUND', 404);
  return transferOf(row.answer);
}

function transferOf(t: TransferRow): Transfer {
  const status = memberStatus(t);
  if (status === 'FAILED') throw new AppError('TRANSFER_FAIL', 502);
  return {
    transferId: t.reference,
    from: t.from_account,
    to: t.to_account,
    amount: toBaht(BigInt(t.amount)),
    status,
    wallet: toBaht(BigInt(t.wallet)),
  };
}

const memberStatus = (t: TransferRow) =>
  t.status !== 'SUCCESS' || !t.then_to ? t.status : (t.second_status ?? 'PENDING');

/**
 * Settles legs whose outcome the provider never gave (a timeout, a lost answer, a crash between the call
 * and its answer), each when its backoff says, by asking the provider by our reference:
 * SUCCESS posts it (a transfer in the provider holds is never returned), FAILED returns it, NOT_FOUND
 * sends it again under the same reference (the provider takes a reference once) until MAX_CHECKS looks,
 * after which the money goes back. PROCESSING or no answer: ask again later. Runs at start-up and on a
 * timer; several instances may run it at once (settling is guarded, a resend is refused as duplicate).
 */
export async function reconcileTransfers(ctx: Ctx, limit = 100): Promise<number> {
  const api = ctx.games;
  if (!api) return 0;
  const due = await ctx.db.query<Leg & { checks: number }>(
    `select t.reference, t.provider, t.direction, t.amount::text as "amountMinor", g.username,
            m.currency, t.checks
     from game_transfers t
     join game_accounts g on g.member_id = t.member_id and g.provider = t.provider
     join members m on m.id = t.member_id
     where t.status = 'PENDING' and t.next_check_at <= $1
     order by t.next_check_at limit $2`,
    [ctx.clock.now(), limit],
  );
  let settled = 0;
  for (const leg of due) {
    const status = await api.transferStatus(leg.provider, leg.reference);
    if (status === 'SUCCESS' || status === 'FAILED') {
      await settle(ctx, leg, status, null);
      settled++;
      continue;
    }
    if (status === 'NOT_FOUND' && leg.checks + 1 >= MAX_CHECKS) {
      await settle(ctx, leg, 'FAILED', 'NOT_FOUND');
      settled++;
      continue;
    }
    await ctx.db.query(
      `update game_transfers set checks = checks + 1, next_check_at = $2 where reference = $1 and status = 'PENDING'`,
      [leg.reference, new Date(ctx.clock.now().getTime() + backoffMs(leg.checks))],
    );
    if (status === 'NOT_FOUND') {
      await runLeg(ctx, leg);
      if (await isSettled(ctx, leg.reference)) settled++;
    }
  }
  return settled;
}

async function isSettled(ctx: Ctx, reference: string) {
  const [row] = await ctx.db.query<{ status: string }>(
    'select status from game_transfers where reference = $1',
    [reference],
  );
  return row?.status !== 'PENDING';
}
