// The console's programmes and settings (issue 19 item 8; modules/*/console.ts): marketing's bonuses,
// promotion codes, wheel, invite and refund rules and agreements; the admin's withdrawal, QR and slip
// settings. Each refused to the wrong role, audited with before and after, seen by members; numbers the
// database would not keep are 400 INVALID_REQUEST, never a 500. On PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@krapao/contract';
import { newStaff } from './console-helpers.ts';
import { bankTransfer, call, expectError, registerAndLogin, useTestApp, withdraw } from './helpers.ts';

const OPS_TOKEN = 'operator-token-for-programme-tests';
const t = useTestApp({ OPS_TOKEN });

/** An answer's body, loosely typed: these tests read what they expect and the assertions check it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
async function con(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Loose }> {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} };
}

/** A signed-in staff member of the role, made as `npm run ops -- staff-add` makes one. */
const staff = (role: StaffRole) => newStaff(t, OPS_TOKEN, role);

/** The newest audit rows of an action, as an admin reads them in the console. */
async function audited(admin: string, action: string) {
  const rows = await con('GET', `/api/console/audit?action=${action}&limit=5`, admin);
  expect(rows.status).toBe(200);
  return rows.body.items as Array<{
    actor: string;
    action: string;
    target: string;
    before: Loose;
    after: Loose;
  }>;
}

const bonus = {
  code: 'CONSOLE1',
  currency: 'BAHT',
  name: { th: 'โบนัสคอนโซล', la: 'ໂບນັດ', en: 'Console bonus' },
  type: 'limit',
  maxReceived: 3,
  reward: { kind: 'percent', percent: 10, max: 100 },
  percentSuccess: 0,
  percentFail: 10,
  sort: 5,
};

describe('console: programmes [console]', () => {
  it('[console] the four out-of-range numbers that answered 500 are 400 INVALID_REQUEST, on the console and the operator API, and change nothing', async () => {
    const marketing = await staff('marketing');
    const bad: Array<[string, string, string, unknown]> = [
      [
        '/api/console/bonuses',
        'POST /api/ops/bonuses',
        'PUT',
        { ...bonus, code: 'RANGEA', reward: { kind: 'percent', percent: 1e-9, max: 100 } },
      ],
      ['/api/console/bonuses', 'POST /api/ops/bonuses', 'PUT', { ...bonus, code: 'RANGEB', sort: 1e10 }],
      [
        '/api/console/promotions',
        'POST /api/ops/promotions',
        'PUT',
        {
          ...bonus,
          code: 'RANGEC',
          description: { en: 'x' },
          type: undefined,
          maxReceived: undefined,
          sort: undefined,
          totalCap: 1e10,
        },
      ],
      [
        '/api/console/wheel/coin-rule',
        'PUT /api/ops/spin/coin-rule',
        'PUT',
        { currency: 'BAHT', amountPerCoin: 100, maxPerDeposit: 1e10 },
      ],
    ];
    for (const [consolePath, opsRoute, method, body] of bad) {
      expectError(await con(method, consolePath, marketing.token, body), 400, 'INVALID_REQUEST');
      const [opsMethod, opsPath] = opsRoute.split(' ') as ['POST' | 'PUT', string];
      expectError(await call(t.app, opsMethod, opsPath, { token: OPS_TOKEN, body }), 400, 'INVALID_REQUEST');
    }
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from bonuses where code in ('RANGEA', 'RANGEB')`,
    );
    expect(row!.n).toBe(0);
    const [promo] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from promotions where code = 'RANGEC'`,
    );
    expect(promo!.n).toBe(0);
  });

  it('[console] marketing saves and switches a bonus: members see it, the audit has before and after; support and finance are refused', async () => {
    const marketing = await staff('marketing');
    const admin = await staff('admin');
    for (const role of ['support', 'finance'] as const) {
      const other = await staff(role);
      expectError(await con('PUT', '/api/console/bonuses', other.token, bonus), 403, 'FORBIDDEN');
      expectError(await con('GET', '/api/console/bonuses', other.token), 403, 'FORBIDDEN');
    }
    const saved = await con('PUT', '/api/console/bonuses', marketing.token, bonus);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 'CONSOLE1', sort: 5, claims: 0, active: true });
    const member = await registerAndLogin(t.app);
    const seen = await call(t.app, 'GET', '/api/bonus', { token: member.token });
    expect((seen.body as unknown as Array<{ code: string }>).map((b) => b.code)).toContain('CONSOLE1');

    const off = await con('POST', '/api/console/bonuses/console1/switch', marketing.token, {
      currency: 'BAHT',
      active: false,
    });
    expect(off.body).toMatchObject({ code: 'CONSOLE1', active: false });
    const after = await call(t.app, 'GET', '/api/bonus', { token: member.token });
    expect((after.body as unknown as Array<{ code: string }>).map((b) => b.code)).not.toContain('CONSOLE1');

    const [save] = await audited(admin.token, 'bonus.save');
    expect(save).toMatchObject({ actor: marketing.username, target: 'CONSOLE1/BAHT', before: null });
    expect(save!.after).toMatchObject({ code: 'CONSOLE1', sort: 5 });
    const [switched] = await audited(admin.token, 'bonus.off');
    expect(switched!.before).toMatchObject({ active: true });
    expect(switched!.after).toMatchObject({ active: false });
    expectError(
      await con('POST', '/api/console/bonuses/NOSUCH/switch', marketing.token, {
        currency: 'BAHT',
        active: true,
      }),
      404,
      'NO_DATA',
    );
  });

  it('[console] a promotion code with dates and a total is saved and listed; an end before its start is refused', async () => {
    const marketing = await staff('marketing');
    const promotion = {
      code: 'CONPROMO',
      currency: 'BAHT',
      description: { en: 'Console promotion' },
      reward: { kind: 'fixed', amount: 50 },
      percentSuccess: 0,
      percentFail: 0,
      totalCap: 100,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
    };
    const saved = await con('PUT', '/api/console/promotions', marketing.token, promotion);
    expect(saved.body).toMatchObject({ code: 'CONPROMO', totalCap: 100, claimed: 0 });
    const list = await con('GET', '/api/console/promotions', marketing.token);
    expect((list.body.items as Array<{ code: string }>).map((p) => p.code)).toContain('CONPROMO');
    expectError(
      await con('PUT', '/api/console/promotions', marketing.token, {
        ...promotion,
        validTo: '2025-01-01T00:00:00.000Z',
      }),
      400,
      'INVALID_REQUEST',
    );
  });

  it('[console] the wheel: new slices and weights reach the member with their odds; the audit keeps the old slices', async () => {
    const marketing = await staff('marketing');
    const admin = await staff('admin');
    const current = await con('GET', '/api/console/wheel', marketing.token);
    expect(current.status).toBe(200);
    const slices = [
      { code: 'BIG', weight: 1, type: 'credit', amounts: { BAHT: 100, LAK: 50_000 } },
      { code: 'COIN', weight: 3, type: 'coins', coins: 2 },
      { code: 'NONE', weight: 4, type: 'nothing' },
    ].map((s) => ({
      ...s,
      label: { en: s.code },
      name: { en: s.code },
      bgColor: '#123456',
      textColor: '#ffffff',
    }));
    const saved = await con('PUT', '/api/console/wheel/slices', marketing.token, { slices });
    expect(saved.status).toBe(200);
    await con('PUT', '/api/console/wheel', marketing.token, { active: true });
    const member = await registerAndLogin(t.app);
    const setup = await call(t.app, 'GET', '/api/spinwheel/setup', { token: member.token });
    const shown = (setup.body as Loose).result.activeSpinwheel.slices as Array<{
      code: string;
      probability: number;
    }>;
    expect(shown.map((s) => [s.code, s.probability])).toEqual([
      ['BIG', 0.125],
      ['COIN', 0.375],
      ['NONE', 0.5],
    ]);
    const [row] = await audited(admin.token, 'spin.slices');
    expect(row!.actor).toBe(marketing.username);
    expect((row!.before as Array<{ code: string }>).map((s) => s.code)).toEqual(
      (current.body.slices as Array<{ code: string }>).map((s) => s.code),
    );
    // All weights zero: no slice could ever be won.
    expectError(
      await con('PUT', '/api/console/wheel/slices', marketing.token, {
        slices: slices.map((s) => ({ ...s, weight: 0 })),
      }),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await con('PUT', '/api/console/wheel/slices', (await staff('auditor')).token, { slices }),
      403,
      'FORBIDDEN',
    );
  });

  it('[console] invite and refund rules, and agreements: saved, audited, a changed agreement is asked again', async () => {
    const marketing = await staff('marketing');
    const invite = await con('GET', '/api/console/invite/rules', marketing.token);
    const changed = await con('PUT', '/api/console/invite/rules', marketing.token, {
      ...invite.body,
      percent: 0.75,
    });
    expect(changed.body).toMatchObject({ percent: 0.75 });
    const refund = await con('GET', '/api/console/refund/rules', marketing.token);
    const weekly = await con('PUT', '/api/console/refund/rules', marketing.token, {
      ...refund.body,
      period: 'weekly',
    });
    expect(weekly.body).toMatchObject({ period: 'weekly' });
    expectError(
      await con('PUT', '/api/console/refund/rules', marketing.token, { ...refund.body, percentFail: 101 }),
      400,
      'INVALID_REQUEST',
    );

    const member = await registerAndLogin(t.app);
    const status = async () =>
      (await call(t.app, 'GET', '/api/agreements/status', { token: member.token })).body as {
        version: string;
      };
    const agreements = await con('GET', '/api/console/agreements', marketing.token);
    const list = agreements.body.agreements as Array<{ id: string; content: Record<string, string> }>;
    const before = await status();
    const saved = await con('PUT', '/api/console/agreements', marketing.token, {
      agreements: list.map((a, i) =>
        i === 0 ? { ...a, content: { ...a.content, en: `${a.content.en}<p>Changed.</p>` } } : a,
      ),
    });
    expect(saved.body.version).not.toBe(agreements.body.version);
    expect((await status()).version).not.toBe(before.version);
  });
});

describe('console: settings [console]', () => {
  it('[console] the admin sets withdrawal limits and auto payout; finance reads them but cannot change them; members are held to them', async () => {
    const admin = await staff('admin');
    const finance = await staff('finance');
    const current = await con('GET', '/api/console/settings/withdrawals', finance.token);
    expect(current.status).toBe(200);
    const next = {
      ...current.body,
      limits: { ...current.body.limits, BAHT: { min: 300, max: 20_000 } },
      autoPayout: false,
    };
    expectError(await con('PUT', '/api/console/settings/withdrawals', finance.token, next), 403, 'FORBIDDEN');
    expectError(
      await con('PUT', '/api/console/settings/withdrawals', admin.token, {
        ...next,
        limits: { ...next.limits, BAHT: { min: 500, max: 400 } },
      }),
      400,
      'INVALID_REQUEST',
    );
    const saved = await con('PUT', '/api/console/settings/withdrawals', admin.token, next);
    expect(saved.body).toMatchObject({ limits: { BAHT: { min: 300, max: 20_000 } }, autoPayout: false });
    const member = await registerAndLogin(t.app);
    await bankTransfer(t.app, member.reg, 1000);
    const lookup = await call(t.app, 'GET', '/api/lookup/withdraw', { token: member.token });
    expect(lookup.body).toEqual({ withdrawMin: 300, withdrawMax: 20_000 });
    expectError(await withdraw(t.app, member.token, 200), 400, 'WITHDRAW_MINIMUM');
    const [row] = await audited(admin.token, 'settings.withdrawals');
    expect(row!.before.autoPayout).toBe(true);
    expect(row!.after.autoPayout).toBe(false);
  });

  it('[console] the admin sets the second-approval threshold per currency: a withdrawal above it waits for a second person, one below does not; empty turns it off', async () => {
    const admin = await staff('admin');
    const current = await con('GET', '/api/console/settings/withdrawals', admin.token);
    expect(current.body.approvalAbove).toEqual({ BAHT: null, LAK: null });
    const saved = await con('PUT', '/api/console/settings/withdrawals', admin.token, {
      ...current.body,
      approvalAbove: { BAHT: 5_000, LAK: null },
    });
    expect(saved.body.approvalAbove).toEqual({ BAHT: 5_000, LAK: null });
    expectError(
      await con('PUT', '/api/console/settings/withdrawals', admin.token, {
        ...current.body,
        approvalAbove: { BAHT: 0, LAK: null },
      }),
      400,
      'INVALID_REQUEST',
    );
    const member = await registerAndLogin(t.app);
    await bankTransfer(t.app, member.reg, 10_000);
    const heldFor = async (amount: number) => {
      const res = await withdraw(t.app, member.token, amount);
      expect(res.status).toBe(200);
      const [w] = await t.db.query<{ held_for: string | null }>(
        'select held_for from withdrawals where public_id = $1',
        [res.body.withdrawalId],
      );
      return w!.held_for;
    };
    expect(await heldFor(6_000)).toBe('FOUR_EYES');
    expect(await heldFor(1_000)).toBeNull();
    const [row] = await audited(admin.token, 'settings.withdrawals');
    expect(row!.after.approvalAbove).toEqual({ BAHT: 5_000, LAK: null });

    const off = await con('PUT', '/api/console/settings/withdrawals', admin.token, {
      ...saved.body,
      approvalAbove: { BAHT: null, LAK: null },
    });
    expect(off.body.approvalAbove).toEqual({ BAHT: null, LAK: null });
    expect(await heldFor(2_500)).toBeNull();
  });

  it("[console] the admin sets the alert's withdrawal amount per currency: a withdrawal above it is told to the team, one below is not; empty falls back to the second-approval amount", async () => {
    const admin = await staff('admin');
    const current = await con('GET', '/api/console/settings/withdrawals', admin.token);
    expect(current.body.alertAbove).toEqual({ BAHT: null, LAK: null });
    const saved = await con('PUT', '/api/console/settings/withdrawals', admin.token, {
      ...current.body,
      approvalAbove: { BAHT: 40_000, LAK: null },
      alertAbove: { BAHT: 2_000, LAK: null },
    });
    expect(saved.body.alertAbove).toEqual({ BAHT: 2_000, LAK: null });
    expectError(
      await con('PUT', '/api/console/settings/withdrawals', admin.token, {
        ...current.body,
        alertAbove: { BAHT: -5, LAK: null },
      }),
      400,
      'INVALID_REQUEST',
    );
    const [row] = await audited(admin.token, 'settings.withdrawals');
    expect(row!.after.alertAbove).toEqual({ BAHT: 2_000, LAK: null });

    const member = await registerAndLogin(t.app);
    await bankTransfer(t.app, member.reg, 10_000);
    const alerted = async (amount: number) => {
      const res = await withdraw(t.app, member.token, amount);
      expect(res.status).toBe(200);
      await t.app.alertsTick();
      const rows = await t.db.query(
        `select 1 from staff_alerts where kind = 'withdrawal_large' and subject = $1`,
        [res.body.withdrawalId],
      );
      return rows.length === 1;
    };
    expect(await alerted(2_500)).toBe(true);
    expect(await alerted(1_500)).toBe(false);

    // Emptied, the alert goes out above the second-approval amount again.
    const fallback = await con('PUT', '/api/console/settings/withdrawals', admin.token, {
      ...saved.body,
      alertAbove: { BAHT: null, LAK: null },
    });
    expect(fallback.body.alertAbove).toEqual({ BAHT: null, LAK: null });
    expect(await alerted(2_500)).toBe(false);
  });

  it("[console] QR minimums and slip settings are the admin's; the auditor reads them; members see the slip window", async () => {
    const admin = await staff('admin');
    const auditor = await staff('auditor');
    const marketing = await staff('marketing');
    const qr = await con('GET', '/api/console/settings/qr-minimums', auditor.token);
    expect(qr.body.minimums).toMatchObject({ WW: 100, ONEPAY: 50_000 });
    expectError(await con('GET', '/api/console/settings/qr-minimums', marketing.token), 403, 'FORBIDDEN');
    expectError(
      await con('PUT', '/api/console/settings/qr-minimums', admin.token, {
        minimums: { ...qr.body.minimums, WW: 0.5 },
      }),
      400,
      'INVALID_REQUEST',
    );
    const savedQr = await con('PUT', '/api/console/settings/qr-minimums', admin.token, {
      minimums: { ...qr.body.minimums, WW: 250 },
    });
    expect(savedQr.body.minimums.WW).toBe(250);

    const slip = { enabled: true, closedFrom: '23:00', closedTo: '00:30', maxAgeMinutes: 90 };
    expectError(
      await con('PUT', '/api/console/settings/slips', admin.token, { ...slip, closedFrom: '24:00' }),
      400,
      'INVALID_REQUEST',
    );
    expect((await con('PUT', '/api/console/settings/slips', admin.token, slip)).body).toEqual(slip);
    expect((await call(t.app, 'GET', '/api/lookup/slip')).body).toEqual(slip);
    const [row] = await audited(admin.token, 'settings.slips');
    expect(row).toMatchObject({ actor: admin.username, after: slip });
  });
});
