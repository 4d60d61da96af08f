// The withdrawal PIN: a second secret, asked at the moment money or the payout account moves, so a
// stolen session token (or an unlocked phone left signed in) is not enough to cash out. It is kept as a
// password is (argon2id, passwords.ts). A member without one is paid as before: scripts and older
// clients keep working, and the web asks for one at the first withdrawal. docs/api.md "Withdrawal PIN".
import {
  PIN_BLOCK_MINUTES,
  PIN_MAX_FAILURES,
  isTooSimplePin,
  isWellFormedPin,
  type PinStatus,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { claimPasswordAttempt } from './password-attempts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export async function pinStatus(ctx: Ctx, memberId: string): Promise<PinStatus> {
  const [row] = await ctx.db.query<{ blocked_until: Date | null }>(
    'select blocked_until from withdrawal_pins where member_id = $1',
    [memberId],
  );
  const blocked = row?.blocked_until && row.blocked_until > ctx.clock.now() ? row.blocked_until : null;
  return { set: Boolean(row), blockedUntil: blocked ? blocked.toISOString() : null };
}

/**
 * Checks a member's PIN before a withdrawal, a payout-account change or a PIN change. A member without
 * a PIN passes (the caller decides whether that is allowed). Throws PIN_REQUIRED, PIN_WRONG, PIN_BLOCK.
 *
 * The check is claimed before argon2 runs, by one update that takes the row's lock: it adds one to
 * `failures` only while the member is not blocked and below PIN_MAX_FAILURES, and the claim that reaches
 * the limit starts the block. Twenty parallel guesses therefore get five checks, whatever their order;
 * the rest answer PIN_BLOCK without a check. A right PIN clears the count and the block its own claim
 * may have started.
 */
export async function checkWithdrawalPin(ctx: Ctx, memberId: string, pin: string | undefined): Promise<void> {
  const q = ctx.db;
  const now = ctx.clock.now();
  const [has] = await q.query<{ one: number }>('select 1 as one from withdrawal_pins where member_id = $1', [
    memberId,
  ]);
  if (!has) return;
  if (pin === undefined || pin === '') throw new AppError('PIN_REQUIRED');
  const [claim] = await q.query<{ pin_hash: string }>(
    `update withdrawal_pins set
       failures = case when blocked_until <= $2 then 1 else failures + 1 end,
       blocked_until = case
         when (case when blocked_until <= $2 then 1 else failures + 1 end) >= $3
           then $2::timestamptz + make_interval(mins => $4)
         else null end
     where member_id = $1
       and (blocked_until is null or blocked_until <= $2)
       and (blocked_until is not null or failures < $3)
     returning pin_hash`,
    [memberId, now, PIN_MAX_FAILURES, PIN_BLOCK_MINUTES],
  );
  if (!claim) throw await blockRefusal(q, memberId, now);
  if (!(await verifyPassword(claim.pin_hash, pin))) throw new AppError('PIN_WRONG');
  await q.query('update withdrawal_pins set failures = 0, blocked_until = null where member_id = $1', [
    memberId,
  ]);
}

/** PIN_BLOCK, 429 with Retry-After: the seconds until the block ends. */
async function blockRefusal(q: Queryable, memberId: string, now: Date): Promise<AppError> {
  const [row] = await q.query<{ blocked_until: Date | null }>(
    'select blocked_until from withdrawal_pins where member_id = $1',
    [memberId],
  );
  const until = row?.blocked_until?.getTime() ?? now.getTime() + PIN_BLOCK_MINUTES * 60_000;
  return new AppError('PIN_BLOCK', 429, Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
}

/**
 * Sets the PIN (the current password) or changes it (the password and the current PIN: a stolen token
 * plus a glimpse of the password must not replace the PIN the member chose). The new PIN is checked
 * first, so a typo costs no password or PIN attempt.
 */
export async function setWithdrawalPin(
  ctx: Ctx,
  memberId: string,
  input: { password: string; pin: string; currentPin?: string | undefined },
  meta: { ip: string },
): Promise<PinStatus> {
  if (!isWellFormedPin(input.pin)) throw new AppError('PIN_FORMAT');
  if (isTooSimplePin(input.pin)) throw new AppError('PIN_TOO_SIMPLE');
  const [m] = await ctx.db.query<{ password_hash: string; has_pin: boolean }>(
    `select password_hash, exists (select 1 from withdrawal_pins p where p.member_id = m.id) as has_pin
     from members m where id = $1`,
    [memberId],
  );
  if (!m) throw new AppError('NO_USER', 404);
  if (m.has_pin && !input.currentPin) throw new AppError('PIN_REQUIRED');
  // Counted with change-password's attempts (password-attempts.ts), as the payout-account change is.
  const attempt = await claimPasswordAttempt(
    ctx.db,
    { kind: 'changepwd', memberId },
    meta.ip,
    ctx.clock.now(),
  );
  if (!(await verifyPassword(m.password_hash, input.password))) throw new AppError('WRONG_PASSWORD');
  await attempt.succeeded();
  if (m.has_pin) await checkWithdrawalPin(ctx, memberId, input.currentPin);
  const pinHash = await hashPassword(input.pin);
  await ctx.db.query(
    `insert into withdrawal_pins (member_id, pin_hash, set_at) values ($1, $2, $3)
     on conflict (member_id) do update set pin_hash = $2, set_at = $3, failures = 0, blocked_until = null`,
    [memberId, pinHash, ctx.clock.now()],
  );
  return pinStatus(ctx, memberId);
}

/**
 * Removes the member's PIN, for the forgot-password reset: whoever proves the phone anew sets a new one
 * at their next withdrawal. Takes a transaction's Queryable so it can go with the password change.
 */
export async function clearWithdrawalPin(q: Queryable, memberId: string): Promise<void> {
  await q.query('delete from withdrawal_pins where member_id = $1', [memberId]);
}
