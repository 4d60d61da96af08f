import {
  OTP_DIGITS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_S,
  OTP_TTL_S,
  OTP_VERIFIED_TTL_S,
  type ErrorCode,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hmac, newToken, randomCode, randomDigits, sameBytes, sha256 } from '../../lib/crypto.ts';
import * as counter from '../../lib/rate-counter.ts';
import { checkPhone } from '../accounts/rules.ts';
import { otpRequired } from './policy.ts';

/** Codes sent to one phone in a day, and from one address in an hour: bounds SMS pumping. */
const SENDS_PER_PHONE_PER_DAY = 10;
const SENDS_PER_ADDRESS_PER_HOUR = 30;

const codeHash = (ctx: Ctx, tokenHash: Buffer, code: string) =>
  hmac(ctx.secret, `${tokenHash.toString('hex')}:${code}`);

/**
 * REG-3, REG-9. A new code replaces the phone's earlier unverified ones. A phone that already holds a
 * verified, unused code gets OTP_VERIFIED (the wizard skips to step 3); a registered phone EXISTING_USER.
 */
export async function sendOtp(ctx: Ctx, phone: string, meta: { ip: string }) {
  checkPhone(phone, ctx.config.region);
  if (!(await otpRequired(ctx))) throw new AppError('OTP_SEND_FAIL');
  const now = ctx.clock.now();
  const code = randomDigits(OTP_DIGITS);
  const token = newToken();
  const ref = randomCode(4);
  const tokenHash = sha256(token);
  const expiresAt = new Date(now.getTime() + OTP_TTL_S * 1000);

  await ctx.db.tx(async (q) => {
    // One phone at a time: two sends racing for the same phone cannot both pass the resend check.
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`otp:${phone}`]);
    if ((await q.query('select 1 from members where phone = $1', [phone])).length) {
      throw new AppError('EXISTING_USER', 409);
    }
    const [last] = await q.query<{ created_at: Date; verified_at: Date | null; consumed_at: Date | null }>(
      'select created_at, verified_at, consumed_at from otps where phone = $1 order by created_at desc, id desc limit 1',
      [phone],
    );
    if (
      last?.verified_at &&
      !last.consumed_at &&
      now.getTime() - last.verified_at.getTime() < OTP_VERIFIED_TTL_S * 1000
    ) {
      throw new AppError('OTP_VERIFIED', 409);
    }
    if (last && now.getTime() - last.created_at.getTime() < OTP_RESEND_INTERVAL_S * 1000) {
      throw new AppError('REQUEST_LIMIT_1MIN', 429);
    }
    if ((await counter.hit(q, `otp:phone:${phone}`, 86_400, now)) > SENDS_PER_PHONE_PER_DAY) {
      throw new AppError('REQUEST_LIMIT', 429);
    }
    if ((await counter.hit(q, `otp:address:${meta.ip}`, 3_600, now)) > SENDS_PER_ADDRESS_PER_HOUR) {
      throw new AppError('REQUEST_LIMIT', 429);
    }
    await q.query(
      'update otps set consumed_at = $2 where phone = $1 and verified_at is null and consumed_at is null',
      [phone, now],
    );
    await q.query(
      `insert into otps (phone, ref, token_hash, code_hash, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
      [phone, ref, tokenHash, codeHash(ctx, tokenHash, code), now, expiresAt],
    );
  });

  try {
    await ctx.sms.send({
      to: phone,
      text: `Krapao OTP ${code} (Ref ${ref}). ${Math.round(OTP_TTL_S / 60)} min.`,
    });
  } catch (err) {
    // Not sent: the row must not hold the phone's resend slot, or the member waits a minute for nothing.
    await ctx.db.query('delete from otps where token_hash = $1', [tokenHash]);
    throw Object.assign(new AppError('OTP_SEND_FAIL', 502), { cause: err });
  }

  return {
    otpRef: ref,
    otpToken: token,
    // DESIGN.md: the demo SMS puts the code in the answer too, in demo mode only.
    ...(ctx.config.simulate ? { code } : {}),
    expiresAt: expiresAt.toISOString(),
    resendAfterS: OTP_RESEND_INTERVAL_S,
  };
}

/** REG-9: single use, expiring, OTP_MAX_ATTEMPTS wrong codes then OTP_BLOCK. */
export async function verifyOtp(ctx: Ctx, input: { otpToken: string; otpCode: string }) {
  const now = ctx.clock.now();
  const tokenHash = sha256(input.otpToken);
  // The wrong-attempt count must be committed even though the answer is an error, so the transaction
  // returns the outcome and the error is thrown after it.
  const outcome = await ctx.db.tx(async (q): Promise<ErrorCode | 'OK'> => {
    const [otp] = await q.query<{
      id: string;
      code_hash: Buffer | Uint8Array;
      attempts: number;
      expires_at: Date;
      verified_at: Date | null;
      consumed_at: Date | null;
      blocked_at: Date | null;
    }>(
      `select id, code_hash, attempts, expires_at, verified_at, consumed_at, blocked_at
       from otps where token_hash = $1 for update`,
      [tokenHash],
    );
    if (!otp) return 'OTP_NOT_EXIST';
    if (otp.blocked_at) return 'OTP_BLOCK';
    if (otp.verified_at && !otp.consumed_at) return 'OTP_VERIFIED';
    if (otp.consumed_at) return 'OTP_TOKEN_INVALID';
    if (otp.expires_at <= now) return 'OTP_EXPIRED';
    if (!sameBytes(Buffer.from(otp.code_hash), codeHash(ctx, tokenHash, input.otpCode))) {
      const attempts = otp.attempts + 1;
      const blocked = attempts >= OTP_MAX_ATTEMPTS;
      await q.query('update otps set attempts = $2, blocked_at = $3 where id = $1', [
        otp.id,
        attempts,
        blocked ? now : null,
      ]);
      return blocked ? 'OTP_BLOCK' : 'OTP_CODE_INVALID';
    }
    await q.query('update otps set verified_at = $2 where id = $1', [otp.id, now]);
    return 'OK';
  });
  if (outcome !== 'OK')
    throw new AppError(outcome, outcome === 'OTP_BLOCK' ? 429 : outcome === 'OTP_VERIFIED' ? 409 : 400);
  return { message: 'OTP_CODE_VALID' };
}
