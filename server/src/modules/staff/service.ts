// Staff: sign-in (password + TOTP), the first sign-in's enrolment and own password, step-up before money
// actions, and the admin's list, creation and disabling of staff. Every outcome is audited.
import QRCode from 'qrcode';
import {
  LOGIN_ACCOUNT_WINDOW_S,
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
  LOGIN_FAILURES_PER_ADDRESS,
  RECOVERY_CODE_COUNT,
  STAFF_ROLES,
  STAFF_USERNAME_PATTERN,
  STEP_UP_WINDOW_S,
  type StaffMember,
  type StaffRole,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { giveBack, take, type Taken } from '../../lib/rate-counter.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../accounts/passwords.ts';
import { appendAudit, audit } from './audit.ts';
import { checkStaffPassword } from './passwords.ts';
import { createStaffSession, endStaffSessions, type StaffSession } from './sessions.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

const ISSUER = 'Krapao';

interface StaffRow {
  id: string;
  username: string;
  role: StaffRole;
  password_hash: string;
  must_change_password: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: string;
  disabled: boolean;
}

const STAFF_COLUMNS = `id::text as id, username, role, password_hash, must_change_password, totp_secret,
  totp_pending_secret, totp_last_step::text as totp_last_step, disabled`;

async function staffByName(q: Queryable, username: string): Promise<StaffRow | undefined> {
  const [row] = await q.query<StaffRow>(`select ${STAFF_COLUMNS} from staff where username = $1`, [username]);
  return row;
}
async function staffById(q: Queryable, id: string): Promise<StaffRow> {
  const [row] = await q.query<StaffRow>(`select ${STAFF_COLUMNS} from staff where id = $1`, [id]);
  if (!row) throw new AppError('UNAUTHORIZED', 401);
  return row;
}

/**
 * Takes a TOTP code for this staff member: it must match a step within one of now and newer than the last
 * accepted one, which the guarded update then records, so two requests with the same code cannot both
 * pass. A recovery code instead is used up (single use). False when neither holds.
 */
async function takeCode(ctx: Ctx, staff: StaffRow, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  if (staff.totp_secret) {
    const step = matchTotp(staff.totp_secret, code, now, Number(staff.totp_last_step));
    if (step !== undefined) {
      const taken = await ctx.db.query(
        'update staff set totp_last_step = $2 where id = $1 and totp_last_step < $2 returning id',
        [staff.id, step],
      );
      return taken.length === 1;
    }
  }
  const normalised = code.toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z0-9]{10}$/.test(normalised)) return false;
  const unused = await ctx.db.query<{ id: string; code_hash: string }>(
    `select id::text as id, code_hash from staff_recovery_codes where staff_id = $1 and used_at is null`,
    [staff.id],
  );
  for (const c of unused) {
    if (!(await verifyPassword(c.code_hash, normalised))) continue;
    const used = await ctx.db.query(
      'update staff_recovery_codes set used_at = $2 where id = $1 and used_at is null returning id',
      [c.id, now],
    );
    return used.length === 1;
  }
  return false;
}

/** Sign-in failures are limited as members' logins are (LOG-3): counted before the check. */
async function claimAttempt(ctx: Ctx, username: string, ip: string) {
  const now = ctx.clock.now();
  const limits = [
    {
      key: `staff:account-address:${username}:${ip}`,
      max: LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
      windowS: LOGIN_FAILURE_WINDOW_S,
    },
    { key: `staff:address:${ip}`, max: LOGIN_FAILURES_PER_ADDRESS, windowS: LOGIN_FAILURE_WINDOW_S },
    { key: `staff:account:${username}`, max: LOGIN_FAILURES_PER_ACCOUNT, windowS: LOGIN_ACCOUNT_WINDOW_S },
  ];
  const taken: Taken[] = [];
  for (const limit of limits) {
    const t = await take(ctx.db, limit.key, limit.windowS, now);
    taken.push(t);
    if (t.hits > limit.max) {
      await Promise.all(taken.map((x) => giveBack(ctx.db, x)));
      const waitS = Math.max(1, Math.ceil((t.windowEndsAt.getTime() - now.getTime()) / 1000));
      throw new AppError('REQUEST_LIMIT', 429, waitS);
    }
  }
  return () => Promise.all(taken.map((x) => giveBack(ctx.db, x)));
}

export async function signIn(
  ctx: Ctx,
  body: { username: string; password: string; code?: string | undefined },
  ip: string,
) {
  const succeeded = await claimAttempt(ctx, body.username, ip);
  const staff = await staffByName(ctx.db, body.username);
  const fail = async (why: string) => {
    await audit(ctx.db, ctx.clock.now(), {
      actor: body.username,
      action: 'sign-in.failed',
      after: { why },
      ip,
    });
    return new AppError('UNAUTHORIZED', 401);
  };
  if (!staff) {
    await verifyNothing(body.password);
    throw await fail('unknown');
  }
  if (!(await verifyPassword(staff.password_hash, body.password))) throw await fail('password');
  if (staff.disabled) throw await fail('disabled');
  const enrolled = Boolean(staff.totp_secret);
  if (enrolled && (!body.code || !(await takeCode(ctx, staff, body.code)))) throw await fail('code');
  await succeeded();
  const now = ctx.clock.now();
  const token = await ctx.db.tx(async (q) => {
    await q.query('update staff set last_sign_in_at = $2 where id = $1', [staff.id, now]);
    await appendAudit(q, now, { actor: staff.username, action: 'sign-in', ip });
    return createStaffSession(q, staff, now, enrolled);
  });
  return { token, mustChangePassword: staff.must_change_password, mustEnrolTotp: !enrolled };
}

export async function signOut(ctx: Ctx, session: StaffSession) {
  await ctx.db.tx(async (q) => {
    await q.query('delete from staff_sessions where token_hash = $1', [session.tokenHash]);
    await appendAudit(q, ctx.clock.now(), { actor: session.username, action: 'sign-out' });
  });
  return { ok: true as const };
}

export async function changePassword(
  ctx: Ctx,
  session: StaffSession,
  body: { oldPassword: string; newPassword: string },
  ip: string,
) {
  const succeeded = await claimAttempt(ctx, session.username, ip);
  const staff = await staffById(ctx.db, session.staffId);
  if (!(await verifyPassword(staff.password_hash, body.oldPassword))) {
    await audit(ctx.db, ctx.clock.now(), { actor: staff.username, action: 'password.failed', ip });
    throw new AppError('WRONG_PASSWORD');
  }
  await succeeded();
  if (body.newPassword === body.oldPassword) throw new AppError('PASSWORD_SAME');
  checkStaffPassword(body.newPassword);
  const hash = await hashPassword(body.newPassword);
  await ctx.db.tx(async (q) => {
    await q.query('update staff set password_hash = $2, must_change_password = false where id = $1', [
      staff.id,
      hash,
    ]);
    // The other sessions end: whoever else held the old password is out.
    await q.query('delete from staff_sessions where staff_id = $1 and token_hash <> $2', [
      staff.id,
      session.tokenHash,
    ]);
    await appendAudit(q, ctx.clock.now(), { actor: staff.username, action: 'password.change', ip });
  });
  return { ok: true as const };
}

/** Offers a new secret (kept pending until a code confirms it) with its QR as SVG. */
export async function enrolTotp(ctx: Ctx, session: StaffSession) {
  const staff = await staffById(ctx.db, session.staffId);
  // Changing an enrolled authenticator is an admin's reset, not a signed-in user's (ASVS 6.4.3).
  if (staff.totp_secret) throw new AppError('FORBIDDEN', 403);
  const secret = newTotpSecret();
  await ctx.db.query('update staff set totp_pending_secret = $2 where id = $1', [staff.id, secret]);
  const uri = otpauthUri(ISSUER, staff.username, secret);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, uri, qrSvg };
}

/** Ten recovery codes: shown once, kept as argon2id hashes. */
async function newRecoveryCodes(q: Queryable, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomCode(10));
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
  await q.query('delete from staff_recovery_codes where staff_id = $1', [staffId]);
  await q.query('insert into staff_recovery_codes (staff_id, code_hash) select $1, unnest($2::text[])', [
    staffId,
    hashes,
  ]);
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

export async function confirmTotp(ctx: Ctx, session: StaffSession, code: string, ip: string) {
  const staff = await staffById(ctx.db, session.staffId);
  if (staff.totp_secret) throw new AppError('FORBIDDEN', 403);
  const now = ctx.clock.now();
  const step = staff.totp_pending_secret ? matchTotp(staff.totp_pending_secret, code, now, 0) : undefined;
  if (step === undefined) {
    await audit(ctx.db, now, { actor: staff.username, action: 'totp.confirm-failed', ip });
    throw new AppError('OTP_CODE_INVALID');
  }
  const recoveryCodes = await ctx.db.tx(async (q) => {
    const set = await q.query(
      `update staff set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_last_step = $2
       where id = $1 and totp_secret is null returning id`,
      [staff.id, step],
    );
    if (!set.length) throw new AppError('FORBIDDEN', 403);
    await q.query('update staff_sessions set step_up_at = $2 where token_hash = $1', [
      session.tokenHash,
      now,
    ]);
    await appendAudit(q, now, { actor: staff.username, action: 'totp.enrolled', ip });
    return newRecoveryCodes(q, staff.id);
  });
  return { recoveryCodes };
}

/**
 * A money action's step-up: a TOTP code given now (`code`), or one given in this session in the last
 * STEP_UP_WINDOW_S. Else 401 STEP_UP_REQUIRED.
 */
/**
 * Wrong step-up codes one staff member may give within STEP_UP_FAILURE_WINDOW_S: the next one ends the
 * session, so a stolen session token buys a handful of guesses at a code, then needs the password and a
 * code again at a sign-in, which is limited on its own (claimAttempt).
 */
export const STEP_UP_FAILURES = 5;
export const STEP_UP_FAILURE_WINDOW_S = 15 * 60;

/** A wrong code: audited; past the limit the session ends (the console then signs in again). */
async function stepUpRefused(ctx: Ctx, session: StaffSession, now: Date): Promise<AppError> {
  const tried = await take(ctx.db, `staff:step-up:${session.staffId}`, STEP_UP_FAILURE_WINDOW_S, now);
  const locked = tried.hits > STEP_UP_FAILURES;
  await audit(ctx.db, now, {
    actor: session.username,
    action: locked ? 'step-up.locked' : 'step-up.failed',
    after: { failures: tried.hits },
  });
  if (!locked) return new AppError('STEP_UP_REQUIRED', 401);
  await ctx.db.query('delete from staff_sessions where token_hash = $1', [session.tokenHash]);
  return new AppError('UNAUTHORIZED', 401);
}

export async function requireStepUp(ctx: Ctx, session: StaffSession, code: string | undefined) {
  const now = ctx.clock.now();
  if (code) {
    const staff = await staffById(ctx.db, session.staffId);
    if (!(await takeCode(ctx, staff, code))) throw await stepUpRefused(ctx, session, now);
    await ctx.db.query('update staff_sessions set step_up_at = $2 where token_hash = $1', [
      session.tokenHash,
      now,
    ]);
    return;
  }
  if (!session.stepUpAt || now.getTime() - session.stepUpAt.getTime() > STEP_UP_WINDOW_S * 1000)
    throw new AppError('STEP_UP_REQUIRED', 401);
}

export async function listStaff(ctx: Ctx): Promise<{ items: StaffMember[] }> {
  const rows = await ctx.db.query<{
    username: string;
    role: StaffRole;
    disabled: boolean;
    created_at: Date;
    last_sign_in_at: Date | null;
  }>('select username, role, disabled, created_at, last_sign_in_at from staff order by username');
  return {
    items: rows.map((r) => ({
      username: r.username,
      role: r.role,
      disabled: r.disabled,
      createdAt: r.created_at.toISOString(),
      lastSignInAt: r.last_sign_in_at?.toISOString() ?? null,
    })),
  };
}

/**
 * A new staff member with a one-time password. From the console they enrol TOTP at first sign-in; from
 * the command line (enrolTotp) the secret is made at once and its URI printed for the authenticator app.
 */
export async function createStaff(
  ctx: Ctx,
  actor: string,
  body: { username: string; role: string; enrolTotp?: boolean },
  ip: string | null,
) {
  const username = body.username.trim().toLowerCase();
  if (!STAFF_USERNAME_PATTERN.test(username) || !(STAFF_ROLES as readonly string[]).includes(body.role))
    throw new AppError('INVALID_REQUEST');
  const oneTimePassword = randomCode(20);
  const hash = await hashPassword(oneTimePassword);
  const secret = body.enrolTotp ? newTotpSecret() : null;
  await ctx.db.tx(async (q) => {
    const made = await q.query(
      `insert into staff (username, role, password_hash, totp_secret, created_at) values ($1, $2, $3, $4, $5)
       on conflict (username) do nothing returning id`,
      [username, body.role, hash, secret, ctx.clock.now()],
    );
    if (!made.length) throw new AppError('STAFF_EXISTS', 409);
    await appendAudit(q, ctx.clock.now(), {
      actor,
      action: 'staff.create',
      target: username,
      after: { username, role: body.role, totpEnrolled: Boolean(secret) },
      ip,
    });
  });
  return {
    username,
    oneTimePassword,
    ...(secret ? { totpUri: otpauthUri(ISSUER, username, secret) } : {}),
  };
}

export async function disableStaff(ctx: Ctx, actor: string, username: string, ip: string | null) {
  await ctx.db.tx(async (q) => {
    const [row] = await q.query<{ id: string; disabled: boolean }>(
      'select id::text as id, disabled from staff where username = $1 for update',
      [username],
    );
    if (!row) throw new AppError('NOT_FOUND', 404);
    await q.query('update staff set disabled = true where id = $1', [row.id]);
    await endStaffSessions(q, row.id);
    await appendAudit(q, ctx.clock.now(), {
      actor,
      action: 'staff.disable',
      target: username,
      before: { disabled: row.disabled },
      after: { disabled: true },
      ip,
    });
  });
  return { ok: true as const };
}

/** Executes an approved role change (approvals.ts): the staff member's sessions end at once. */
export async function setRole(q: Queryable, username: string, role: StaffRole) {
  const [row] = await q.query<{ id: string; role: string }>(
    'select id::text as id, role from staff where username = $1 for update',
    [username],
  );
  if (!row) throw new AppError('NOT_FOUND', 404);
  await q.query('update staff set role = $2 where id = $1', [row.id, role]);
  await endStaffSessions(q, row.id);
  return { before: { role: row.role }, after: { role } };
}
