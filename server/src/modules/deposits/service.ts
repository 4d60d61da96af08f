import { toBaht, toMinor, type Currency } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { once } from '../../ledger/idempotency.ts';
import { houseCash, TRUE_WALLET_ACCOUNT } from '../../ledger/account-names.ts';
import { creditDeposit, creditWallet, depositIdOf } from './credit.ts';

/**
 * DEP-12: the member's "I have transferred" notice; nothing is credited here. The credit that brings the
 * amount answers it (deposit_notice_add and the deposits trigger, db/functions/deposits.sql): SUCCESS at once
 * when that credit arrived just before the notice, else PENDING until it comes or the notice expires.
 */
export async function addDepositNotice(
  ctx: Ctx,
  req: { memberId: string; key: string | undefined; amount: number },
) {
  const { value } = await once(
    ctx.db,
    { memberId: req.memberId, key: req.key, body: { amount: req.amount } },
    async (q) => {
      const now = ctx.clock.now();
      const [d] = await q.query<{ notice_id: bigint; notice_status: 'PENDING' | 'SUCCESS' }>(
        'select notice_id, notice_status from deposit_notice_add($1, $2, $3)',
        [req.memberId, toMinor(req.amount).toString(), now],
      );
      return {
        depositId: depositIdOf(d!.notice_id),
        amount: toBaht(toMinor(req.amount)),
        status: d!.notice_status,
        createdAt: now.toISOString(),
      };
    },
  );
  return value;
}

/**
 * The operator credits a bank line that matched no member (a transfer from another account, a mistyped
 * reference) to the member with `phone`, once: only an UNMATCHED line can be claimed. With `noticeId`,
 * the member's pending deposit notice (DEP-12) becomes this deposit instead of staying in progress.
 */
export async function creditUnmatchedLine(
  ctx: Ctx,
  req: { reference: string; phone: string; noticeId?: string | undefined },
) {
  return ctx.db.tx(async (q) => {
    const [member] = await q.query<{ id: string; currency: Currency }>(
      `select id::text as id, currency from members where phone = $1`,
      [req.phone],
    );
    if (!member) throw new AppError('NO_USER', 404);
    const memberId = member.id;
    // Only a line in the member's currency (the operator's account it arrived in says which): kip sent
    // to BCEL never becomes baht in a wallet. A line into no known account has no currency yet and is
    // taken as the member's.
    const [line] = await q.query<{ amount: bigint; from_bank_code: string }>(
      `update bank_feed_items set outcome = 'CREDITED', member_id = $2
       where reference = $1 and outcome = 'UNMATCHED' and coalesce(currency, $3) = $3
       returning amount, from_bank_code`,
      [req.reference, memberId, member.currency],
    );
    if (!line) {
      const [other] = await q.query(
        `select 1 from bank_feed_items where reference = $1 and outcome = 'UNMATCHED'`,
        [req.reference],
      );
      throw other ? new AppError('CURRENCY_NOT_OFFERED') : new AppError('NOT_FOUND', 404);
    }
    const amount = line.amount;
    const now = ctx.clock.now();
    const viaWallet = line.from_bank_code === 'TRUEWALLET';
    const credit = {
      memberId,
      amount,
      journalRef: `deposit:bank:${req.reference}`,
      from: viaWallet ? TRUE_WALLET_ACCOUNT : houseCash(),
      at: now,
    };
    let depositId: string;
    if (req.noticeId) {
      // The member's own notice of this transfer becomes the deposit, instead of staying in progress.
      const [notice] = await q.query<{ id: string }>(
        `update deposits set status = 'SUCCESS', amount = $3, reference = $4
         where id = $1 and member_id = $2 and channel = 'NOTICE' and status = 'PENDING' returning id::text as id`,
        [/^D(\d+)$/.exec(req.noticeId)?.[1] ?? '0', memberId, amount.toString(), req.reference],
      );
      if (!notice) throw new AppError('NOT_FOUND', 404);
      await creditWallet(q, credit);
      depositId = notice.id;
    } else {
      depositId = await creditDeposit(q, {
        ...credit,
        channel: viaWallet ? 'TRUEWALLET' : 'BANK',
        reference: req.reference,
      });
    }
    ctx.log.info({ reference: req.reference, memberId }, 'operator credited an unmatched bank line');
    ctx.metrics.money('deposit_operator', 'ok', { minor: amount, currency: member.currency });
    return {
      reference: req.reference,
      depositId: depositIdOf(depositId),
      amount: toBaht(amount),
      phone: req.phone,
    };
  });
}
