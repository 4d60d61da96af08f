// QR deposits (DEP-4, DEP-6 to DEP-9): a member asks for a QR for an amount at a gateway; the gateway
// calls back when a banking app paid it, and only that verified callback credits the wallet, once.
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import {
  QR_MIN,
  QR_PROVIDER_CURRENCY,
  isQrProvider,
  QR_TTL_S,
  toBaht,
  toMinor,
  type Currency,
  type QrProvider,
  type QrcodeRecord,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { gatewayAccount } from '../../ledger/account-names.ts';
import { checkedKey, requestHash } from '../../ledger/idempotency.ts';
import { checkDeposit } from '../protection/service.ts';
import { creditDeposit, depositIdOf } from './credit.ts';

/** A row of qrcodes (`select *`). */
interface QrRow {
  id: bigint;
  public_id: string;
  member_id: bigint;
  provider: string;
  amount: bigint;
  status: 'CREATED' | 'PAID' | 'CANCELLED' | 'EXPIRED';
  payload: string;
  gateway_ref: string | null;
  transaction_id: string | null;
  idempotency_key: string;
  request_hash: Uint8Array;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

const NO_QR: QrcodeRecord = {
  qrcodeId: '',
  hasQrcode: false,
  qrcode: '',
  payload: '',
  amount: 0,
  expireIn: 0,
  message: '',
};

/**
 * A provider the operator offers this member, one of the wallet's currency (QR_PROVIDER_CURRENCY: a kip
 * member pays ONEPAY's Lao QRs, a baht member the Thai gateways; anything else is CURRENCY_NOT_OFFERED),
 * with an active house account in that currency: KBANK by QR (mode not AUTO) or a PAYMENT gateway.
 */
async function checkProvider(
  ctx: Ctx,
  memberId: string,
  provider: string,
): Promise<{ provider: QrProvider; currency: Currency }> {
  if (!isQrProvider(provider)) throw new AppError('NOT_FOUND', 404);
  const [member] = await ctx.db.query<{ currency: Currency; offered: boolean }>(
    `select m.currency, exists (
       select 1 from house_accounts h where h.bank_code = $2 and h.active and h.currency = m.currency
         and (h.bank_type = 'PAYMENT' or (h.bank_code = 'KBANK' and h.mode <> 'AUTO'))) as offered
     from members m where m.id = $1`,
    [memberId, provider],
  );
  if (!member) throw new AppError('NOT_FOUND', 404);
  if (QR_PROVIDER_CURRENCY[provider] !== member.currency) throw new AppError('CURRENCY_NOT_OFFERED');
  if (!member.offered) throw new AppError('NO_BANK', 404);
  return { provider, currency: member.currency };
}

async function toRecord(
  row: Pick<QrRow, 'public_id' | 'amount' | 'payload' | 'expires_at'>,
): Promise<QrcodeRecord> {
  return {
    qrcodeId: row.public_id,
    hasQrcode: true,
    qrcode: await QRCode.toString(row.payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    payload: row.payload,
    amount: toBaht(row.amount),
    expireIn: row.expires_at.getTime(),
    message: '',
  };
}

/**
 * DEP-7: the member's live QR at a provider; an expired one is recorded as such and not shown. When the
 * latest QR there was paid within QR_TTL_S, it is answered as paid: a panel still open
 * on it turns into "received" instead of inviting a second payment.
 */
export async function currentQrcode(ctx: Ctx, memberId: string, provider: string): Promise<QrcodeRecord> {
  await checkProvider(ctx, memberId, provider);
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<QrRow>(
    `select * from qrcodes where member_id = $1 and provider = $2 order by created_at desc, id desc limit 1`,
    [memberId, provider],
  );
  if (row?.status === 'PAID') {
    const paidAt = row.updated_at.getTime();
    if (now.getTime() - paidAt >= QR_TTL_S * 1000) return NO_QR;
    return { ...NO_QR, qrcodeId: row.public_id, amount: toBaht(row.amount), paidAt };
  }
  if (row?.status !== 'CREATED') return NO_QR;
  if (row.expires_at <= now) {
    await ctx.db.query(
      `update qrcodes set status = 'EXPIRED', updated_at = $2 where public_id = $1 and status = 'CREATED'`,
      [row.public_id, now],
    );
    return NO_QR;
  }
  return toRecord(row);
}

/**
 * DEP-8: the provider's minimum in that provider's currency (baht, or kip for ONEPAY): the operator's
 * setting when there is one, else QR_MIN's. The setting keeps its first name, `qr.minimumBaht`, though
 * it is per provider and each value is in the provider's currency ({ "ONEPAY": 100000 } is 100,000 kip):
 * operators already have it set, and docs/api.md says what it holds.
 */
async function minimumOf(ctx: Ctx, provider: QrProvider): Promise<number> {
  const configured = await getSetting<Partial<Record<QrProvider, number>>>(ctx.db, 'qr.minimumBaht');
  return Math.max(1, configured?.[provider] ?? QR_MIN[provider]);
}

/**
 * DEP-7: a new QR for the amount, replacing the member's live one at that provider. Creating a QR moves
 * no money, so the Idempotency-Key is kept on the QR itself: a replay answers the same QR.
 */
export async function createQrcode(
  ctx: Ctx,
  req: { memberId: string; provider: string; amount: number; key: string | undefined },
): Promise<QrcodeRecord> {
  const { provider, currency } = await checkProvider(ctx, req.memberId, req.provider);
  const key = checkedKey(req.key);
  const hash = requestHash({ provider, amount: req.amount });
  const replay = await findByKey(ctx.db, req.memberId, key);
  if (replay) return replayOf(ctx, replay, hash);
  if (req.amount < (await minimumOf(ctx, provider))) throw new AppError('QR_MINIMUM');

  const now = ctx.clock.now();
  const orderId = `Q${randomBytes(8).toString('hex').toUpperCase()}`;
  const expiresAt = new Date(now.getTime() + QR_TTL_S * 1000);
  const amount = toMinor(req.amount);
  // Player protection: a QR the limits refuse is not even asked of the gateway. The decision that counts
  // is taken again below, under the lock, with the QRs of concurrent requests counted.
  const limits = { memberId: req.memberId, provider, amount };
  await ctx.db.tx((q) => checkDeposit(ctx, q, limits));
  let made: { gatewayRef: string; payload: string };
  try {
    made = await ctx.qrGateway!.createQr({
      provider,
      orderId,
      currency,
      amountMinor: amount,
      expiresAt,
      callbackUrl: `${ctx.publicUrl()}/api/hooks/qr/${provider}`,
    });
  } catch (err) {
    ctx.log.warn({ err, provider }, 'QR gateway could not make a QR');
    return { ...NO_QR, message: 'QR_FAIL' };
  }

  const replaced = await ctx.db.tx(async (q) => {
    // One live QR per member and provider: the member row serialises concurrent creates.
    await q.query('select 1 from members where id = $1 for update', [req.memberId]);
    const again = await findByKey(q, req.memberId, key);
    if (again) return { again };
    // Deposit limits count credited deposits and the open QRs, this provider's old one left out: it is
    // replaced below in this transaction (db/functions/protection.sql protection_deposit_check).
    const refusal = await checkDeposit(ctx, q, limits).then(
      () => undefined,
      (err: unknown) => err,
    );
    if (refusal) return { refusal };
    const old = await q.query<{ provider: string; gateway_ref: string | null }>(
      `update qrcodes set status = case when expires_at <= $3 then 'EXPIRED' else 'CANCELLED' end, updated_at = $3
       where member_id = $1 and provider = $2 and status = 'CREATED' returning provider, gateway_ref`,
      [req.memberId, provider, now],
    );
    await q.query(
      `insert into qrcodes (public_id, member_id, provider, amount, status, payload, gateway_ref, expires_at,
         idempotency_key, request_hash, created_at, updated_at)
       values ($1, $2, $3, $4, 'CREATED', $5, $6, $7, $8, $9, $10, $10)`,
      [
        orderId,
        req.memberId,
        provider,
        amount.toString(),
        made.payload,
        made.gatewayRef,
        expiresAt,
        key,
        hash,
        now,
      ],
    );
    return { old };
  });
  if ('refusal' in replaced) {
    // Refused under the lock: the QR the gateway made is never shown, so it is cancelled there.
    await cancelAtGateway(ctx, provider, made.gatewayRef);
    throw replaced.refusal;
  }
  if ('again' in replaced && replaced.again) {
    // A concurrent replay won; the QR this request made is never shown, so the gateway can drop it.
    await cancelAtGateway(ctx, provider, made.gatewayRef);
    return replayOf(ctx, replaced.again, hash);
  }
  for (const old of replaced.old ?? []) await cancelAtGateway(ctx, old.provider, old.gateway_ref);
  return toRecord({
    public_id: orderId,
    amount,
    payload: made.payload,
    expires_at: expiresAt,
  });
}

function findByKey(q: Queryable, memberId: string, key: string) {
  return q
    .query<QrRow>('select * from qrcodes where member_id = $1 and idempotency_key = $2', [memberId, key])
    .then((rows) => rows[0]);
}

async function replayOf(ctx: Ctx, row: QrRow, hash: Buffer): Promise<QrcodeRecord> {
  if (!Buffer.from(row.request_hash).equals(hash)) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
  const live = row.status === 'CREATED' && row.expires_at > ctx.clock.now();
  return live ? toRecord(row) : NO_QR;
}

/** Tells the gateway before answering the member; a gateway that does not listen is logged, not fatal. */
async function cancelAtGateway(ctx: Ctx, provider: string, gatewayRef: string | null) {
  if (!gatewayRef) return;
  await ctx.qrGateway?.cancelQr(provider, gatewayRef).catch((err: unknown) => {
    ctx.log.warn({ err, provider, gatewayRef }, 'QR gateway did not take the cancel');
  });
}

/** DEP-7: cancels the member's live QR. A QR that was paid (or ended) meanwhile is NOT_FOUND. */
export async function cancelQrcode(ctx: Ctx, memberId: string, qrcodeId: string) {
  const [row] = await ctx.db.query<{ provider: string; gateway_ref: string | null }>(
    `update qrcodes set status = 'CANCELLED', updated_at = $3
     where public_id = $1 and member_id = $2 and status = 'CREATED' returning provider, gateway_ref`,
    [qrcodeId, memberId, ctx.clock.now()],
  );
  if (!row) throw new AppError('NOT_FOUND', 404);
  await cancelAtGateway(ctx, row.provider, row.gateway_ref);
  return { qrcodeId, status: 'CANCELLED' as const };
}

/**
 * A verified callback: the QR `orderId` at `provider` was paid. It credits the QR's member once per QR,
 * however often or however concurrently the gateway repeats it, if it was paid before its expiry. An
 * unknown QR, a different amount, a payment at or after the expiry, or a second payment of a paid QR is
 * refused and logged; nothing moves.
 */
export async function qrPaid(
  ctx: Ctx,
  provider: string,
  cb: { orderId: string; transactionId: string; amount: number; paidAt: string },
): Promise<{ outcome: 'CREDITED' | 'DUPLICATE' }> {
  const amount = toMinor(cb.amount);
  type Result =
    | { outcome: 'CREDITED'; memberId: string }
    | { outcome: 'DUPLICATE' }
    | { refused: 'NOT_FOUND' | 'QR_AMOUNT_MISMATCH' | 'QR_EXPIRED'; status: number; row?: QrRow };
  const result = await ctx.db.tx(async (q): Promise<Result> => {
    const [row] = await q.query<QrRow>(
      'select * from qrcodes where public_id = $1 and provider = $2 for update',
      [cb.orderId, provider],
    );
    if (!row) return { refused: 'NOT_FOUND', status: 404 };
    if (row.amount !== amount) return { refused: 'QR_AMOUNT_MISMATCH', status: 422, row };
    if (row.status === 'PAID' && row.transaction_id === cb.transactionId) return { outcome: 'DUPLICATE' };
    // Paid in time is what counts (the gateway signs paidAt), not when its callback got through nor what
    // Krapao did to the QR meanwhile: a payment can cross the member's cancel or replacing QR, or a
    // callback can arrive after the QR was marked expired. The gateway took the money while the QR was
    // live for it, so the member gets it. A QR already paid by another payment is refused.
    if (row.status === 'PAID' || new Date(cb.paidAt) >= row.expires_at) {
      return { refused: 'QR_EXPIRED', status: 409, row };
    }
    const now = ctx.clock.now();
    await q.query(
      `update qrcodes set status = 'PAID', transaction_id = $2, updated_at = $3 where public_id = $1`,
      [cb.orderId, cb.transactionId, now],
    );
    const memberId = String(row.member_id);
    await creditDeposit(q, {
      memberId,
      channel: 'QR',
      amount,
      reference: `${provider}:${cb.transactionId}`,
      journalRef: `deposit:qr:${provider}:${cb.orderId}`,
      from: gatewayAccount(provider),
      at: now,
    });
    return { outcome: 'CREDITED', memberId };
  });
  if ('outcome' in result) {
    if (result.outcome === 'CREDITED')
      ctx.metrics.money('deposit_qr', 'ok', { minor: amount, member: result.memberId });
    else ctx.metrics.money('deposit_qr', 'duplicate');
    return { outcome: result.outcome };
  }
  ctx.metrics.money('deposit_qr', 'refused');
  // The money is at the gateway but not in any wallet: kept for the operator (npm run ops -- qr-refused).
  ctx.log.warn(
    { provider, ...cb, status: result.row?.status },
    `QR gateway callback refused: ${result.refused}`,
  );
  await ctx.db.query(
    `insert into refused_qr_payments (provider, order_id, transaction_id, amount, paid_at, reason, member_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (provider, transaction_id) do nothing`,
    [
      provider,
      cb.orderId,
      cb.transactionId,
      amount.toString(),
      cb.paidAt,
      result.refused,
      result.row?.member_id ?? null,
      ctx.clock.now(),
    ],
  );
  throw new AppError(result.refused, result.status);
}

/**
 * The operator's decision on a refused QR payment (`npm run ops -- qr-credit | qr-refunded`): credit it to
 * the QR's member after all (or to the member with `phone`, for an unknown QR), or record that it was
 * refunded at the gateway. Each refused payment is settled once; the credit is one deposit per gateway
 * transaction, like any QR payment.
 */
export async function resolveRefusedQr(
  ctx: Ctx,
  req: { id: string; resolution: 'CREDITED' | 'REFUNDED'; phone?: string },
) {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const [row] = await q.query<{
      provider: string;
      order_id: string;
      transaction_id: string;
      amount: bigint;
      member_id: bigint | null;
    }>(
      `update refused_qr_payments set resolution = $2, resolved_at = $3
       where id = $1 and resolution is null returning provider, order_id, transaction_id, amount, member_id`,
      [/^\d{1,18}$/.test(req.id) ? req.id : '0', req.resolution, now],
    );
    if (!row) throw new AppError('NOT_FOUND', 404);
    if (req.resolution === 'REFUNDED') return { id: req.id, resolution: req.resolution };
    const [member] = await q.query<{ id: string; currency: Currency }>(
      req.phone
        ? 'select id::text as id, currency from members where phone = $1'
        : 'select id::text as id, currency from members where id = $1',
      [req.phone ?? row.member_id ?? '0'],
    );
    if (!member) throw new AppError('NO_USER', 404);
    // Kip a Lao gateway collected never goes into a baht wallet, nor baht into a kip one.
    if (!isQrProvider(row.provider) || QR_PROVIDER_CURRENCY[row.provider] !== member.currency) {
      throw new AppError('CURRENCY_NOT_OFFERED');
    }
    const depositId = await creditDeposit(q, {
      memberId: member.id,
      channel: 'QR',
      amount: row.amount,
      reference: `${row.provider}:${row.transaction_id}`,
      journalRef: `deposit:qr:${row.provider}:payment:${row.transaction_id}`,
      from: gatewayAccount(row.provider),
      at: now,
    });
    ctx.log.info({ id: req.id, orderId: row.order_id }, 'operator credited a refused QR payment');
    ctx.metrics.money('deposit_operator', 'ok', { minor: row.amount, currency: member.currency });
    return { id: req.id, resolution: req.resolution, depositId: depositIdOf(depositId) };
  });
}
