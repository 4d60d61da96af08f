// Verification of uploaded slips (SLIP-2, SLIP-4, SLIP-5): read the slip's QR, ask the slip verifier,
// then fail the slip with a reason or credit the wallet once per bank reference.
import type { Ctx } from '../../context.ts';
import { houseCash } from '../../ledger/account-names.ts';
import { creditDeposit } from '../deposits/credit.ts';
import { parseOneProof } from '../../payments/bcel-oneproof.ts';
import { parseSlipQr } from '../../payments/slip-qr.ts';
import { pixelBudget, type SlipImageType } from './image-header.ts';
import { readPicture } from './pictures.ts';
import { readQrInTurn, suspect } from './read-qr.ts';
import { slipSettings, type Reason } from './service.ts';

/** After the first attempt, a verifier that cannot answer is asked again after these delays... */
const RETRY_DELAYS_S = [30, 60, 120, 300];
/** ...and the slip fails with UNKNOW_ERROR when the last attempt cannot get an answer either. */
const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/**
 * A reference the bank does not know is asked about again on this many attempts (at upload, then 30 s and
 * 90 s later) before the slip fails: some banks report a transfer to their inquiry minutes late.
 */
const NOT_FOUND_ATTEMPTS = 3;
/** A verification under way holds its slip this long; a crash leaves it to the sweep afterwards. */
const LEASE_MS = 2 * 60_000;

interface ClaimedSlip {
  id: string;
  member_id: string;
  image_key: string | null;
  /** Only a picture uploaded before migration 011 and not moved yet; null otherwise. */
  image: Uint8Array | null;
  image_type: SlipImageType;
  reference: string | null;
  sending_bank: string | null;
  attempts: number;
  created_at: Date;
}

type Check =
  | { kind: 'fail'; reason: Reason }
  | { kind: 'retry' }
  | {
      kind: 'credit';
      reference: string;
      amount: bigint;
      fromBankCode: string;
      fromAccountNo: string;
      toAccountNo: string;
      transferredAt: Date;
    };

/**
 * Verifies one PROCESSING slip whose turn has come, and settles it: FAILED with a reason, SUCCESS with
 * the wallet credited, or a later attempt when the bank could not answer. Safe to run twice at once:
 * the attempt is claimed with a lease, and only a PROCESSING slip is ever settled.
 */
export async function verifySlip(ctx: Ctx, slipId: string): Promise<void> {
  // Already under way here (waiting its turn at the QR reader): a sweep finding its lease run out must
  // not start it twice.
  const mine = underWay(ctx);
  if (mine.has(slipId)) return;
  mine.add(slipId);
  try {
    await verifyClaimed(ctx, slipId);
  } finally {
    mine.delete(slipId);
  }
}

async function verifyClaimed(ctx: Ctx, slipId: string): Promise<void> {
  const now = ctx.clock.now();
  const [slip] = await ctx.db.query<ClaimedSlip>(
    `update slips set attempts = attempts + 1, next_attempt_at = $3, updated_at = $2
     where id = $1 and status = 'PROCESSING' and next_attempt_at <= $2
     returning id::text as id, member_id::text as member_id, image_key,
               case when reference is null then image end as image, image_type, reference, sending_bank,
               attempts, created_at`,
    [slipId, now, new Date(now.getTime() + LEASE_MS)],
  );
  if (!slip) return;
  // Attempts that kept failing with an error (not a clean "try later") end here too.
  const check: Check =
    slip.attempts > MAX_ATTEMPTS ? { kind: 'fail', reason: 'UNKNOW_ERROR' } : await checkSlip(ctx, slip);
  if (check.kind === 'fail') return finish(ctx, slip.id, check.reason);
  if (check.kind === 'retry') {
    if (slip.attempts >= MAX_ATTEMPTS) return finish(ctx, slip.id, 'UNKNOW_ERROR');
    const delayS = RETRY_DELAYS_S[slip.attempts - 1]!;
    await ctx.db.query(`update slips set next_attempt_at = $2 where id = $1 and status = 'PROCESSING'`, [
      slip.id,
      new Date(now.getTime() + delayS * 1000),
    ]);
    return;
  }
  await credit(ctx, slip, check);
}

async function checkSlip(ctx: Ctx, slip: ClaimedSlip): Promise<Check> {
  let reference = slip.reference;
  let sendingBank = slip.sending_bank;
  if (reference === null || sendingBank === null) {
    const bytes = await readPicture(ctx, slip);
    if (!bytes) return { kind: 'fail', reason: 'UPLOADED_FILE_NOT_EXIST' };
    // A picture declaring more pixels than a phone photo (a decompression bomb) never takes a turn.
    const budget = pixelBudget(bytes, slip.image_type);
    if (!budget.ok) {
      if (budget.reason === 'IMG_SIZE_UNABLE_TO_PROCESS') suspect(slip.member_id);
      return { kind: 'fail', reason: budget.reason };
    }
    const read = await readQrInTurn({
      memberId: slip.member_id,
      pixels: budget.pixels,
      bytes,
      type: slip.image_type,
      timeoutMs: ctx.config.slipReadTimeoutMs,
    });
    if (!read.ok) return { kind: 'fail', reason: read.reason };
    // Some other QR (a PromptPay code, a link) or a damaged one: not a slip.
    const qr = parseSlipQr(read.text) ?? bcelSlip(read.text);
    if (!qr) return { kind: 'fail', reason: 'INVALID_SLIP' };
    ({ transRef: reference, sendingBank } = qr);
    await ctx.db.query('update slips set reference = $2, sending_bank = $3 where id = $1', [
      slip.id,
      reference,
      sendingBank,
    ]);
  }
  // SLIP-5: a reference that already credited (by a slip or by the bank feed) is not asked about again.
  if (await referenceUsed(ctx, reference)) return { kind: 'fail', reason: 'SLIP_REFNO_DUPLICATED' };

  const found = ctx.slipVerifier
    ? await ctx.slipVerifier.lookup({ sendingBank, transRef: reference })
    : ({ outcome: 'UNAVAILABLE' } as const);
  if (found.outcome === 'UNAVAILABLE') return { kind: 'retry' };
  // The QR reads well but the bank knows no such transfer, not yet or never: after the last attempt the
  // reference on the slip is taken not to be a real one.
  if (found.outcome === 'NOT_FOUND') {
    return slip.attempts < NOT_FOUND_ATTEMPTS
      ? { kind: 'retry' }
      : { kind: 'fail', reason: 'UNSTABLE_REFNO_ON_SLIP' };
  }
  const t = found.transfer;
  await ctx.db.query('update slips set amount = $2, transferred_at = $3 where id = $1', [
    slip.id,
    t.amountMinor.toString(),
    t.transferredAt,
  ]);

  // The money went to one of the operator's bank accounts in the member's own currency: a Thai slip
  // (baht) does not credit a kip wallet, nor a BCEL slip (kip) a baht one.
  const [house] = await ctx.db.query(
    `select 1 from house_accounts h join members m on m.id = $2
     where h.account_no = $1 and h.active and h.bank_type = 'BANK' and h.currency = m.currency`,
    [t.receiverAccountNo, slip.member_id],
  );
  if (!house) return { kind: 'fail', reason: 'DEST_ACC_INVALID' };
  const [member] = await ctx.db.query<{ bank_code: string; bank_account_no: string; clearing_code: string }>(
    `select m.bank_code, m.bank_account_no, b.clearing_code from members m join banks b on b.code = m.bank_code
     where m.id = $1`,
    [slip.member_id],
  );
  // A Thai bank is named by its 3-digit clearing code; a Lao bank has none and goes by its short code.
  const memberBank = member && (member.clearing_code || member.bank_code);
  if (!member || memberBank !== t.senderBank || member.bank_account_no !== t.senderAccountNo) {
    return { kind: 'fail', reason: 'NOT_MATCH' };
  }
  const { maxAgeMinutes } = await slipSettings(ctx);
  if (slip.created_at.getTime() - t.transferredAt.getTime() > maxAgeMinutes * 60_000) {
    return { kind: 'fail', reason: 'EXPIRED_SLIP' };
  }
  return {
    kind: 'credit',
    reference,
    amount: t.amountMinor,
    fromBankCode: member.bank_code,
    fromAccountNo: member.bank_account_no,
    toAccountNo: t.receiverAccountNo,
    transferredAt: t.transferredAt,
  };
}

/**
 * A BCEL slip's OneProof receipt QR, read like a Thai slip QR: the transaction's fccref is its bank
 * reference (the one the bank feed reports), and the sending bank is BCEL, by its short code.
 */
function bcelSlip(text: string): { sendingBank: string; transRef: string } | undefined {
  const receipt = parseOneProof(text);
  return receipt && { sendingBank: 'BCEL', transRef: receipt.fccref };
}

async function referenceUsed(ctx: Ctx, reference: string): Promise<boolean> {
  const [row] = await ctx.db.query<{ used: boolean }>(
    `select exists (select 1 from slips where reference = $1 and status = 'SUCCESS')
         or exists (select 1 from bank_feed_items where reference = $1 and outcome = 'CREDITED') as used`,
    [reference],
  );
  return Boolean(row?.used);
}

async function finish(ctx: Ctx, id: string, reason: Reason): Promise<void> {
  await ctx.db.query(
    `update slips set status = 'FAILED', note = $2, updated_at = $3 where id = $1 and status = 'PROCESSING'`,
    [id, reason, ctx.clock.now()],
  );
  ctx.log.info({ slipId: id, reason }, 'slip refused');
  ctx.metrics.money('deposit_slip', reason === 'SLIP_REFNO_DUPLICATED' ? 'duplicate' : 'refused');
}

/**
 * SLIP-5: credits a verified slip once per bank reference across channels. The reference is claimed in
 * bank_feed_items, where the bank feed records every transfer it reports, in the same transaction as the
 * credit: a line the feed credited (or another slip claimed) makes this slip a duplicate; a line the feed
 * could not match (UNMATCHED) from this same sender is claimed; a line the feed reports later finds the
 * reference taken and is a DUPLICATE there. The journal reference is the feed's, deposit:bank:<ref>.
 */
async function credit(ctx: Ctx, slip: ClaimedSlip, c: Extract<Check, { kind: 'credit' }>): Promise<void> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.tx(async (q) => {
    const [mine] = await q.query(`select 1 from slips where id = $1 and status = 'PROCESSING' for update`, [
      slip.id,
    ]);
    if (!mine) return 'SETTLED_ELSEWHERE';
    const claimed = await q.query(
      `insert into bank_feed_items (reference, from_bank_code, from_account_no, to_account_no, amount, received_at,
         outcome, member_id, slip_id, currency)
       values ($1, $2, $3, $4, $5, $6, 'CREDITED', $7, $8, (select m.currency from members m where m.id = $7))
       on conflict (reference) do update set outcome = 'CREDITED', member_id = excluded.member_id,
         slip_id = excluded.slip_id
       where bank_feed_items.outcome = 'UNMATCHED' and bank_feed_items.from_bank_code = excluded.from_bank_code
         and bank_feed_items.from_account_no = excluded.from_account_no and bank_feed_items.amount = excluded.amount
       returning reference`,
      [
        c.reference,
        c.fromBankCode,
        c.fromAccountNo,
        c.toAccountNo,
        c.amount.toString(),
        c.transferredAt,
        slip.member_id,
        slip.id,
      ],
    );
    if (!claimed.length) {
      await q.query(
        `update slips set status = 'FAILED', note = 'SLIP_REFNO_DUPLICATED', updated_at = $2 where id = $1`,
        [slip.id, now],
      );
      return 'SLIP_REFNO_DUPLICATED';
    }
    await q.query(`update slips set status = 'SUCCESS', note = null, updated_at = $2 where id = $1`, [
      slip.id,
      now,
    ]);
    await creditDeposit(q, {
      memberId: slip.member_id,
      channel: 'SLIP',
      amount: c.amount,
      reference: c.reference,
      // The bank feed's own reference: one credit per transfer, by slip or by feed.
      journalRef: `deposit:bank:${c.reference}`,
      from: houseCash(),
      at: now,
    });
    return 'SUCCESS';
  });
  ctx.log.info({ slipId: slip.id, reference: c.reference, outcome }, 'slip settled');
  if (outcome === 'SUCCESS')
    ctx.metrics.money('deposit_slip', 'ok', { minor: c.amount, member: slip.member_id });
  else if (outcome === 'SLIP_REFNO_DUPLICATED') ctx.metrics.money('deposit_slip', 'duplicate');
}

// ---------------------------------------------------------------------------------------------------
// Running verifications after the answer, and the sweep

const running = new WeakMap<Ctx, Set<Promise<unknown>>>();
const verifying = new WeakMap<Ctx, Set<string>>();

function underWay(ctx: Ctx): Set<string> {
  const set = verifying.get(ctx) ?? new Set<string>();
  verifying.set(ctx, set);
  return set;
}

/** Keeps work that outlives its request in sight, so drain() can wait for it. */
function track<T>(ctx: Ctx, work: Promise<T>): Promise<T> {
  const set = running.get(ctx) ?? new Set<Promise<unknown>>();
  running.set(ctx, set);
  set.add(work);
  void work.finally(() => set.delete(work)).catch(() => undefined);
  return work;
}

/** Starts verifySlip without waiting for it (the upload has answered). */
export function verifyLater(ctx: Ctx, slipId: string): void {
  void track(
    ctx,
    new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => verifySlip(ctx, slipId))
      .catch((err: unknown) => ctx.log.error({ err, slipId }, 'slip verification failed; the sweep retries')),
  );
}

/** Waits for every verification and sweep under way (before the database closes; tests). */
export async function drain(ctx: Ctx): Promise<void> {
  while (running.get(ctx)?.size) await Promise.allSettled([...running.get(ctx)!]);
}

/**
 * Verifies the PROCESSING slips whose turn has come: those waiting for a verifier that could not answer,
 * and those whose verification was lost (a crash, a restart) once its lease ran out.
 */
export function sweepSlips(ctx: Ctx, limit = 20): Promise<number> {
  return track(ctx, sweep(ctx, limit));
}

async function sweep(ctx: Ctx, limit: number): Promise<number> {
  const due = await ctx.db.query<{ id: string }>(
    `select id::text as id from slips where status = 'PROCESSING' and next_attempt_at <= $1
       and id::text <> all($3::text[])
     order by next_attempt_at, id limit $2`,
    [ctx.clock.now(), limit, [...underWay(ctx)]],
  );
  for (const { id } of due) {
    await verifySlip(ctx, id).catch((err: unknown) =>
      ctx.log.error({ err, slipId: id }, 'slip verification failed; the sweep retries'),
    );
  }
  return due.length;
}
