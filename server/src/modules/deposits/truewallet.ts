// True Wallet gift links (DEP-10): the member sends a TrueMoney gift voucher link; the operator's wallet
// redeems it and the share it received is credited, once per voucher, whoever sends it and however often.
import { toBaht, toMinor, TRUEWALLET_MIN_BAHT } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { TRUE_WALLET_ACCOUNT } from '../../ledger/account-names.ts';
import { checkedKey } from '../../ledger/idempotency.ts';
import { memberCurrency } from '../accounts/rules.ts';
import { checkDeposit } from '../protection/service.ts';
import { creditDeposit, depositIdOf } from './credit.ts';

/** Voucher hashes are letters and digits; clients reject anything shorter than 18. */
const HASH_PATTERN = /^[A-Za-z0-9]{18,64}$/;
/** A claim on a voucher whose redeem answer was lost may be tried again after this long. */
const STALE_CLAIM_MS = 30_000;

/** The voucher hash of a gift link or of a bare hash; undefined when it is neither. */
export function voucherHashOf(link: string): string | undefined {
  const text = link.trim();
  if (HASH_PATTERN.test(text)) return text;
  try {
    const url = new URL(text);
    const hash = url.searchParams.get('v') ?? '';
    return url.protocol === 'https:' && url.hostname === 'gift.truemoney.com' && HASH_PATTERN.test(hash)
      ? hash
      : undefined;
  } catch {
    return undefined;
  }
}

/** The operator's True Wallet that takes gift vouchers (one not in AUTO mode), if any. */
async function receivingWallet(ctx: Ctx): Promise<{ phone: string } | undefined> {
  const [wallet] = await ctx.db.query<{ phone: string }>(
    `select phone from house_wallets where active and mode <> 'AUTO' order by sort, id limit 1`,
  );
  return wallet;
}

interface Answer {
  depositId: string;
  amount: number;
  status: 'SUCCESS';
}

export async function redeemGiftLink(
  ctx: Ctx,
  req: { memberId: string; link: string; key: string | undefined },
): Promise<Answer> {
  const key = checkedKey(req.key);
  const hash = voucherHashOf(req.link);
  if (!hash) throw new AppError('TRUELINK_INVALID');
  const wallet = await receivingWallet(ctx);
  if (!wallet || !ctx.trueWallet) throw new AppError('NO_WALLET');
  // True Wallet pays baht: a kip wallet is never offered it, and a voucher is not converted.
  if ((await memberCurrency(ctx.db, req.memberId)) !== 'BAHT') throw new AppError('CURRENCY_NOT_OFFERED');
  // Player protection: a block refuses at once, and so does a deposit limit with less than the least
  // voucher left (docs/decisions.md "Player protection").
  const room = await ctx.db.tx((q) =>
    checkDeposit(ctx, q, { memberId: req.memberId, provider: null, min: toMinor(TRUEWALLET_MIN_BAHT) }),
  );

  const now = ctx.clock.now();
  // The voucher hash is the key: a second claim, even a concurrent one, stops here. A claim left by a
  // redeem whose answer never came may be taken again by the same member once it is stale.
  const [claim] = await ctx.db.query<{ member_id: bigint }>(
    `insert into truewallet_vouchers (voucher_hash, member_id, status, idempotency_key, created_at, updated_at)
     values ($1, $2, 'REDEEMING', $3, $4, $4)
     on conflict (voucher_hash) do update set updated_at = excluded.updated_at, idempotency_key = excluded.idempotency_key,
       amount = null
       where truewallet_vouchers.status = 'REDEEMING' and truewallet_vouchers.member_id = excluded.member_id
         and truewallet_vouchers.updated_at < $5
     returning member_id`,
    [hash, req.memberId, key, now, new Date(now.getTime() - STALE_CLAIM_MS)],
  );
  if (!claim) return replayOrDuplicate(ctx, req.memberId, key, hash);

  if (room !== null) await holdWithinLimit(ctx, hash, req.memberId, wallet.phone);
  return redeemClaimed(ctx, hash, req.memberId, wallet.phone);
}

/** Drops a claim that was never sent to be redeemed: nothing moved. */
const dropClaim = (ctx: Ctx, hash: string) =>
  ctx.db.query(`delete from truewallet_vouchers where voucher_hash = $1 and status = 'REDEEMING'`, [hash]);

/**
 * A member with a deposit limit: the voucher service is asked what the voucher can bring (its verify,
 * which moves nothing), and a voucher that could pass the limit is refused before it is redeemed
 * (DEPOSIT_LIMIT, with what is left). Otherwise the claim holds that much of the limit until it is
 * credited or dropped, under the member's protection lock, so concurrent vouchers and QR codes see it.
 */
async function holdWithinLimit(ctx: Ctx, hash: string, memberId: string, walletPhone: string) {
  const check = await ctx.trueWallet!.verify(hash, walletPhone);
  // Taken already (a lost answer): the money moved, so it is credited like any money that came.
  if (check.status === 'TARGET_USER_REDEEMED') return;
  if (check.status !== 'OPEN') {
    await dropClaim(ctx, hash);
    if (check.status === 'UNKNOWN') throw new AppError('INTERNAL_SERVER_ERROR', 503);
    ctx.metrics.money('deposit_truewallet', 'refused');
    throw new AppError(refusalCode(check.status));
  }
  try {
    await ctx.db.tx(async (q) => {
      await checkDeposit(ctx, q, { memberId, provider: null, amount: check.mostMinor });
      await q.query(
        `update truewallet_vouchers set amount = $2 where voucher_hash = $1 and status = 'REDEEMING'`,
        [hash, check.mostMinor.toString()],
      );
    });
  } catch (err) {
    await dropClaim(ctx, hash);
    throw err;
  }
}

/**
 * Why a voucher brought nothing, as the member can act on it: expired (ask for a new link), taken by
 * others (not their link), else not valid (mistyped, unknown, the operator's own).
 */
function refusalCode(status: string) {
  if (status === 'VOUCHER_EXPIRED') return 'TRUELINK_EXPIRED' as const;
  if (status === 'VOUCHER_OUT_OF_STOCK') return 'TRUELINK_USED' as const;
  return 'TRUELINK_INVALID' as const;
}

/**
 * Asks the voucher service to redeem a voucher this member has claimed, and credits what the operator's
 * wallet received. A refusal drops the claim (nothing was received); no answer keeps it for a retry.
 */
async function redeemClaimed(ctx: Ctx, hash: string, memberId: string, walletPhone: string): Promise<Answer> {
  const now = ctx.clock.now();
  const outcome = await ctx.trueWallet!.redeem(hash, walletPhone);
  if (outcome.status === 'UNKNOWN') {
    ctx.log.warn({ hash }, 'True Wallet redeem got no answer; the claim is kept for a retry');
    ctx.metrics.money('deposit_truewallet', 'pending');
    throw new AppError('INTERNAL_SERVER_ERROR', 503);
  }
  const amount =
    outcome.status === 'SUCCESS' || outcome.status === 'TARGET_USER_REDEEMED'
      ? outcome.amountMinor
      : undefined;
  if (amount === undefined || amount <= 0n) {
    // Refused (used, expired, own, unknown...): nothing was received, so nothing is kept or credited.
    await dropClaim(ctx, hash);
    ctx.log.info({ hash, status: outcome.status }, 'True Wallet voucher refused');
    ctx.metrics.money('deposit_truewallet', 'refused');
    throw new AppError(refusalCode(outcome.status));
  }
  const answer = await ctx.db.tx(async (q) => {
    // Only the first to settle the claim credits (a member's retry may race the reconciler).
    const [claimed] = await q.query(
      `update truewallet_vouchers set status = 'CREDITED', amount = $2, updated_at = $3
       where voucher_hash = $1 and status = 'REDEEMING' returning voucher_hash`,
      [hash, amount.toString(), now],
    );
    if (!claimed) {
      ctx.metrics.money('deposit_truewallet', 'duplicate');
      throw new AppError('TRUELINK_DUPLICATE');
    }
    const depositId = await creditDeposit(q, {
      memberId,
      channel: 'TRUEWALLET',
      amount,
      reference: hash,
      journalRef: `deposit:truewallet:${hash}`,
      from: TRUE_WALLET_ACCOUNT,
      at: now,
    });
    await q.query('update truewallet_vouchers set deposit_id = $2 where voucher_hash = $1', [
      hash,
      depositId,
    ]);
    return { depositId: depositIdOf(depositId), amount: toBaht(amount), status: 'SUCCESS' as const };
  });
  ctx.metrics.money('deposit_truewallet', 'ok', { minor: amount, member: memberId });
  return answer;
}

/**
 * Redeems again the claims whose answer never came (a timeout, a crash) and that their member did not
 * retry: the voucher service reports the share already received, which is then credited. The
 * reconciler runs it with the payouts.
 */
export async function reconcileVoucherClaims(ctx: Ctx): Promise<number> {
  if (!ctx.trueWallet) return 0;
  const wallet = await receivingWallet(ctx);
  if (!wallet) return 0;
  const now = ctx.clock.now();
  const stale = await ctx.db.query<{ voucher_hash: string; member_id: string }>(
    `update truewallet_vouchers set updated_at = $1
     where status = 'REDEEMING' and updated_at < $2 returning voucher_hash, member_id::text as member_id`,
    [now, new Date(now.getTime() - STALE_CLAIM_MS)],
  );
  let settled = 0;
  const unsettled: string[] = [];
  for (const claim of stale) {
    const done = await redeemClaimed(ctx, claim.voucher_hash, claim.member_id, wallet.phone).then(
      () => true,
      () => false,
    );
    if (done) settled++;
    else unsettled.push(claim.voucher_hash);
  }
  ctx.metrics.vouchersUnsettled(unsettled);
  return settled;
}

/** The same member repeating the same request gets the first answer; anyone else TRUELINK_DUPLICATE. */
async function replayOrDuplicate(ctx: Ctx, memberId: string, key: string, hash: string): Promise<Answer> {
  const [seen] = await ctx.db.query<{
    mine: boolean;
    status: string;
    amount: bigint | null;
    deposit_id: bigint | null;
  }>(
    `select member_id = $2 and idempotency_key = $3 as mine, status, amount, deposit_id
     from truewallet_vouchers where voucher_hash = $1`,
    [hash, memberId, key],
  );
  ctx.metrics.money('deposit_truewallet', 'duplicate');
  if (seen?.mine && seen.status === 'CREDITED') {
    // A voucher becomes CREDITED with its amount, and gets its deposit in the same transaction.
    return {
      depositId: depositIdOf(seen.deposit_id!),
      amount: toBaht(seen.amount!),
      status: 'SUCCESS',
    };
  }
  throw new AppError('TRUELINK_DUPLICATE');
}
