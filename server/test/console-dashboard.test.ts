// The console's dashboard (modules/dashboard): per currency and Bangkok day, cash flow and bonus cost as
// the ledger holds them, GGR as the bet feed holds it, active and new members, by hour. The figures are
// checked against the test's own movements and against sums of the ledger's member-side postings. On
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardCurrency, StaffRole } from '@krapao/contract';
import { stepAt, totpCode } from '../src/modules/staff/totp.ts';
import {
  BCEL_HOUSE_ACCOUNT,
  bankTransfer,
  call,
  freshAccountNo,
  makeApp,
  eventually,
  expectError,
  expectLedgerSound,
  registerAndLogin,
  useTestApp,
  withdraw,
  withdrawalStatus,
  type Answer,
} from './helpers.ts';
import { newStaff } from './console-helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer } from './games-helpers.ts';
import { openGame, spinMany, sum } from './games-play.ts';

const OPS_TOKEN = 'operator-token-for-dashboard-tests';
const t = useTestApp({ OPS_TOKEN, ...GAME_TEST_ENV, BET_FEED_EVERY_MS: '0' });

async function con(url: string, token?: string): Promise<Answer> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A staff member made with `npm run ops -- staff-add`, signed in, password changed: their token. */
const staff = async (role: StaffRole) => (await newStaff(t, OPS_TOKEN, role)).token;

/** Moves the test clock to an instant (it only goes forward). */
const moveTo = (iso: string) => {
  const ms = new Date(iso).getTime() - t.clock.now().getTime();
  expect(ms).toBeGreaterThanOrEqual(0);
  t.clock.advance(ms);
};

const baht = (d: Dashboard) => d.currencies.find((c) => c.currency === 'BAHT')!;
const minor = (n: number) => Math.round(n * 100);

/**
 * The ledger's own sums over [from, to) from the members' side of each entry: what wallets received
 * from deposits and rewards, what left pending withdrawals as payouts, and what the games' house
 * accounts took from rounds. Another query than the dashboard's, which reads the house's side.
 */
async function ledgerSums(currency: string, from: string, to: string) {
  const [row] = await t.db.query<Record<string, string>>(
    `select
       coalesce(sum(p.amount) filter (where e.kind = 'deposit' and a.kind = 'member_wallet'), 0)::text as deposits,
       coalesce(-sum(p.amount) filter (where e.kind = 'payout' and a.kind = 'member_pending_withdrawal'), 0)::text as payouts,
       coalesce(sum(p.amount) filter (where e.kind = 'reward' and a.kind = 'member_wallet'), 0)::text as rewards,
       coalesce(sum(p.amount) filter (where e.kind = 'game_round' and a.code like 'house:game:%'), 0)::text as ggr,
       count(distinct e.member_id)::text as members
     from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
     where e.currency = $1 and e.created_at >= $2 and e.created_at < $3`,
    [currency, from, to],
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

function expectHoursAddUp(c: DashboardCurrency) {
  expect(c.hours).toHaveLength(24);
  const total = (f: 'deposits' | 'withdrawals' | 'ggr') => c.hours.reduce((s, h) => s + minor(h[f]), 0);
  expect([total('deposits'), total('withdrawals'), total('ggr')]).toEqual([
    minor(c.deposits.total),
    minor(c.withdrawals.total),
    minor(c.ggr.ggr),
  ]);
}

describe('console dashboard [console]', () => {
  it('[console] the figures of a Bangkok day equal the movements made and the ledger sums; the day ends at 17:00 UTC', async () => {
    // 00:30 on 22 November in Bangkok: a day nothing has happened on yet.
    moveTo('2026-11-21T17:30:00Z');
    const DAY = '2026-11-22';
    const [start, end] = ['2026-11-21T17:00:00Z', '2026-11-22T17:00:00Z'];

    // A deposit and a paid withdrawal.
    const payer = await registerAndLogin(t.app);
    await bankTransfer(t.app, payer.reg, 1_000);
    const out = await withdraw(t.app, payer.token, 300);
    expect(out.status).toBe(200);
    const withdrawalId = out.body.withdrawalId as string;
    expect(
      await eventually(
        () => withdrawalStatus(t.db, withdrawalId),
        (s) => s === 'PAID',
      ),
    ).toBe('PAID');
    // A deposit and its welcome bonus (100 %, at most 500).
    const bonused = await registerAndLogin(t.app);
    await bankTransfer(t.app, bonused.reg, 400);
    expect(
      (await call(t.app, 'GET', '/api/bonus/activate/WELCOME100', { token: bonused.token })).status,
    ).toBe(200);
    // A player at PG: the bet feed's rounds, pulled into the ledger.
    const player = await registerAndLogin(t.app);
    await bankTransfer(t.app, player.reg, 800);
    expect((await activate(t.app, player.token, 'PG')).status).toBe(200);
    expect(
      (await gameTransfer(t.app, player.token, { from: 'WALLET', to: 'PG', amount: 500 })).body,
    ).toMatchObject({ status: 'SUCCESS' });
    const game = await openGame(t.app, player.token, 'PG');
    const spins = await spinMany(t.app, game.data!.session, 1_000n, 12);
    await t.app.pullBets();
    const bets = Number(sum(spins, 'betMinor'));
    const wins = Number(sum(spins, 'winMinor'));
    // A line nobody claims is no deposit.
    await bankTransfer(t.app, { bankCode: 'KBANK', bankAccountNo: '7700112233' }, 999);
    // The day's last second, and the next day's first.
    moveTo('2026-11-22T16:59:59Z');
    await bankTransfer(t.app, payer.reg, 100);
    moveTo('2026-11-22T17:00:00Z');
    await bankTransfer(t.app, payer.reg, 50);

    const finance = await staff('finance');
    const day = await con(`/api/console/dashboard?from=${DAY}&to=${DAY}`, finance);
    expect(day.status).toBe(200);
    const d = day.body as Dashboard;
    expect(d).toMatchObject({ from: DAY, to: DAY, timeZone: 'Asia/Bangkok' });
    const b = baht(d);
    const [bank] = await t.db.query<{ bank_code: string }>('select bank_code from members where phone = $1', [
      payer.reg.username,
    ]);
    expect(b.deposits).toEqual({
      total: 2_300,
      count: 4,
      byChannel: [{ channel: 'BANK', count: 4, amount: 2_300 }],
    });
    expect(b.withdrawals).toEqual({
      total: 300,
      count: 1,
      byChannel: [{ channel: bank!.bank_code, count: 1, amount: 300 }],
    });
    expect(b.netCashFlow).toBe(2_000);
    expect(b.bonusCost).toEqual({ total: 400, byKind: [{ kind: 'bonus', count: 1, amount: 400 }] });
    expect(b.ggr).toMatchObject({ bets: bets / 100, wins: wins / 100, ggr: (bets - wins) / 100, rounds: 12 });
    expect(b.ggr.byProvider.map((p) => p.provider)).toEqual(['PG']);
    expect([b.activeMembers, b.newMembers]).toEqual([3, 3]);
    expectHoursAddUp(b);
    expect(minor(b.hours[23]!.deposits)).toBe(10_000);

    // The ledger's own sums, from the members' side of the same entries.
    const ledger = await ledgerSums('BAHT', start, end);
    expect({
      deposits: minor(b.deposits.total),
      payouts: minor(b.withdrawals.total),
      rewards: minor(b.bonusCost.total),
      ggr: minor(b.ggr.ggr),
      members: b.activeMembers,
    }).toEqual(ledger);
    // Nothing in kip moved.
    const lak = d.currencies.find((c) => c.currency === 'LAK')!;
    expect([lak.deposits.total, lak.withdrawals.total, lak.ggr.rounds, lak.newMembers]).toEqual([0, 0, 0, 0]);

    // The next Bangkok day has the 50 that came at 17:00 UTC; today (the clock's day) is the default.
    const next = baht((await con('/api/console/dashboard', finance)).body as Dashboard);
    expect(next.deposits.total).toBe(50);
    expect(next.activeMembers).toBe(1);
    // A range is the sum of its days.
    const both = baht(
      (await con(`/api/console/dashboard?from=${DAY}&to=2026-11-23`, finance)).body as Dashboard,
    );
    expect(both.deposits.total).toBe(2_350);
    expect(both.newMembers).toBe(3);
    await expectLedgerSound(t.db);
  });

  it('[console] the dashboard is read by admin, finance and the auditor; a bad range is INVALID_REQUEST', async () => {
    for (const role of ['admin', 'auditor'] as const)
      expect((await con('/api/console/dashboard', await staff(role))).status).toBe(200);
    for (const role of ['support', 'marketing', 'risk'] as const)
      expectError(await con('/api/console/dashboard', await staff(role)), 403, 'FORBIDDEN');
    const finance = await staff('finance');
    for (const query of [
      'from=2026-02-31',
      'from=2026-11-22&to=2026-11-21',
      'from=2026-01-01&to=2026-12-31',
      'from=22/11/2026',
      'from=2026-11-22&from=2026-11-23',
    ])
      expectError(await con(`/api/console/dashboard?${query}`, finance), 400, 'INVALID_REQUEST');
  });

  it('[console] in a Laos build kip and baht are summed apart: a kip deposit is in LAK only, equal to the ledger', async () => {
    const la = await makeApp({ REGION: 'la', OPS_TOKEN });
    try {
      const day = new Date(la.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
      const start = new Date(`${day}T00:00:00+07:00`).toISOString();
      const end = new Date(new Date(start).getTime() + 86_400_000).toISOString();
      const kip = await registerAndLogin(la.app, {
        bankCode: 'BCEL',
        bankAccountNo: freshAccountNo(),
        currency: 'LAK',
      });
      await bankTransfer(la.app, kip.reg, 750_000, undefined, BCEL_HOUSE_ACCOUNT);
      const bahtMember = await registerAndLogin(la.app, {
        bankCode: 'KBANK',
        bankAccountNo: freshAccountNo(),
        currency: 'BAHT',
      });
      await bankTransfer(la.app, bahtMember.reg, 320);
      const made = await call(la.app, 'POST', '/api/ops/staff', {
        token: OPS_TOKEN,
        body: { username: 'lafinance', role: 'finance' },
      });
      const secret = new URL(made.body.totpUri as string).searchParams.get('secret')!;
      const session = await la.app.inject({
        method: 'POST',
        url: '/api/console/session',
        payload: {
          username: 'lafinance',
          password: made.body.oneTimePassword,
          code: totpCode(secret, stepAt(la.clock.now())),
        },
      });
      const token = JSON.parse(session.body).token as string;
      await la.app.inject({
        method: 'POST',
        url: '/api/console/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { oldPassword: made.body.oneTimePassword, newPassword: 'a long passphrase lafinance' },
      });
      const res = await la.app.inject({
        method: 'GET',
        url: '/api/console/dashboard',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const d = JSON.parse(res.body) as Dashboard;
      const lak = d.currencies.find((c) => c.currency === 'LAK')!;
      const thb = d.currencies.find((c) => c.currency === 'BAHT')!;
      expect(lak.deposits.byChannel).toContainEqual({ channel: 'BANK', count: 1, amount: 750_000 });
      expect(thb.deposits.byChannel).toContainEqual({ channel: 'BANK', count: 1, amount: 320 });
      expect([lak.newMembers, thb.newMembers]).toEqual([1, 1]);
      for (const c of [lak, thb]) {
        const [row] = await la.db.query<{ deposits: string }>(
          `select coalesce(sum(p.amount), 0)::text as deposits
           from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
           where e.kind = 'deposit' and a.kind = 'member_wallet' and e.currency = $1 and e.created_at >= $2 and e.created_at < $3`,
          [c.currency, start, end],
        );
        expect([c.currency, minor(c.deposits.total)]).toEqual([c.currency, Number(row!.deposits)]);
        expectHoursAddUp(c);
      }
    } finally {
      await la.close();
    }
  });
});
