// The operator console's server (modules/staff, modules/accounts/console.ts): staff sign-in with TOTP,
// the permission table on every console and operator route, four-eyes approvals, the tamper-evident
// audit and the member freeze. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@krapao/contract';
import { post, memberAccount } from '../src/ledger/ledger.ts';
import { verifyAudit } from '../src/modules/staff/audit.ts';
import { CONSOLE_ROUTES } from '../src/modules/staff/console-scope.ts';
import { ROLE_PERMISSIONS } from '../src/modules/staff/permissions.ts';
import { STEP_UP_FAILURES } from '../src/modules/staff/service.ts';
import { consoleCall } from './console-helpers.ts';
import { stepAt, totpCode } from '../src/modules/staff/totp.ts';
import {
  bankTransfer,
  eventually,
  setPayoutMode,
  withdraw,
  withdrawalStatus,
  call,
  expectError,
  expectLedgerSound,
  freshAccountNo,
  newKey,
  onPostgres,
  registerAndLogin,
  useTestApp,
  walletAmount,
  type Answer,
} from './helpers.ts';

const OPS_TOKEN = 'operator-token-for-console-tests';
const t = useTestApp({
  OPS_TOKEN,
  OPS_TOKENS: 'promo:marketing-token-for-tests:marketing,books:auditor-token-for-tests:auditor',
});

const ops = (method: 'GET' | 'POST', url: string, body?: unknown, token = OPS_TOKEN) =>
  call(t.app, method, url, { token, ...(body !== undefined ? { body } : {}) });
const con = (method: string, url: string, token?: string, body?: unknown): Promise<Answer> =>
  consoleCall(t.app, method, url, token, body);

interface Staff {
  username: string;
  password: string;
  secret: string;
  token: string;
}

let seq = 0;
/** A code of the staff member's authenticator for the test clock's step (plus `offset` steps). */
const codeOf = (s: { secret: string }, offset = 0) => totpCode(s.secret, stepAt(t.clock.now()) + offset);
/** The next 30-second step: each sign-in or step-up uses a code once, so tests move the clock on. */
const nextStep = () => t.clock.advance(30_000);

/** A staff member made on the command line (`npm run ops -- staff-add`), signed in with their own password. */
async function staff(role: StaffRole): Promise<Staff> {
  const username = `${role}${++seq}`;
  const made = await ops('POST', '/api/ops/staff', { username, role });
  expect(made.status).toBe(200);
  const secret = new URL(made.body.totpUri as string).searchParams.get('secret')!;
  const first = await con('POST', '/api/console/session', undefined, {
    username,
    password: made.body.oneTimePassword,
    code: totpCode(secret, stepAt(t.clock.now())),
  });
  expect(first.body).toMatchObject({ mustChangePassword: true, mustEnrolTotp: false });
  const token = first.body.token as string;
  const password = `a long passphrase ${username}`;
  expect(
    (
      await con('POST', '/api/console/password', token, {
        oldPassword: made.body.oneTimePassword,
        newPassword: password,
      })
    ).status,
  ).toBe(200);
  nextStep();
  return { username, password, secret, token };
}

async function signIn(s: Staff, code = codeOf(s)) {
  return con('POST', '/api/console/session', undefined, { username: s.username, password: s.password, code });
}

async function fundedMember(amount: number) {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, amount);
  return m;
}

describe('console: staff sign-in [console]', () => {
  it('[console] staff-add gives a one-time password and an enrolled TOTP; the first sign-in asks only for a new password', async () => {
    const made = await ops('POST', '/api/ops/staff', { username: 'boot1', role: 'admin' });
    expect(Object.keys(made.body).sort()).toEqual(['oneTimePassword', 'totpUri', 'username']);
    expect(made.body.totpUri).toMatch(/^otpauth:\/\/totp\/Krapao%3Aboot1\?secret=[A-Z2-7]{32}&/);
    const secret = new URL(made.body.totpUri as string).searchParams.get('secret')!;
    const noCode = await con('POST', '/api/console/session', undefined, {
      username: 'boot1',
      password: made.body.oneTimePassword,
    });
    expectError(noCode, 401, 'UNAUTHORIZED');
    const first = await con('POST', '/api/console/session', undefined, {
      username: 'boot1',
      password: made.body.oneTimePassword,
      code: totpCode(secret, stepAt(t.clock.now())),
    });
    expect(first.body).toMatchObject({ mustChangePassword: true, mustEnrolTotp: false });
    const token = first.body.token as string;
    expectError(await con('GET', '/api/console/staff', token), 403, 'PASSWORD_CHANGE_REQUIRED');
    expect((await con('GET', '/api/console/me', token)).body).toMatchObject({
      username: 'boot1',
      role: 'admin',
      mustChangePassword: true,
    });
    for (const [weak, code] of [
      ['short pass', 'STAFF_PASSWORD_TOO_SHORT'],
      ['🔑🔑🔑🔑🔑🔑', 'STAFF_PASSWORD_TOO_SHORT'], // 12 UTF-16 units, but 6 characters
      ['password2024!', 'PASSWORD_TOO_WEAK'],
      ['111111111111111', 'PASSWORD_TOO_WEAK'],
    ])
      expectError(
        await con('POST', '/api/console/password', token, {
          oldPassword: made.body.oneTimePassword,
          newPassword: weak,
        }),
        400,
        code!,
      );
    await con('POST', '/api/console/password', token, {
      oldPassword: made.body.oneTimePassword,
      newPassword: 'boot one passphrase',
    });
    expect((await con('GET', '/api/console/staff', token)).status).toBe(200);
    const list = await ops('GET', '/api/ops/staff');
    expect((list.body.items as { username: string }[]).map((s) => s.username)).toContain('boot1');
  });

  it('[console] a console-made staff member enrols TOTP by QR first; recovery codes work once', async () => {
    const admin = await staff('admin');
    const made = await con('POST', '/api/console/staff', admin.token, {
      username: 'newbie',
      role: 'support',
    });
    expect(made.status).toBe(200);
    const first = await con('POST', '/api/console/session', undefined, {
      username: 'newbie',
      password: made.body.oneTimePassword,
    });
    expect(first.body).toMatchObject({ mustChangePassword: true, mustEnrolTotp: true });
    const token = first.body.token as string;
    expectError(await con('GET', '/api/console/members?q=x', token), 403, 'ENROLMENT_REQUIRED');
    const enrol = await con('POST', '/api/console/totp/enrol', token);
    expect(enrol.body.qrSvg).toMatch(/^<svg/);
    expect(enrol.body.uri).toContain(`secret=${enrol.body.secret}`);
    const secret = enrol.body.secret as string;
    const confirmed = await con('POST', '/api/console/totp/confirm', token, {
      code: totpCode(secret, stepAt(t.clock.now())),
    });
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    await con('POST', '/api/console/password', token, {
      oldPassword: made.body.oneTimePassword,
      newPassword: 'newbie own passphrase',
    });
    const newbie = { username: 'newbie', password: 'newbie own passphrase', secret, token };
    expect((await signIn(newbie, codes[0])).status).toBe(200);
    expectError(await signIn(newbie, codes[0]), 401, 'UNAUTHORIZED');
    expect((await signIn(newbie, codes[1]!.replace('-', '').toLowerCase())).status).toBe(200);
  });

  it('[console] a TOTP code is usable once, one step either side; two steps old is refused', async () => {
    const s = await staff('support');
    const code = codeOf(s);
    expect((await signIn(s, code)).status).toBe(200);
    expectError(await signIn(s, code), 401, 'UNAUTHORIZED');
    nextStep();
    expect((await signIn(s, codeOf(s, -1))).status).toBe(401); // the step already used
    expect((await signIn(s, codeOf(s, -2))).status).toBe(401);
    expect((await signIn(s, codeOf(s))).status).toBe(200);
    nextStep();
    expect((await signIn(s, codeOf(s, 1))).status).toBe(200);
    expectError(await signIn({ ...s, password: 'wrong password!!' }), 401, 'UNAUTHORIZED');
  });

  it('[console] sessions: new token each sign-in, 30 min idle, 12 h absolute, ended by disabling and by a role change', async () => {
    const admin = await staff('admin');
    const s = await staff('support');
    const again = await signIn(s);
    expect(again.body.token).not.toBe(s.token);
    t.clock.advance(29 * 60_000);
    expect((await con('GET', '/api/console/me', s.token)).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await con('GET', '/api/console/me', again.body.token as string)).status).toBe(401);
    // Kept alive every 29 minutes, the session still ends at 12 hours.
    const long = (await signIn(s)).body.token as string;
    for (let m = 0; m < 12 * 60 - 29; m += 29) {
      t.clock.advance(29 * 60_000);
      expect((await con('GET', '/api/console/me', long)).status).toBe(200);
    }
    t.clock.advance(29 * 60_000);
    expectError(await con('GET', '/api/console/me', long), 401, 'UNAUTHORIZED');

    // The sessions left past their end are deleted by the hourly sweep; a live one stays.
    const staffSessions = async () =>
      Number(
        (
          await t.db.query<{ n: bigint }>(
            'select count(*) as n from staff_sessions s join staff f on f.id = s.staff_id where f.username = $1',
            [s.username],
          )
        )[0]!.n,
      );
    nextStep();
    const live = (await signIn(s)).body.token as string;
    expect(await staffSessions()).toBe(2); // the first sign-in's, idle since its 29th minute, and this one
    expect((await t.app.sweepSessions()).staff).toBeGreaterThanOrEqual(1);
    expect(await staffSessions()).toBe(1);
    expect((await con('GET', '/api/console/me', live)).status).toBe(200);
    nextStep();

    const open = (await signIn(s)).body.token as string;
    expect((await con('GET', '/api/console/members?q=0', open)).status).toBe(200);
    const adminToken = (await signIn(admin)).body.token as string;
    expect((await con('POST', `/api/console/staff/${s.username}/disable`, adminToken, {})).status).toBe(200);
    expectError(await con('GET', '/api/console/members?q=0', open), 401, 'UNAUTHORIZED');
    nextStep();
    expectError(await signIn(s), 401, 'UNAUTHORIZED');

    const r = await staff('risk');
    const rOpen = (await signIn(r)).body.token as string;
    expect((await ops('POST', `/api/ops/staff/${r.username}/role`, { role: 'auditor' })).body).toMatchObject({
      role: 'auditor',
    });
    expectError(await con('GET', '/api/console/me', rOpen), 401, 'UNAUTHORIZED');
  });

  it('[console] sign-in failures are limited like member logins', async () => {
    const s = await staff('support');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push((await signIn({ ...s, password: `wrong password ${i}` })).status);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });
});

/** Bodies, parameters and queries no route should take: each must be refused with a 4xx, never a 5xx. */
const HOSTILE_VALUES: unknown[] = [
  null,
  '',
  'x'.repeat(10_000),
  '\u0000',
  '\uD800',
  -1,
  1e308,
  1e-9,
  NaN,
  [],
  {},
  { __proto__: { admin: true } },
  "' or 1=1 --",
];
/** encodeURIComponent, but a lone surrogate (which it refuses) is sent as its raw UTF-8 bytes. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};
const fill = (url: string, value: string) => url.replace(/:(\w+)/g, () => encode(value));

describe('console: roles [console]', () => {
  // Every route times every role: with the queues' and chat's routes, well over the default 30 s on a busy machine.
  it(
    '[console] every console route: no token and a member token are refused; each role gets exactly its table',
    { timeout: 180_000 },
    async () => {
      const routes = [...CONSOLE_ROUTES];
      expect(routes.length).toBeGreaterThanOrEqual(20);
      // Registered outside consoleRoutes() a route would have no permission and no staff check.
      expect(routes.filter(([, p]) => p === undefined)).toEqual([]);
      // The dashboard's figures: admin, finance and the auditor read them, nobody else.
      expect(CONSOLE_ROUTES.get('GET /api/console/dashboard')).toBe('dashboard.read');
      expect(STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('dashboard.read'))).toEqual([
        'finance',
        'admin',
        'auditor',
      ]);
      const member = await registerAndLogin(t.app);
      const byRole = new Map<StaffRole, Staff>();
      for (const role of STAFF_ROLES) byRole.set(role, await staff(role));
      for (const [key, permission] of routes) {
        const [method, url] = key.split(' ') as [string, string];
        const path = fill(url, 'NOSUCH');
        if (permission === 'public') continue;
        expectError(await con(method, path), 401, 'UNAUTHORIZED');
        expectError(await con(method, path, member.token), 401, 'UNAUTHORIZED');
        for (const role of STAFF_ROLES) {
          if (permission === 'self') continue;
          const answer = await con(method, path, byRole.get(role)!.token, method === 'GET' ? undefined : {});
          const allowed = (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission!);
          if (allowed)
            expect([key, role, answer.status === 403 && answer.body.message === 'FORBIDDEN']).toEqual([
              key,
              role,
              false,
            ]);
          else expect([key, role, answer.body]).toEqual([key, role, { message: 'FORBIDDEN' }]);
        }
      }
      // A staff token on a member route is no member session.
      const support = byRole.get('support')!;
      expectError(
        await call(t.app, 'GET', '/api/account/profile', { token: support.token }),
        401,
        'invalid-token',
      );
      const me = await con('GET', '/api/console/me', byRole.get('auditor')!.token);
      expect(me.body.permissions).toContain('audit.read');
      expect(me.body.permissions).not.toContain('members.freeze');
      // Refusals are audited.
      const refused = await con(
        'GET',
        '/api/console/audit?action=permission.refused&limit=5',
        byRole.get('admin')!.token,
      );
      expect((refused.body.items as unknown[]).length).toBeGreaterThan(0);
    },
  );

  it('[console] the operator API holds service accounts to the same table', async () => {
    const promo = 'marketing-token-for-tests';
    expectError(await ops('GET', '/api/ops/withdrawals', undefined, promo), 403, 'FORBIDDEN');
    expect((await ops('GET', '/api/ops/bonuses', undefined, promo)).status).toBe(200);
    expectError(
      await ops('POST', '/api/ops/staff', { username: 'sneaky', role: 'admin' }, promo),
      403,
      'FORBIDDEN',
    );
    const books = 'auditor-token-for-tests';
    expect((await ops('GET', '/api/ops/withdrawals', undefined, books)).status).toBe(200);
    expectError(await ops('POST', '/api/ops/withdrawals/W1/approve', undefined, books), 403, 'FORBIDDEN');
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from staff_audit where actor = 'service:promo' and action = 'permission.refused'`,
    );
    expect(row!.n).toBe(2);
  });

  it('[console] hostile input on every console endpoint: no 5xx', async () => {
    const admin = await staff('admin');
    const statuses: string[] = [];
    for (const [key] of CONSOLE_ROUTES) {
      const [method, url] = key.split(' ') as [string, string];
      for (const value of HOSTILE_VALUES) {
        const asText = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        const path = fill(url, asText.slice(0, 300) || 'x');
        const v = encode(asText);
        const query = `?q=${v}&status=${v}&limit=${v}&before=${v}&from=${v}&actor=${v}&action=${v}&memberId=${v}`;
        const res = await t.app.inject({
          method: method as 'GET',
          url: path + query,
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
          ...(method === 'GET'
            ? {}
            : {
                payload: JSON.stringify({
                  username: value,
                  password: value,
                  code: value,
                  role: value,
                  phone: value,
                  amount: value,
                  reason: value,
                  oldPassword: value,
                  newPassword: value,
                }),
              }),
        });
        if (res.statusCode >= 500) statuses.push(`${key} ${asText.slice(0, 20)} ${res.statusCode}`);
      }
    }
    expect(statuses).toEqual([]);
  });

  it('[console] the operator API refuses out-of-range programme numbers with 400 INVALID_REQUEST', async () => {
    const bonus = {
      code: 'RANGE1',
      currency: 'BAHT',
      name: { th: 'x', la: 'x', en: 'x' },
      type: 'limit',
      maxReceived: 1,
      reward: { kind: 'percent', percent: 10, max: 100 },
      percentSuccess: 0,
      percentFail: 10,
    };
    expectError(
      await ops('POST', '/api/ops/bonuses', {
        ...bonus,
        reward: { kind: 'percent', percent: 1e-9, max: 100 },
      }),
      400,
      'INVALID_REQUEST',
    );
    expectError(await ops('POST', '/api/ops/bonuses', { ...bonus, sort: 1e10 }), 400, 'INVALID_REQUEST');
    const promotion = {
      ...bonus,
      code: 'RANGEP',
      description: { en: 'x' },
      type: undefined,
      maxReceived: undefined,
    };
    expectError(
      await ops('POST', '/api/ops/promotions', { ...promotion, totalCap: 1e10 }),
      400,
      'INVALID_REQUEST',
    );
    const coinRule = await call(t.app, 'PUT', '/api/ops/spin/coin-rule', {
      token: OPS_TOKEN,
      body: { currency: 'BAHT', amountPerCoin: 100, maxPerDeposit: 1e10 },
    });
    expectError(coinRule, 400, 'INVALID_REQUEST');
    expect((await ops('POST', '/api/ops/bonuses', bonus)).status).toBe(200);
  });
});

describe('console: four-eyes [console]', () => {
  it('[console] a manual credit waits for another approver; 20 approvals at once execute it once; the maker cannot approve', async () => {
    const maker = await staff('finance');
    const checker = await staff('finance');
    const admin = await staff('admin');
    const m = await fundedMember(500);
    const asked = await con('POST', '/api/console/adjustments', maker.token, {
      phone: m.reg.username,
      amount: 123.45,
      reason: 'goodwill',
    });
    expect(asked.body).toMatchObject({ status: 'AWAITING_APPROVAL' });
    const id = asked.body.id as string;
    expect(await walletAmount(t.app, m.token)).toBe(500);
    expectError(await con('POST', `/api/console/approvals/${id}/approve`, maker.token, {}), 403, 'FOUR_EYES');
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        con('POST', `/api/console/approvals/${id}/approve`, (i % 2 ? checker : admin).token, {}),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409, 'ALREADY_DECIDED');
    expect(await walletAmount(t.app, m.token)).toBe(623.45);
    const list = await con('GET', '/api/console/approvals?status=APPROVED', admin.token);
    expect((list.body.items as { id: string }[]).map((x) => x.id)).toContain(id);
    await expectLedgerSound(t.db);
  });

  it('[console] a debit, a rejection and an expiry: rejected and expired requests change nothing', async () => {
    const maker = await staff('finance');
    const checker = await staff('finance');
    const m = await fundedMember(300);
    // More than the wallet holds is refused to the maker, before any second person sees it.
    expectError(
      await con('POST', '/api/console/adjustments', maker.token, {
        phone: m.reg.username,
        amount: -300.01,
        reason: 'fee',
      }),
      400,
      'MONEY_NOT_ENOUGH',
    );
    const debit = await con('POST', '/api/console/adjustments', maker.token, {
      phone: m.reg.username,
      amount: -100,
      reason: 'fee',
    });
    const rejected = await con('POST', '/api/console/adjustments', maker.token, {
      phone: m.reg.username,
      amount: 50,
      reason: 'x',
    });
    await con('POST', `/api/console/approvals/${rejected.body.id}/reject`, checker.token, {
      reason: 'no such goodwill credit was agreed',
    });
    // The audit says what the rejection made of the request, and why.
    const [rejection] = await t.db.query<{ actor: string; after: unknown }>(
      `select actor, after from staff_audit where action = 'approval.reject.adjustment' and target = $1`,
      [rejected.body.id],
    );
    expect(rejection).toEqual({
      actor: checker.username,
      after: { status: 'REJECTED', reason: 'no such goodwill credit was agreed' },
    });
    expectError(
      await con('POST', `/api/console/approvals/${rejected.body.id}/approve`, checker.token, {}),
      409,
      'ALREADY_DECIDED',
    );
    const expiring = await con('POST', '/api/console/adjustments', maker.token, {
      phone: m.reg.username,
      amount: 70,
      reason: 'late',
    });
    expect(
      (await con('POST', `/api/console/approvals/${debit.body.id}/approve`, checker.token, {})).status,
    ).toBe(200);
    t.clock.advance(24 * 60 * 60_000 + 1);
    const fresh = await signIn(checker);
    expectError(
      await con('POST', `/api/console/approvals/${expiring.body.id}/approve`, fresh.body.token as string, {}),
      409,
      'ALREADY_DECIDED',
    );
    expect(await walletAmount(t.app, (await relogin(m)).token)).toBe(200);
  });

  it("[console] a withdrawal above console.approvalAboveMinor is never paid alone: the operator's approval asks a second one", async () => {
    await t.db.query(
      `insert into settings (key, value) values ('console.approvalAboveMinor', '{"BAHT": 100000}')
       on conflict (key) do update set value = excluded.value`,
    );
    try {
      await setPayoutMode(t.app, 'pay');
      const checker = await staff('finance');
      const m = await fundedMember(5_000);
      const small = await withdraw(t.app, m.token, 1_000);
      const large = await withdraw(t.app, m.token, 1_000.01);
      const id = large.body.withdrawalId as string;
      expect(
        await eventually(
          () => withdrawalStatus(t.db, small.body.withdrawalId as string),
          (s) => s === 'PAID',
        ),
      ).toBe('PAID');
      // The reconciler does not send it either.
      t.clock.advance(60_000);
      await t.app.reconcilePayouts();
      expect(await withdrawalStatus(t.db, id)).toBe('PENDING');
      const fresh = (await signIn(checker)).body.token as string;
      type Queued = { withdrawalId: string; approvalId: string | null; needsSecondApproval: boolean };
      const queued = async () =>
        ((await con('GET', '/api/console/queues/withdrawals', fresh)).body.items as Queued[]).find(
          (w) => w.withdrawalId === id,
        );
      // Before anyone approves it, the queue says that approving it asks a second person.
      expect(await queued()).toMatchObject({ approvalId: null, needsSecondApproval: true });
      // Read against the amount set now: above 1,000.01 one approval would pay it.
      await t.db.query(
        `update settings set value = '{"BAHT": 100001}' where key = 'console.approvalAboveMinor'`,
      );
      expect(await queued()).toMatchObject({ approvalId: null, needsSecondApproval: false });
      await t.db.query(
        `update settings set value = '{"BAHT": 100000}' where key = 'console.approvalAboveMinor'`,
      );
      const asked = await ops('POST', `/api/ops/withdrawals/${id}/approve`);
      expect(asked.body).toMatchObject({ withdrawalId: id, status: 'AWAITING_APPROVAL' });
      const again = await ops('POST', `/api/ops/withdrawals/${id}/approve`);
      expect(again.body.approvalId).toBe(asked.body.approvalId);
      expect(await withdrawalStatus(t.db, id)).toBe('PENDING');
      // The console's queue says which withdrawal waits on a second person, and on which request.
      const queue = await con('GET', '/api/console/queues/withdrawals', fresh);
      const rows = queue.body.items as Queued[];
      expect(rows.find((w) => w.withdrawalId === id)?.approvalId).toBe(asked.body.approvalId);
      expect(rows.find((w) => w.withdrawalId === small.body.withdrawalId)).toBeUndefined();
      // The approver reads where the money would go.
      const listed = (await con('GET', '/api/console/approvals', fresh)).body.items as {
        id: string;
        subject: { paysTo: unknown } | null;
      }[];
      expect(listed.find((a) => a.id === asked.body.approvalId)?.subject?.paysTo).toEqual({
        bankCode: m.reg.bankCode,
        accountNo: m.reg.bankAccountNo,
        accountName: m.reg.bankAccountName,
      });
      expect(
        (await con('POST', `/api/console/approvals/${asked.body.approvalId}/approve`, fresh, {})).status,
      ).toBe(200);
      expect(
        await eventually(
          () => withdrawalStatus(t.db, id),
          (s) => s === 'PAID',
        ),
      ).toBe('PAID');
      await expectLedgerSound(t.db);
    } finally {
      await t.db.query(`delete from settings where key = 'console.approvalAboveMinor'`);
    }
  });

  it('[console] a staff change of a payout account waits for a second staff member, then holds new withdrawals', async () => {
    const maker = await staff('finance');
    const checker = await staff('finance');
    const m = await fundedMember(1_000);
    const other = await registerAndLogin(t.app);
    const newAccount = freshAccountNo();
    const asked = await con('POST', `/api/console/members/${m.id}/payout-account`, maker.token, {
      bankCode: 'SCB',
      bankAccountNo: newAccount,
      bankAccountName: 'TEST MEMBER',
      reason: 'member called from their phone',
    });
    expect(asked.body).toMatchObject({ status: 'AWAITING_APPROVAL' });
    expectError(
      await con('POST', `/api/console/members/${m.id}/payout-account`, maker.token, {
        bankCode: 'KBANK',
        bankAccountNo: other.reg.bankAccountNo,
        bankAccountName: 'X',
        reason: 'x',
      }),
      409,
      'EXISTING_BANK',
    );
    const before = await con('GET', `/api/console/members/${m.id}`, checker.token);
    expect(before.body.bankAccount).toMatchObject({ accountNo: m.reg.bankAccountNo });
    // The approver's list shows the member as they are now beside the account asked for.
    const listed = (await con('GET', '/api/console/approvals', checker.token)).body.items as {
      id: string;
      payload: Record<string, unknown>;
      subject: unknown;
    }[];
    const request = listed.find((a) => a.id === asked.body.id);
    expect(request?.payload).toMatchObject({ bankCode: 'SCB', bankAccountNo: newAccount });
    expect(request?.subject).toEqual({
      name: m.reg.name,
      phone: m.reg.username,
      account: {
        bankCode: m.reg.bankCode,
        accountNo: m.reg.bankAccountNo,
        accountName: m.reg.bankAccountName,
      },
      paysTo: null,
      sinceDeposit: null,
    });
    expectError(
      await con('POST', `/api/console/approvals/${asked.body.id}/approve`, maker.token, {}),
      403,
      'FOUR_EYES',
    );
    expect(
      (await con('POST', `/api/console/approvals/${asked.body.id}/approve`, checker.token, {})).status,
    ).toBe(200);
    const after = await con('GET', `/api/console/members/${m.id}`, checker.token);
    expect(after.body.bankAccount).toEqual({
      bankCode: 'SCB',
      accountNo: newAccount,
      accountName: 'TEST MEMBER',
    });
    const w = await withdraw(t.app, m.token, 200);
    const [held] = await t.db.query<{ held_for: string }>(
      'select held_for from withdrawals where public_id = $1',
      [w.body.withdrawalId],
    );
    expect(held!.held_for).toBe('NEW_ACCOUNT');
  });

  it('[console] a payout-account request for the account the member has is refused; a bad one before any code is asked', async () => {
    const maker = await staff('finance');
    const m = await fundedMember(500);
    const detail = (await con('GET', `/api/console/members/${m.id}`, maker.token)).body as {
      bankAccount: { bankCode: string; accountNo: string; accountName: string };
    };
    const ask = (over: Record<string, string>) =>
      con('POST', `/api/console/members/${m.id}/payout-account`, maker.token, {
        bankCode: detail.bankAccount.bankCode,
        bankAccountNo: detail.bankAccount.accountNo,
        bankAccountName: detail.bankAccount.accountName,
        reason: 'member called',
        ...over,
      });
    expectError(await ask({}), 400, 'PAYOUT_ACCOUNT_SAME');
    // Past the step-up window: a request the server would refuse anyway says why, not "give a code".
    t.clock.advance(5 * 60_000 + 1);
    expect((await ask({ bankAccountNo: '12' })).body.message).not.toBe('STEP_UP_REQUIRED');
    expect((await ask({ bankAccountNo: '12' })).status).toBe(400);
    expectError(
      await con('POST', '/api/console/adjustments', maker.token, {
        phone: m.reg.username,
        amount: -501,
        reason: 'x',
      }),
      400,
      'MONEY_NOT_ENOUGH',
    );
    // A corrected name on the same account is a change, and holds nothing once approved.
    const named = await ask({ bankAccountName: 'TEST MEMBER CORRECTED', code: codeOf(maker) });
    expect(named.body).toMatchObject({ status: 'AWAITING_APPROVAL' });
    nextStep();
    const checker = await staff('admin');
    expect(
      (await con('POST', `/api/console/approvals/${named.body.id}/approve`, checker.token, {})).status,
    ).toBe(200);
    const w = await withdraw(t.app, m.token, 100);
    const [row] = await t.db.query<{ held_for: string | null }>(
      'select held_for from withdrawals where public_id = $1',
      [w.body.withdrawalId],
    );
    expect(row!.held_for).not.toBe('NEW_ACCOUNT');
  });

  it('[console] money actions need a TOTP code given in the last 5 minutes', async () => {
    const maker = await staff('finance');
    const m = await fundedMember(100);
    t.clock.advance(5 * 60_000 + 1);
    const fresh = (await signIn(maker)).body.token as string; // the sign-in's code counts
    t.clock.advance(5 * 60_000 + 1);
    expectError(
      await con('POST', '/api/console/adjustments', fresh, { phone: m.reg.username, amount: 1, reason: 'x' }),
      401,
      'STEP_UP_REQUIRED',
    );
    expectError(
      await con('POST', '/api/console/adjustments', fresh, {
        phone: m.reg.username,
        amount: 1,
        reason: 'x',
        code: '000000',
      }),
      401,
      'STEP_UP_REQUIRED',
    );
    const ok = await con('POST', '/api/console/adjustments', fresh, {
      phone: m.reg.username,
      amount: 1,
      reason: 'x',
      code: codeOf(maker),
    });
    expect(ok.status).toBe(200);
  });

  it('[console] the same adjustment for a member, asked again while the first waits, is refused: approved twice it would move the money twice', async () => {
    const [maker, other, checker] = [await staff('finance'), await staff('finance'), await staff('admin')];
    const m = await fundedMember(100);
    const ask = (who: Staff, amount: number) =>
      con('POST', '/api/console/adjustments', who.token, {
        phone: m.reg.username,
        amount,
        reason: 'goodwill',
      });
    // Two staff members answering the same call at once: one request.
    const both = await Promise.all([ask(maker, 50), ask(other, 50)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expectError(
      both.find((a) => a.status === 409)!,
      409,
      'APPROVAL_PENDING',
    );
    // Another amount is another request.
    expect((await ask(maker, 20)).status).toBe(200);
    const waiting = (await con('GET', '/api/console/approvals', checker.token)).body.items as {
      id: string;
      payload: { memberId: string; amount: number };
    }[];
    const mine = waiting.filter((a) => a.payload.memberId === m.id);
    expect(mine.map((a) => a.payload.amount).sort()).toEqual([20, 50]);
    // Once decided, the same amount may be asked again.
    const fifty = mine.find((a) => a.payload.amount === 50)!;
    expect((await con('POST', `/api/console/approvals/${fifty.id}/approve`, checker.token, {})).status).toBe(
      200,
    );
    expect((await ask(other, 50)).status).toBe(200);
    expect(await walletAmount(t.app, m.token)).toBe(150);
  });

  it('[console] wrong step-up codes are audited, and past the limit the session ends', async () => {
    const [maker, admin] = [await staff('finance'), await staff('admin')];
    const m = await fundedMember(100);
    t.clock.advance(5 * 60_000 + 1);
    const ask = (code: string) =>
      con('POST', '/api/console/adjustments', maker.token, {
        phone: m.reg.username,
        amount: 1,
        reason: 'x',
        code,
      });
    const wrong = (n: number) => String((Number(codeOf(maker)) + 1 + n) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < STEP_UP_FAILURES; i++) expectError(await ask(wrong(i)), 401, 'STEP_UP_REQUIRED');
    // One more wrong code: the session is over; the right code no longer helps it.
    expectError(await ask(wrong(STEP_UP_FAILURES)), 401, 'UNAUTHORIZED');
    expectError(await ask(codeOf(maker)), 401, 'UNAUTHORIZED');
    expectError(await con('GET', '/api/console/me', maker.token), 401, 'UNAUTHORIZED');
    const rows = await con('GET', `/api/console/audit?actor=${maker.username}&limit=20`, admin.token);
    const actions = (rows.body.items as { action: string }[]).map((r) => r.action);
    expect(actions.filter((a) => a === 'step-up.failed')).toHaveLength(STEP_UP_FAILURES);
    expect(actions).toContain('step-up.locked');
    expect(await walletAmount(t.app, m.token)).toBe(100);
  });

  it('[console] no admin is made by one admin: creating one is refused, creating, disabling and asking a role change need a fresh TOTP code', async () => {
    const admin = await staff('admin');
    const before = ((await ops('GET', '/api/ops/staff')).body.items as unknown[]).length;
    expectError(
      await con('POST', '/api/console/staff', admin.token, { username: 'shadow', role: 'admin' }),
      400,
      'ADMIN_BY_PROMOTION',
    );
    expect(((await ops('GET', '/api/ops/staff')).body.items as unknown[]).length).toBe(before);

    // Past the sign-in's five minutes: each asks for a code, and nothing changes without it.
    const other = await staff('support');
    t.clock.advance(5 * 60_000 + 1);
    expectError(
      await con('POST', '/api/console/staff', admin.token, { username: 'late.one', role: 'support' }),
      401,
      'STEP_UP_REQUIRED',
    );
    expectError(
      await con('POST', `/api/console/staff/${other.username}/disable`, admin.token, {}),
      401,
      'STEP_UP_REQUIRED',
    );
    expectError(
      await con('POST', `/api/console/staff/${other.username}/role`, admin.token, { role: 'admin' }),
      401,
      'STEP_UP_REQUIRED',
    );
    expect((await con('GET', '/api/console/me', other.token)).status).toBe(200);
    expect(((await ops('GET', '/api/ops/staff')).body.items as unknown[]).length).toBe(before + 1);
    const made = await con('POST', '/api/console/staff', admin.token, {
      username: 'late.one',
      role: 'support',
      code: codeOf(admin),
    });
    expect(made.status).toBe(200);
    // The code given counts for five minutes: the disable that follows needs none.
    expect((await con('POST', `/api/console/staff/${other.username}/disable`, admin.token, {})).status).toBe(
      200,
    );
    expectError(await con('GET', '/api/console/me', other.token), 401, 'UNAUTHORIZED');
  });

  it('[console] who may not decide a money request is told so before any code is asked, and it is audited; the maker hears FOUR_EYES', async () => {
    const maker = await staff('finance');
    const auditor = await staff('auditor');
    const m = await fundedMember(100);
    const asked = await con('POST', '/api/console/adjustments', maker.token, {
      phone: m.reg.username,
      amount: 5,
      reason: 'goodwill',
    });
    expect(asked.body).toMatchObject({ status: 'AWAITING_APPROVAL' });
    // Past every sign-in's five minutes: a code would be due from whoever may decide.
    t.clock.advance(5 * 60_000 + 1);
    const approve = (s: Staff) => con('POST', `/api/console/approvals/${asked.body.id}/approve`, s.token, {});
    expectError(await approve(auditor), 403, 'FORBIDDEN');
    expectError(await approve(maker), 403, 'FOUR_EYES');
    const [refused] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from staff_audit where actor = $1 and action = 'permission.refused'
       and target like $2`,
      [auditor.username, `approval ${asked.body.id as string}%`],
    );
    expect(refused!.n).toBe(1);
    expect(await walletAmount(t.app, m.token)).toBe(100);
  });

  it('[console] a role change is a request an admin other than the maker approves; the sessions end', async () => {
    const a1 = await staff('admin');
    const a2 = await staff('admin');
    const s = await staff('support');
    const asked = await con('POST', `/api/console/staff/${s.username}/role`, a1.token, { role: 'risk' });
    expect(asked.body).toMatchObject({ status: 'AWAITING_APPROVAL' });
    expect((await con('GET', '/api/console/me', s.token)).body).toMatchObject({ role: 'support' });
    expectError(
      await con('POST', `/api/console/approvals/${asked.body.id}/approve`, a1.token, {}),
      403,
      'FOUR_EYES',
    );
    const finance = await staff('finance');
    expectError(
      await con('POST', `/api/console/approvals/${asked.body.id}/approve`, finance.token, {}),
      403,
      'FORBIDDEN',
    );
    expect((await con('POST', `/api/console/approvals/${asked.body.id}/approve`, a2.token, {})).status).toBe(
      200,
    );
    expectError(await con('GET', '/api/console/me', s.token), 401, 'UNAUTHORIZED');
    nextStep();
    const back = await signIn(s);
    expect((await con('GET', '/api/console/me', back.body.token as string)).body).toMatchObject({
      role: 'risk',
    });
  });
});

async function relogin(m: { reg: { username: string; password: string } }) {
  const res = await call(t.app, 'POST', '/api/login', {
    body: { username: m.reg.username, password: m.reg.password, isRemember: false },
  });
  return { token: res.body.token as string };
}

describe('console: audit [console]', () => {
  it('[console] the audit refuses UPDATE, DELETE and TRUNCATE; a row changed behind the triggers is found', async () => {
    await staff('admin'); // some rows
    await expect(t.db.query(`update staff_audit set actor = 'nobody'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`delete from staff_audit`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`truncate staff_audit`)).rejects.toThrow(/append-only/);
    expect((await verifyAudit(t.db)).broken).toBeUndefined();
    const [victim] = await t.db.query<{ id: string }>(
      'select id::text as id from staff_audit order by id limit 1 offset 2',
    );
    await t.db.tx(async (q) => {
      await q.query('set local session_replication_role = replica');
      await q.query(`update staff_audit set actor = 'someone else' where id = $1`, [victim!.id]);
    });
    expect((await verifyAudit(t.db)).broken).toEqual({ id: victim!.id, reason: 'hash' });
    if (onPostgres) {
      // `npm run ops -- audit-verify` reads the database itself and names the row.
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../scripts/ops.mjs', import.meta.url)), 'audit-verify'],
        {
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: t.databaseUrl },
        },
      );
      expect(run.stdout).toContain(`BROKEN at audit row ${victim!.id}`);
      expect(run.status).toBe(1);
    }
  });

  it('[console] GET /audit filters by who, what, member and time, and exports CSV', async () => {
    const admin = await staff('admin');
    const risk = await staff('risk');
    const m = await registerAndLogin(t.app);
    await con('POST', `/api/console/members/${m.id}/freeze`, risk.token, { reason: 'check =1+1' });
    const byMember = await con('GET', `/api/console/audit?memberId=${m.id}`, admin.token);
    expect(byMember.body.items).toEqual([
      expect.objectContaining({
        actor: risk.username,
        action: 'member.freeze',
        before: { status: 'active', reason: null },
        after: { status: 'frozen', reason: 'check =1+1' },
      }),
    ]);
    const byActor = await con('GET', `/api/console/audit?actor=${risk.username}&action=sign-in`, admin.token);
    expect((byActor.body.items as { action: string }[]).every((r) => r.action.startsWith('sign-in'))).toBe(
      true,
    );
    const future = await con('GET', `/api/console/audit?from=2099-01-01T00:00:00Z`, admin.token);
    expect(future.body.items).toEqual([]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/console/audit.csv?memberId=${m.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // A byte order mark first (Excel then reads Thai notes right), times in the operator's UTC+7.
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFid,at,actor,action,target,before,after,ip');
    expect(csv.body).toContain('member.freeze');
    const freezeLine = csv.body.split('\r\n').find((l) => l.includes('member.freeze'))!;
    const at = freezeLine.split(',')[1]!;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    const listed = (await con('GET', `/api/console/audit?memberId=${m.id}&action=member.freeze`, admin.token))
      .body.items as { at: string }[];
    expect(Date.parse(at)).toBe(Math.floor(Date.parse(listed[0]!.at) / 1000) * 1000);
    const page = await con('GET', '/api/console/audit?limit=2', admin.token);
    expect(page.body.nextBefore).toEqual((page.body.items as { id: string }[])[1]!.id);
  });
});

describe('console: members and freeze [console]', () => {
  it('[console] member search by phone, name, account number, member id and reference; the detail', async () => {
    const support = await staff('support');
    const m = await fundedMember(250);
    // The phone also as the console shows it and with the country code; the member id in any case.
    const phone = m.reg.username;
    const shown = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    const abroad = `+66 ${phone.slice(1, 3)} ${phone.slice(3)}`;
    for (const q of [phone, shown, abroad, m.reg.bankAccountNo, m.id, m.id.toLowerCase()]) {
      const found = await con('GET', `/api/console/members?q=${encodeURIComponent(q)}`, support.token);
      expect((found.body.items as { memberId: string }[]).map((x) => x.memberId)).toContain(m.id);
    }
    const [dep] = await t.db.query<{ reference: string }>(
      `select d.reference from deposits d join members x on x.id = d.member_id where x.public_id = $1 and d.reference is not null`,
      [m.id],
    );
    if (dep) {
      const found = await con(
        'GET',
        `/api/console/members?q=${encodeURIComponent(dep.reference)}`,
        support.token,
      );
      expect((found.body.items as { memberId: string }[]).map((x) => x.memberId)).toContain(m.id);
    }
    const detail = await con('GET', `/api/console/members/${m.id}`, support.token);
    expect(detail.body).toMatchObject({
      profile: { memberId: m.id, phone: m.reg.username, status: 'ACTIVE' },
      bankAccount: { accountNo: m.reg.bankAccountNo },
      wallet: { balance: 250 },
      frozen: false,
    });
    expectError(await con('GET', '/api/console/members/NOSUCH', support.token), 404, 'NO_USER');
  });

  it('[console] a freeze during a burst of withdrawals: nothing after it moves money, the ledger holds', async () => {
    const risk = await staff('risk');
    const m = await fundedMember(10_000);
    const burst = Array.from({ length: 30 }, () =>
      call(t.app, 'POST', '/api/wallet/withdraw', {
        token: m.token,
        body: { amount: 100 },
        headers: { 'Idempotency-Key': newKey() },
      }),
    );
    const frozen = con('POST', `/api/console/members/${m.id}/freeze`, risk.token, { reason: 'fraud check' });
    const answers = await Promise.all(burst);
    expect((await frozen).status).toBe(200);
    for (const a of answers) expect([200, 403, 401]).toContain(a.status);
    const [{ n: entries }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from journal_entries j join members x on x.id = j.member_id where x.public_id = $1`,
      [m.id],
    )) as [{ n: number }];
    // After the freeze: every request refused, and no entry of theirs posts, even from inside. The first
    // request a frozen member makes answers INACTIVE_USER and ends the session; when one of the burst came
    // after the freeze and did that, this one finds no session: invalid-token.
    const late = await call(t.app, 'POST', '/api/wallet/withdraw', {
      token: m.token,
      body: { amount: 100 },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect([
      [403, 'INACTIVE_USER'],
      [401, 'invalid-token'],
    ]).toContainEqual([late.status, late.body.message]);
    const login = await call(t.app, 'POST', '/api/login', {
      body: { username: m.reg.username, password: m.reg.password, isRemember: false },
    });
    expectError(login, 403, 'INACTIVE_USER');
    const [inner] = await t.db.query<{ id: string }>(
      'select id::text as id from members where public_id = $1',
      [m.id],
    );
    await expect(
      post(t.db, {
        kind: 'test',
        reference: `frozen-test-${m.id}`,
        memberId: inner!.id,
        at: t.clock.now(),
        lines: [
          { account: memberAccount('member_wallet', inner!.id), amount: -1n },
          { account: 'house:adjustments', amount: 1n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'INACTIVE_USER' });
    const [{ n: after }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from journal_entries j join members x on x.id = j.member_id where x.public_id = $1`,
      [m.id],
    )) as [{ n: number }];
    expect(after).toBe(entries);
    await expectLedgerSound(t.db);
    const detail = await con('GET', `/api/console/members/${m.id}`, risk.token);
    expect(detail.body).toMatchObject({ frozen: true, status: 'FROZEN', frozenReason: 'fraud check' });
    expect((await con('POST', `/api/console/members/${m.id}/unfreeze`, risk.token, {})).status).toBe(200);
    const back = await call(t.app, 'POST', '/api/login', {
      body: { username: m.reg.username, password: m.reg.password, isRemember: false },
    });
    expect(back.status).toBe(200);
    const paid = answers.filter((a) => a.status === 200).length;
    expect(await walletAmount(t.app, back.body.token as string)).toBe(10_000 - 100 * paid);
  });
});
