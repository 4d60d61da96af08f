import {
  OTP_DIGITS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_S,
  OTP_TTL_S,
  OTP_VERIFIED_TTL_S,
  type ErrorCode,
  type Locale,
  type otp,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { hmac, newToken, randomCode, randomDigits, sameBytes, sha256 } from '../../lib/crypto.ts';
import * as counter from '../../lib/rate-counter.ts';
import { noticeLocale, registerCodeText } from '../accounts/notices.ts';
import { checkPhone } from '../accounts/rules.ts';
import { otpRequired } from './policy.ts';

/** Codes sent to one phone in a day, and from one address in an hour: bounds SMS pumping. */
const SENDS_PER_PHONE_PER_DAY = 10;
const SENDS_PER_ADDRESS_PER_HOUR = 30;

/**
 * What a code is good for (migrations 010, 035): 'register' proves a new member's phone (/api/otp/verify);
 * 'bank-change' is sent to a member's registered phone and taken once by that member's change of the
 * payout account (PRO-3); 'password-reset' by POST /api/account/reset (accounts/password-reset.ts);
 * 'login' by a login past the per-account limit of wrong passwords (accounts/login-otp.ts). A code of
 * one purpose is unknown to the others.
 */
export type OtpPurpose = 'register' | 'bank-change' | 'password-reset' | 'login';

const codeHash = (ctx: Ctx, tokenHash: Buffer, code: string) =>
  hmac(ctx.secret, `${tokenHash.toString('hex')}:${code}`);

/** The status a refusal of the OTP rules is answered with. */
export const otpRefusal = (code: ErrorCode) =>
  new AppError(code, code === 'OTP_BLOCK' ? 429 : code === 'OTP_VERIFIED' ? 409 : 400);

export interface Issue {
  phone: string;
  purpose: OtpPurpose;
  memberId: string | null;
  ip: string;
  /** The SMS, in the member's language; `token` names the code (a link may carry it). */
  text: (code: string, ref: string, token: string) => string;
  /** The caller's own refusals, checked under the phone's lock before anything is counted. */
  precheck?: (q: Queryable, now: Date) => Promise<void>;
  /**
   * A code sent to no one, answered exactly as one sent (a phone that is no member's, a wrong password),
   * under the same limits: what the answer is cannot tell who is a member or which password was right.
   */
  decoy?: boolean;
  /**
   * Where anyone may ask for codes to a member's phone at will (login): the one-a-minute rule holds per
   * phone and address, and a decoy neither replaces the phone's codes nor counts towards its daily sends,
   * so strangers' requests cannot stop the member's own.
   */
  perAddress?: boolean;
  /** Never put the code in the answer, not even in demo mode (the simulated SMS inbox shows it). */
  hideCode?: boolean;
}

/**
 * The OTP rules (REG-9), whatever the purpose: a new code replaces the phone's earlier unverified ones
 * of the same purpose, at most one send a minute (REQUEST_LIMIT_1MIN), bounded sends per phone and per
 * address, the code kept only as an HMAC and the token as a SHA-256, valid OTP_TTL_S.
 */
export async function issueCode(ctx: Ctx, issue: Issue): Promise<otp.OtpTicket> {
  const { phone, purpose } = issue;
  const now = ctx.clock.now();
  const code = randomDigits(OTP_DIGITS);
  const token = newToken();
  const ref = randomCode(4);
  const tokenHash = sha256(token);
  const expiresAt = new Date(now.getTime() + OTP_TTL_S * 1000);

  await ctx.db.tx(async (q) => {
    // One phone at a time: two sends racing for the same phone cannot both pass the resend check.
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`otp:${phone}`]);
    await issue.precheck?.(q, now);
    if (issue.perAddress) {
      const key = `otp:resend:${purpose}:${phone}:${issue.ip}`;
      if ((await counter.hit(q, key, OTP_RESEND_INTERVAL_S, now)) > 1) {
        throw new AppError('REQUEST_LIMIT_1MIN', 429);
      }
    } else {
      const [last] = await q.query<{ created_at: Date }>(
        'select created_at from otps where phone = $1 and purpose = $2 order by created_at desc, id desc limit 1',
        [phone, purpose],
      );
      if (last && now.getTime() - last.created_at.getTime() < OTP_RESEND_INTERVAL_S * 1000) {
        throw new AppError('REQUEST_LIMIT_1MIN', 429);
      }
    }
    const strangersDecoy = issue.decoy && issue.perAddress;
    if (
      !strangersDecoy &&
      (await counter.hit(q, `otp:phone:${phone}`, 86_400, now)) > SENDS_PER_PHONE_PER_DAY
    ) {
      throw new AppError('REQUEST_LIMIT', 429);
    }
    if ((await counter.hit(q, `otp:address:${issue.ip}`, 3_600, now)) > SENDS_PER_ADDRESS_PER_HOUR) {
      throw new AppError('REQUEST_LIMIT', 429);
    }
    if (!strangersDecoy) {
      await q.query(
        `update otps set consumed_at = $3
         where phone = $1 and purpose = $2 and verified_at is null and consumed_at is null`,
        [phone, purpose, now],
      );
    }
    await q.query(
      `insert into otps (phone, ref, token_hash, code_hash, created_at, expires_at, purpose, member_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [phone, ref, tokenHash, codeHash(ctx, tokenHash, code), now, expiresAt, purpose, issue.memberId],
    );
  });

  try {
    if (!issue.decoy) await ctx.sms.send({ to: phone, text: issue.text(code, ref, token) });
  } catch (err) {
    // Not sent: the row must not hold the phone's resend slot, or the member waits a minute for nothing.
    await ctx.db.query('delete from otps where token_hash = $1', [tokenHash]);
    throw Object.assign(new AppError('OTP_SEND_FAIL', 502), { cause: err });
  }

  return {
    otpRef: ref,
    otpToken: token,
    // The demo SMS puts the code in the answer too, in demo mode only.
    ...(ctx.config.simulate && !issue.hideCode ? { code } : {}),
    expiresAt: expiresAt.toISOString(),
    resendAfterS: OTP_RESEND_INTERVAL_S,
  };
}

/**
 * REG-3, REG-9. A phone that already holds a verified, unused code gets OTP_VERIFIED (the wizard skips
 * to step 3); a registered phone EXISTING_USER.
 */
export async function sendOtp(ctx: Ctx, phone: string, meta: { ip: string; lang?: Locale | undefined }) {
  checkPhone(phone, ctx.config.region);
  if (!(await otpRequired(ctx))) throw new AppError('OTP_SEND_FAIL');
  return issueCode(ctx, {
    phone,
    purpose: 'register',
    memberId: null,
    ip: meta.ip,
    // The SMS speaks the language of the screen that asked, else the region's (Thai, or Lao in Laos).
    text: (code, ref) => registerCodeText(noticeLocale(ctx.config.region, meta.lang), code, ref),
    async precheck(q, now) {
      if ((await q.query('select 1 from members where phone = $1', [phone])).length) {
        throw new AppError('EXISTING_USER', 409);
      }
      const [last] = await q.query<{ verified_at: Date | null; consumed_at: Date | null }>(
        `select verified_at, consumed_at from otps where phone = $1 and purpose = 'register'
         order by created_at desc, id desc limit 1`,
        [phone],
      );
      if (
        last?.verified_at &&
        !last.consumed_at &&
        now.getTime() - last.verified_at.getTime() < OTP_VERIFIED_TTL_S * 1000
      ) {
        throw new AppError('OTP_VERIFIED', 409);
      }
    },
  });
}

/** PRO-3: a code to the member's registered phone, good only for that member's change of payout account. */
export function sendMemberOtp(
  ctx: Ctx,
  to: { id: string; phone: string },
  meta: { ip: string; text: Issue['text'] },
) {
  return issueCode(ctx, {
    phone: to.phone,
    purpose: 'bank-change',
    memberId: to.id,
    ip: meta.ip,
    text: meta.text,
  });
}

interface OtpRow {
  id: bigint;
  code_hash: Uint8Array;
  attempts: number;
  expires_at: Date;
  verified_at: Date | null;
  consumed_at: Date | null;
  blocked_at: Date | null;
}
const OTP_ROW = 'id, code_hash, attempts, expires_at, verified_at, consumed_at, blocked_at';

/**
 * REG-9 for one locked row: a blocked, used or expired code fails; a wrong one counts an attempt and
 * blocks at OTP_MAX_ATTEMPTS. 'OK' when the code matches (the caller records what it used it for).
 */
async function checkCode(
  ctx: Ctx,
  q: Queryable,
  otp: OtpRow | undefined,
  tokenHash: Buffer,
  code: string,
  now: Date,
): Promise<ErrorCode | 'OK'> {
  if (!otp) return 'OTP_NOT_EXIST';
  if (otp.blocked_at) return 'OTP_BLOCK';
  if (otp.verified_at && !otp.consumed_at) return 'OTP_VERIFIED';
  if (otp.consumed_at) return 'OTP_TOKEN_INVALID';
  if (otp.expires_at <= now) return 'OTP_EXPIRED';
  if (!sameBytes(Buffer.from(otp.code_hash), codeHash(ctx, tokenHash, code))) {
    const attempts = otp.attempts + 1;
    const blocked = attempts >= OTP_MAX_ATTEMPTS;
    await q.query('update otps set attempts = $2, blocked_at = $3 where id = $1', [
      otp.id,
      attempts,
      blocked ? now : null,
    ]);
    return blocked ? 'OTP_BLOCK' : 'OTP_CODE_INVALID';
  }
  return 'OK';
}

/** REG-9: single use, expiring, OTP_MAX_ATTEMPTS wrong codes then OTP_BLOCK. Registration codes only. */
export async function verifyOtp(ctx: Ctx, input: { otpToken: string; otpCode: string }) {
  const now = ctx.clock.now();
  const tokenHash = sha256(input.otpToken);
  // The wrong-attempt count must be committed even though the answer is an error, so the transaction
  // returns the outcome and the error is thrown after it.
  const outcome = await ctx.db.tx(async (q): Promise<ErrorCode | 'OK'> => {
    const [otp] = await q.query<OtpRow>(
      `select ${OTP_ROW} from otps where token_hash = $1 and purpose = 'register' for update`,
      [tokenHash],
    );
    const checked = await checkCode(ctx, q, otp, tokenHash, input.otpCode, now);
    if (checked === 'OK') await q.query('update otps set verified_at = $2 where id = $1', [otp!.id, now]);
    return checked;
  });
  if (outcome !== 'OK') throw otpRefusal(outcome);
  return { message: 'OTP_CODE_VALID' };
}

/**
 * PRO-3: checks and uses up a member's code of `purpose` inside the caller's transaction `q`, so the
 * code is spent only if what it authorises commits. A refusal is answered, not thrown, so the caller can
 * commit the wrong-attempt count and then throw otpRefusal(outcome).
 */
export async function takeMemberCode(
  ctx: Ctx,
  q: Queryable,
  input: { memberId: string; purpose: OtpPurpose; otpToken: string; otpCode: string },
): Promise<ErrorCode | 'OK'> {
  const now = ctx.clock.now();
  const tokenHash = sha256(input.otpToken);
  const [otp] = await q.query<OtpRow>(
    `select ${OTP_ROW} from otps where token_hash = $1 and purpose = $2 and member_id = $3 for update`,
    [tokenHash, input.purpose, input.memberId],
  );
  const checked = await checkCode(ctx, q, otp, tokenHash, input.otpCode, now);
  if (checked === 'OK') {
    await q.query('update otps set verified_at = $2, consumed_at = $2 where id = $1', [otp!.id, now]);
  }
  return checked;
}

/**
 * Checks and uses up a code of `purpose` by its token alone, inside the caller's transaction `q` (so it
 * is spent only if what it authorises commits), answering the member it was sent for. A decoy's code
 * (sent to no one) is never right; should a guess hit it, it is answered as a wrong code. A refusal is
 * answered, not thrown, so the caller can commit the wrong-attempt count and then throw otpRefusal.
 */
export async function takeCode(
  ctx: Ctx,
  q: Queryable,
  input: { purpose: OtpPurpose; otpToken: string; otpCode: string; phone?: string },
): Promise<{ outcome: ErrorCode | 'OK'; memberId: string | null }> {
  const now = ctx.clock.now();
  const tokenHash = sha256(input.otpToken);
  const [otp] = await q.query<OtpRow & { member_id: string | null }>(
    `select ${OTP_ROW}, member_id::text as member_id from otps
     where token_hash = $1 and purpose = $2 and ($3::text is null or phone = $3) for update`,
    [tokenHash, input.purpose, input.phone ?? null],
  );
  const checked = await checkCode(ctx, q, otp, tokenHash, input.otpCode, now);
  if (checked !== 'OK') return { outcome: checked, memberId: null };
  if (!otp!.member_id) return { outcome: 'OTP_CODE_INVALID', memberId: null };
  await q.query('update otps set verified_at = $2, consumed_at = $2 where id = $1', [otp!.id, now]);
  return { outcome: 'OK', memberId: otp!.member_id };
}
