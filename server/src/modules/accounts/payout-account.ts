// PRO-3: a stolen session token must not be enough to cash out. Changing the bank or the number of the
// payout account needs the current password and, where OTP is on, a code sent to the registered phone;
// the member is told by SMS; and withdrawals to the new account wait for the operator for
// withdraw.newAccountHoldHours (wallet_withdraw, db/functions/withdrawals.sql). docs/decisions.md says
// why the names alone need none of this.
import type { Locale } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { otpRequired } from '../otp/policy.ts';
import { otpRefusal, sendMemberOtp, takeMemberCode } from '../otp/service.ts';
import { bankChangeCodeText, bankChangedText, noticeLocale } from './notices.ts';
import { claimPasswordAttempt } from './password-attempts.ts';
import { verifyPassword } from './passwords.ts';
import { checkWithdrawalPin } from './withdrawal-pin.ts';

/**
 * The current password, counted with change-password's attempts (password-attempts.ts): guessing it
 * here uses up the same limit, so this endpoint is no way around it.
 */
async function verifyCurrentPassword(
  ctx: Ctx,
  owner: { memberId: string; passwordHash: string },
  password: string,
  meta: { ip: string },
): Promise<void> {
  const check = { kind: 'changepwd', memberId: owner.memberId } as const;
  const attempt = await claimPasswordAttempt(ctx.db, check, meta.ip, ctx.clock.now());
  if (!(await verifyPassword(owner.passwordHash, password))) throw new AppError('WRONG_PASSWORD');
  await attempt.succeeded();
}

/** The default of withdraw.newAccountHoldHours; wallet_withdraw (db/functions/withdrawals.sql) too. */
const DEFAULT_HOLD_HOURS = 24;

/** The operator's withdraw.newAccountHoldHours, read per request: a number of hours, 0 turns it off. */
export async function newAccountHoldHours(ctx: Ctx): Promise<number> {
  const value = await getSetting(ctx.db, 'withdraw.newAccountHoldHours');
  return typeof value === 'number' && value >= 0 ? value : DEFAULT_HOLD_HOURS;
}

export async function bankChangePolicy(ctx: Ctx) {
  return { otpRequired: await otpRequired(ctx), holdHours: await newAccountHoldHours(ctx) };
}

interface MemberRow {
  phone: string;
  password_hash: string;
  bank_code: string;
  bank_account_no: string;
}

async function memberRow(ctx: Ctx, memberId: string): Promise<MemberRow> {
  const [m] = await ctx.db.query<MemberRow>(
    'select phone, password_hash, bank_code, bank_account_no from members where id = $1',
    [memberId],
  );
  if (!m) throw new AppError('NO_USER', 404);
  return m;
}

/** The password first: a stolen token alone cannot even make the member's phone ring. */
export async function sendBankChangeOtp(
  ctx: Ctx,
  memberId: string,
  input: { currentPassword: string; lang?: Locale | undefined },
  meta: { ip: string },
) {
  const m = await memberRow(ctx, memberId);
  await verifyCurrentPassword(ctx, { memberId, passwordHash: m.password_hash }, input.currentPassword, meta);
  if (!(await otpRequired(ctx))) throw new AppError('OTP_SEND_FAIL');
  const locale = noticeLocale(ctx.config.region, input.lang);
  return sendMemberOtp(
    ctx,
    { id: memberId, phone: m.phone },
    { ip: meta.ip, text: (code, ref) => bankChangeCodeText(locale, code, ref) },
  );
}

export interface ProfileUpdate {
  name: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currentPassword?: string | undefined;
  otpToken?: string | undefined;
  otpCode?: string | undefined;
  lang?: Locale | undefined;
  pin?: string | undefined;
}

/**
 * Saves a checked profile. The bank and number are written only when they change, and then only with
 * the password (PASSWORD_REQUIRED, WRONG_PASSWORD) and, where OTP is on, the member's own bank-change
 * code (UNVERIFIED_OTP and the OTP rules), which is used up in the same transaction as the change.
 */
export async function saveProfile(
  ctx: Ctx,
  memberId: string,
  input: ProfileUpdate,
  meta: { ip: string },
): Promise<void> {
  const m = await memberRow(ctx, memberId);
  const now = ctx.clock.now();
  const changesAccount = input.bankCode !== m.bank_code || input.bankAccountNo !== m.bank_account_no;
  if (!changesAccount) {
    // The names only: the payout account stays what it is, even if it changed since it was read.
    await ctx.db.query(
      'update members set name = $2, bank_account_name = $3, updated_at = $4 where id = $1',
      [memberId, input.name, input.bankAccountName, now],
    );
    return;
  }

  if (!input.currentPassword) throw new AppError('PASSWORD_REQUIRED');
  await verifyCurrentPassword(ctx, { memberId, passwordHash: m.password_hash }, input.currentPassword, meta);
  // A member with a withdrawal PIN gives it too: the payout account is where the money goes.
  await checkWithdrawalPin(ctx, memberId, input.pin);
  const needOtp = await otpRequired(ctx);
  const { otpToken, otpCode } = input;
  if (needOtp && (!otpToken || !otpCode)) throw new AppError('UNVERIFIED_OTP');

  // A wrong code's attempt must be committed although the change is refused: the transaction answers
  // the outcome and the refusal is thrown after it.
  const outcome = await ctx.db.tx(async (q) => {
    if (needOtp) {
      const taken = await takeMemberCode(ctx, q, {
        memberId,
        purpose: 'bank-change',
        otpToken: otpToken!,
        otpCode: otpCode!,
      });
      if (taken !== 'OK') return taken;
    }
    await q.query(
      `update members set name = $2, bank_code = $3, bank_account_name = $4, bank_account_no = $5,
         bank_changed_at = $6, updated_at = $6
       where id = $1`,
      [memberId, input.name, input.bankCode, input.bankAccountName, input.bankAccountNo, now],
    );
    return 'OK' as const;
  });
  if (outcome !== 'OK') throw otpRefusal(outcome);

  const text = bankChangedText(noticeLocale(ctx.config.region, input.lang), {
    bankCode: input.bankCode,
    bankAccountNo: input.bankAccountNo,
    holdHours: await newAccountHoldHours(ctx),
  });
  // The change is made; an SMS gateway that is down must not undo it (the hold still protects the
  // money), but the operator has to know the member was not told.
  await ctx.sms
    .send({ to: m.phone, text })
    .catch((err) => ctx.log.error({ err, memberId }, 'payout account change notice not sent'));
}
