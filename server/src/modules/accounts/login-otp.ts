// LOG-3, past the per-account limit of wrong passwords: strangers guessing one member's password from
// many addresses used to lock the owner out for an hour. Now the login goes on, but only with a code sent
// to the registered phone. Every password gets the same answer, OTP_REQUIRED with a ticket: the code is
// sent only when the password was right (a wrong one, or a phone that is no member's, gets a decoy sent
// to no one), so the answer is no password oracle, and strangers never make the owner's phone ring.
// Decoys and real codes are limited per phone and address (otp/service.ts perAddress), so strangers'
// requests cannot stop the owner's own. With the code, the password is checked again: wrong stays wrong.
import type { accounts, Locale } from '@krapao/contract';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { issueCode, otpRefusal, takeCode } from '../otp/service.ts';
import { loginCodeText, noticeLocale } from './notices.ts';

export type OtpRequired = z.infer<typeof accounts.loginOtpRequiredSchema>;

/**
 * The OTP step of a login past the limit. Answers OTP_REQUIRED with a ticket when the login brought no
 * code; with one, checks it (REG-9 rules; a wrong code counts) and then the password, and answers
 * undefined when both are right, for the caller to open the session. `member` is the phone's member
 * when the password was right, else null.
 */
export async function loginOtpStep(
  ctx: Ctx,
  input: { username: string; otpToken?: string | undefined; otpCode?: string | undefined; lang?: Locale },
  member: { id: string } | null,
  meta: { ip: string },
): Promise<OtpRequired | undefined> {
  if (!input.otpToken || !input.otpCode) {
    const locale = noticeLocale(ctx.config.region, input.lang);
    const t = await issueCode(ctx, {
      phone: input.username,
      purpose: 'login',
      memberId: member?.id ?? null,
      ip: meta.ip,
      decoy: !member,
      perAddress: true,
      hideCode: true,
      text: (code, ref) => loginCodeText(locale, code, ref),
    });
    return {
      message: 'OTP_REQUIRED',
      otpRef: t.otpRef,
      otpToken: t.otpToken,
      expiresAt: t.expiresAt,
      resendAfterS: t.resendAfterS,
    };
  }
  const { otpToken, otpCode } = input;
  // The code first, so a stolen ticket without its code says nothing about the password. A right code
  // with a wrong password rolls back and stays usable: the owner may have mistyped the password.
  const outcome = await ctx.db.tx(async (q) => {
    const taken = await takeCode(ctx, q, { purpose: 'login', otpToken, otpCode, phone: input.username });
    if (taken.outcome !== 'OK') return taken.outcome;
    if (!member || taken.memberId !== member.id) throw new AppError('WRONG_CREDENTIAL', 401);
    return 'OK' as const;
  });
  if (outcome !== 'OK') throw otpRefusal(outcome);
  return undefined;
}
