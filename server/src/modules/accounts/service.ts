import {
  OTP_VERIFIED_TTL_S,
  accounts,
  isEnglishName,
  type Profile,
  type Registration,
  type RegistrationCheck,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { otpRequired } from '../otp/policy.ts';
import { AppError } from '../../errors.ts';
import type { BodyOf } from '../../http/route.ts';
import { randomCode, sha256 } from '../../lib/crypto.ts';
import { loginOtpStep, type OtpRequired } from './login-otp.ts';
import { claimPasswordAttempt } from './password-attempts.ts';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.ts';
import {
  checkBankAccount,
  checkPassword,
  checkPhone,
  currencyFor,
  inviterPublicId,
  memberCurrency,
} from './rules.ts';
import { saveProfile, type ProfileUpdate } from './payout-account.ts';
import { recordSignIn } from './sign-ins.ts';
/** For the forgot-password reset: a member who proves the phone anew sets a new PIN. */
export { clearWithdrawalPin } from './withdrawal-pin.ts';
import {
  createSession,
  revokeMemberSessions,
  revokeSession,
  type SessionMember,
} from '../../http/sessions.ts';
import { BANK_NAME_COLUMNS, bankNamesOf } from '../lookups/bank-names.ts';
/** Operators' "reset password" sends the member the forgot-password code (password-reset.ts). */
export { startPasswordReset } from './password-reset.ts';

/** REG-5: everything that can be checked before the bank step; the bank data too when it is sent. */
export async function validateRegistration(
  ctx: Ctx,
  input: RegistrationCheck,
): Promise<{ inviterId: string | null }> {
  const { region } = ctx.config;
  checkPhone(input.username, region);
  checkPassword(input.password);
  const q = ctx.db;
  if ((await q.query('select 1 from members where phone = $1', [input.username])).length) {
    throw new AppError('EXISTING_USER', 409);
  }
  if (input.sourceCode) {
    const [source] = await q.query('select 1 from sources where code = $1 and active', [input.sourceCode]);
    if (!source) throw new AppError('INVALID_SOURCE');
  }
  let inviterId: string | null = null;
  if (input.inviteCode) {
    const [inviter] = await q.query<{ id: string }>(
      'select id::text as id from members where public_id = $1',
      [inviterPublicId(input.inviteCode)],
    );
    if (!inviter) throw new AppError('INVALID_INVITE_CODE');
    inviterId = inviter.id;
  }
  if (
    input.bankCode !== undefined ||
    input.bankAccountName !== undefined ||
    input.bankAccountNo !== undefined
  ) {
    await checkBankAccount(
      q,
      region,
      {
        bankCode: input.bankCode ?? '',
        bankAccountName: input.bankAccountName ?? '',
        bankAccountNo: input.bankAccountNo ?? '',
      },
      undefined,
      currencyFor(region, input.currency),
    );
  }
  currencyFor(region, input.currency);
  return { inviterId };
}

/** REG-7. With OTP on, the phone must hold a verified code that no registration has used yet. */
export async function register(ctx: Ctx, input: Registration): Promise<{ _id: string; username: string }> {
  const { inviterId } = await validateRegistration(ctx, input);
  const currency = currencyFor(ctx.config.region, input.currency);
  const passwordHash = await hashPassword(input.password);
  const needOtp = await otpRequired(ctx);
  const now = ctx.clock.now();
  try {
    return await ctx.db.tx(async (q) => {
      if (needOtp) {
        const [otp] = await q.query<{ id: bigint }>(
          `update otps set consumed_at = $2
           where id = (select id from otps where phone = $1 and purpose = 'register'
                         and verified_at is not null and consumed_at is null
                         and verified_at > $2::timestamptz - make_interval(secs => $3)
                       order by verified_at desc limit 1 for update)
           returning id`,
          [input.username, now, OTP_VERIFIED_TTL_S],
        );
        if (!otp) throw new AppError('UNVERIFIED_OTP');
      }
      const publicId = await freePublicId(q);
      await q.query(
        `insert into members (public_id, phone, name, password_hash, bank_code, bank_account_name, bank_account_no,
           currency, source_code, invited_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
        [
          publicId,
          input.username,
          input.name,
          passwordHash,
          input.bankCode,
          input.bankAccountName,
          input.bankAccountNo,
          currency,
          input.sourceCode || null,
          inviterId,
          now,
        ],
      );
      return { _id: publicId, username: input.username };
    });
  } catch (err) {
    throw uniqueViolationToCode(err) ?? err;
  }
}

/** Two registrations racing past the checks meet the unique constraints; name the one they hit. */
function uniqueViolationToCode(err: unknown): AppError | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (which.includes('phone')) return new AppError('EXISTING_USER', 409);
  if (which.includes('bank')) return new AppError('EXISTING_BANK', 409);
  return undefined;
}

async function freePublicId(q: Queryable): Promise<string> {
  for (;;) {
    const id = randomCode(6);
    if (!(await q.query('select 1 from members where public_id = $1', [id])).length) return id;
  }
}

/**
 * LOG-1, LOG-3. Unknown phone and wrong password both answer WRONG_CREDENTIAL (and take the same time),
 * so login cannot be used to find out who is a member. Each attempt is counted before the password is
 * checked (password-attempts.ts); past a limit the answer is REQUEST_LIMIT with Retry-After, but past
 * the per-account limit alone a login needs a code sent to the registered phone (login-otp.ts).
 */
export async function login(
  ctx: Ctx,
  input: BodyOf<typeof accounts.login>,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: string } | OtpRequired> {
  const q = ctx.db;
  const now = ctx.clock.now();
  const attempt = await claimPasswordAttempt(q, { kind: 'login', phone: input.username }, meta.ip, now);
  const [member] = await q.query<{ id: string; password_hash: string; status: string }>(
    'select id::text as id, password_hash, status from members where phone = $1',
    [input.username],
  );
  const ok = member
    ? await verifyPassword(member.password_hash, input.password)
    : (await verifyNothing(input.password), false);
  if (attempt.pastAccountLimit) {
    if (ok) await attempt.succeeded();
    const otpRequired = await loginOtpStep(ctx, input, ok ? member! : null, meta);
    if (otpRequired) return otpRequired;
  }
  if (!member || !ok) throw new AppError('WRONG_CREDENTIAL', 401);
  await attempt.succeeded();
  if (member.status !== 'active') throw new AppError('INACTIVE_USER', 403);
  const session = await createSession(q, {
    memberId: member.id,
    longLived: input.isRemember,
    now,
    policy: ctx.config.session,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  await recordSignIn(ctx, {
    memberId: member.id,
    tokenHash: sha256(session.token),
    ...meta,
    lang: input.lang,
  });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

export async function logout(ctx: Ctx, session: SessionMember): Promise<{ ok: true }> {
  await revokeSession(ctx.db, session.tokenHash);
  return { ok: true };
}

/**
 * The columns of a member's profile, for queries that read it with more (the wallet joins its balance).
 * The coins are the spin wheel's (spin_members, migration 027; 028 dropped the unused members.coin).
 */
export const PROFILE_COLUMNS = `m.public_id, m.name, m.phone,
  coalesce((select s.coins from spin_members s where s.member_id = m.id), 0) as coin, m.bank_code, m.bank_account_name,
  m.bank_account_no, ${BANK_NAME_COLUMNS}, m.currency, m.created_at`;
export const PROFILE_FROM = 'members m join banks b on b.code = m.bank_code';

export interface ProfileRow {
  public_id: string;
  name: string;
  phone: string;
  coin: number;
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  name_th: string;
  name_en: string;
  name_la: string | null;
  currency: 'BAHT' | 'LAK';
  created_at: Date;
}

export function toProfile(m: ProfileRow): Profile {
  return {
    _id: m.public_id,
    name: m.name,
    username: m.phone,
    coin: m.coin,
    bankCode: m.bank_code,
    bankAccountName: m.bank_account_name,
    bankAccountNo: m.bank_account_no,
    bank: bankNamesOf(m),
    currency: m.currency,
    createdAt: m.created_at.toISOString(),
  };
}

export async function getProfile(ctx: Ctx, memberId: string): Promise<Profile> {
  const [m] = await ctx.db.query<ProfileRow>(
    `select ${PROFILE_COLUMNS} from ${PROFILE_FROM} where m.id = $1`,
    [memberId],
  );
  if (!m) throw new AppError('NO_USER', 404);
  return toProfile(m);
}

/** PRO-3. A change of the payout account is guarded (payout-account.ts); the names alone are not. */
export async function updateProfile(
  ctx: Ctx,
  memberId: string,
  input: ProfileUpdate,
  meta: { ip: string },
): Promise<Profile> {
  const currency = await memberCurrency(ctx.db, memberId);
  await checkBankAccount(ctx.db, ctx.config.region, input, memberId, currency);
  try {
    await saveProfile(ctx, memberId, input, meta);
  } catch (err) {
    throw uniqueViolationToCode(err) ?? err;
  }
  return getProfile(ctx, memberId);
}

/** PRO-4: the holder name of the member's own account, in English letters only. */
export async function updateBankAccountName(
  ctx: Ctx,
  memberId: string,
  input: { bankCode: string; bankAccountName: string },
): Promise<Profile> {
  if (!isEnglishName(input.bankAccountName)) throw new AppError('BANK_ACCOUNT_NAME_ENG');
  const updated = await ctx.db.query(
    'update members set bank_account_name = $3, updated_at = $4 where id = $1 and bank_code = $2 returning id',
    [memberId, input.bankCode, input.bankAccountName, ctx.clock.now()],
  );
  if (!updated.length) throw new AppError('INVALID_BANK');
  return getProfile(ctx, memberId);
}

/**
 * PRO-2. A changed password ends every other session of the member (ASVS 7.4.3). Wrong old passwords are
 * limited as logins are (a stolen token must not become a password oracle).
 */
export async function changePassword(
  ctx: Ctx,
  session: SessionMember,
  input: { oldPassword: string; newPassword: string },
  meta: { ip: string },
): Promise<{ ok: true }> {
  const check = { kind: 'changepwd', memberId: session.memberId } as const;
  const attempt = await claimPasswordAttempt(ctx.db, check, meta.ip, ctx.clock.now());
  const [m] = await ctx.db.query<{ password_hash: string }>(
    'select password_hash from members where id = $1',
    [session.memberId],
  );
  if (!m || !(await verifyPassword(m.password_hash, input.oldPassword))) throw new AppError('WRONG_PASSWORD');
  await attempt.succeeded();
  checkPassword(input.newPassword);
  if (input.newPassword === input.oldPassword) throw new AppError('PASSWORD_SAME');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.tx(async (q) => {
    await q.query(
      'update members set password_hash = $2, password_changed_at = $3, updated_at = $3 where id = $1',
      [session.memberId, passwordHash, ctx.clock.now()],
    );
    await revokeMemberSessions(q, session.memberId, session.tokenHash);
  });
  return { ok: true };
}
