// Forgot password: a code to the registered phone, then a new password; every session of the member
// ends. The answers never tell who is a member: a phone that is no member's gets a decoy code (issued
// under the same OTP rules, sent to no one), so status, fields and limits are the same (docs/api.md).
import type { accounts, Locale } from '@krapao/contract';

type PasswordResetTicket = accounts.PasswordResetTicket;
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { revokeMemberSessions } from '../../http/sessions.ts';
import { issueCode, otpRefusal, takeCode } from '../otp/service.ts';
import { passwordResetCodeText, noticeLocale } from './notices.ts';
import { hashPassword } from './passwords.ts';
import { checkPassword, checkPhone } from './rules.ts';
import { clearWithdrawalPin } from './withdrawal-pin.ts';

const ticketOf = (t: { otpRef: string; otpToken: string; expiresAt: string; resendAfterS: number }) => ({
  otpRef: t.otpRef,
  otpToken: t.otpToken,
  expiresAt: t.expiresAt,
  resendAfterS: t.resendAfterS,
});

/** POST /api/account/forgot. The code itself is never in the answer, not even in the simulated world. */
export async function forgotPassword(
  ctx: Ctx,
  input: { phoneNumber: string; lang?: Locale | undefined },
  meta: { ip: string },
): Promise<PasswordResetTicket> {
  checkPhone(input.phoneNumber, ctx.config.region);
  const [member] = await ctx.db.query<{ id: string }>('select id::text as id from members where phone = $1', [
    input.phoneNumber,
  ]);
  const locale = noticeLocale(ctx.config.region, input.lang);
  const ticket = await issueCode(ctx, {
    phone: input.phoneNumber,
    purpose: 'password-reset',
    memberId: member?.id ?? null,
    ip: meta.ip,
    decoy: !member,
    hideCode: true,
    text: (code, ref) => passwordResetCodeText(locale, code, ref),
  });
  return ticketOf(ticket);
}

/**
 * For code beyond the member's own request (an operator's "reset password"): sends the member the code
 * of this same flow, with a link to /forgot-password that carries its ticket, so the member only types
 * the code and a new password. Answers the ticket (the caller must not show it to anyone but the member).
 */
export async function startPasswordReset(
  ctx: Ctx,
  memberId: string,
  meta: { ip: string; lang?: Locale | undefined },
): Promise<PasswordResetTicket> {
  const [member] = await ctx.db.query<{ phone: string }>('select phone from members where id = $1', [
    memberId,
  ]);
  if (!member) throw new AppError('NO_USER', 404);
  const locale = noticeLocale(ctx.config.region, meta.lang);
  const ticket = await issueCode(ctx, {
    phone: member.phone,
    purpose: 'password-reset',
    memberId,
    ip: meta.ip,
    hideCode: true,
    text: (code, ref, token) => {
      const link = new URL('/forgot-password', ctx.publicUrl());
      link.searchParams.set('ref', ref);
      link.searchParams.set('token', token);
      return passwordResetCodeText(locale, code, ref, link.href);
    },
  });
  return ticketOf(ticket);
}

/**
 * POST /api/account/reset. The new password is checked first, so a weak one uses up nothing; then the
 * code (REG-9: wrong codes count, OTP_BLOCK, OTP_EXPIRED), the password, the end of every session and
 * of the withdrawal PIN (docs/api.md "Withdrawal PIN": a member who proves the phone anew sets a new
 * one), all in one transaction, so the code is spent only if the password is changed.
 */
export async function resetPassword(
  ctx: Ctx,
  input: { otpToken: string; otpCode: string; newPassword: string },
): Promise<{ ok: true }> {
  checkPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const outcome = await ctx.db.tx(async (q) => {
    const taken = await takeCode(ctx, q, { purpose: 'password-reset', ...input });
    if (taken.outcome !== 'OK' || !taken.memberId) return taken.outcome;
    const now = ctx.clock.now();
    await q.query(
      'update members set password_hash = $2, password_changed_at = $3, updated_at = $3 where id = $1',
      [taken.memberId, passwordHash, now],
    );
    await revokeMemberSessions(q, taken.memberId);
    await clearWithdrawalPin(q, taken.memberId);
    return 'OK' as const;
  });
  if (outcome !== 'OK') throw otpRefusal(outcome);
  return { ok: true };
}
