import { toBaht, toMinor } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hmac, sameBytes } from '../../lib/crypto.ts';
import { once } from '../../ledger/idempotency.ts';
import { houseCash, memberAccount, post } from '../../ledger/ledger.ts';

export interface BankFeedItem {
  reference: string;
  fromBankCode: string;
  fromAccountNo: string;
  toAccountNo: string;
  amount: number;
  receivedAt: string;
}
type Outcome = 'CREDITED' | 'DUPLICATE' | 'UNMATCHED';

/** The webhook's signature: "sha256=" + hex HMAC-SHA256 of the raw body with the shared secret. */
export function verifyBankFeedSignature(ctx: Ctx, rawBody: string, header: string | undefined): void {
  const secret = ctx.bankFeedSecret;
  const hex = /^sha256=([0-9a-f]{64})$/.exec(header ?? '')?.[1];
  if (!secret || !hex || !sameBytes(Buffer.from(hex, 'hex'), hmac(secret, rawBody))) {
    throw new AppError('INVALID_SIGNATURE', 401);
  }
}

/**
 * DEP-11: each transfer into one of the operator's accounts credits the member whose registered account
 * sent it, once per bank reference, however often or however concurrently the bank reports it.
 * Transfers that match no member (or no operator account) are kept for the operator, never dropped.
 */
export async function ingestBankFeed(
  ctx: Ctx,
  items: BankFeedItem[],
): Promise<Array<{ reference: string; outcome: Outcome }>> {
  const results = [];
  for (const item of items) results.push({ reference: item.reference, outcome: await ingestOne(ctx, item) });
  return results;
}

async function ingestOne(ctx: Ctx, item: BankFeedItem): Promise<Outcome> {
  const amount = toMinor(item.amount);
  return ctx.db.tx(async (q) => {
    const [member] = await q.query<{ id: string }>(
      `select m.id from members m
       where m.bank_code = $1 and m.bank_account_no = $2 and m.status = 'active'
         and exists (select 1 from house_accounts h where h.account_no = $3 and h.active and h.bank_type = 'BANK')`,
      [item.fromBankCode, item.fromAccountNo, item.toAccountNo],
    );
    const outcome = member ? 'CREDITED' : 'UNMATCHED';
    // The bank's reference is the primary key: a second delivery, even a concurrent one, stops here.
    const fresh = await q.query(
      `insert into bank_feed_items (reference, from_bank_code, from_account_no, to_account_no, amount, received_at,
         outcome, member_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (reference) do nothing returning reference`,
      [
        item.reference,
        item.fromBankCode,
        item.fromAccountNo,
        item.toAccountNo,
        amount.toString(),
        item.receivedAt,
        outcome,
        member?.id ?? null,
      ],
    );
    if (!fresh.length) return 'DUPLICATE';
    if (!member) {
      ctx.log.warn({ reference: item.reference }, 'bank transfer matches no member; kept for the operator');
      return 'UNMATCHED';
    }
    const memberId = String(member.id);
    const now = ctx.clock.now();
    await q.query(
      `insert into deposits (member_id, channel, amount, status, reference, created_at)
       values ($1, 'BANK', $2, 'SUCCESS', $3, $4)`,
      [memberId, amount.toString(), item.reference, now],
    );
    await post(q, {
      kind: 'deposit',
      reference: `deposit:bank:${item.reference}`,
      memberId,
      at: now,
      lines: [
        { account: memberAccount('member_wallet', memberId), amount },
        { account: houseCash(), amount: -amount },
      ],
    });
    return 'CREDITED';
  });
}

/** DEP-12: the member's "I have transferred" notice; the operator matches it, nothing is credited here. */
export async function addDepositNotice(
  ctx: Ctx,
  req: { memberId: string; key: string | undefined; amount: number },
) {
  const { value } = await once(
    ctx.db,
    { memberId: req.memberId, key: req.key, body: { amount: req.amount } },
    async (q) => {
      const now = ctx.clock.now();
      const [d] = await q.query<{ id: string }>(
        `insert into deposits (member_id, channel, amount, status, created_at) values ($1, 'NOTICE', $2, 'PENDING', $3)
       returning id`,
        [req.memberId, toMinor(req.amount).toString(), now],
      );
      return {
        depositId: `D${d!.id}`,
        amount: toBaht(toMinor(req.amount)),
        status: 'PENDING' as const,
        createdAt: now.toISOString(),
      };
    },
  );
  return value;
}
