// Alerts to the operator's group chat (modules/alerts, providers/alerts): a withdrawal above the
// threshold, a game transfer stuck 10 minutes, a bank line unmatched for 15, a ledger check that fails.
// Each is sent once, over real HTTP to the simulated group (sim/alerts-inbox.ts), whatever the number of
// ticks; a messenger that is down gets it later. The ticks run on the test's clock (app.alertsTick). On
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lineAlerts } from '../src/providers/alerts/line-alerts.ts';
import {
  bankTransfer,
  baseUrl,
  eventually,
  expectLedgerSound,
  makeApp,
  registerAndLogin,
  useTestApp,
  withdraw,
  withdrawalStatus,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, setGameMode } from './games-helpers.ts';

// The timer is off: every tick in this file is the test's own, after it moved the clock.
const t = useTestApp({ ...GAME_TEST_ENV, ALERTS_EVERY_MS: '0' });

interface GroupMessage {
  channel: string;
  chat: string;
  text: string;
}
async function group(app: FastifyInstance = t.app): Promise<GroupMessage[]> {
  const res = await fetch(`${baseUrl(app)}/sim/alerts/inbox`);
  return ((await res.json()) as GroupMessage[]).reverse();
}
async function setGroup(mode: 'ok' | 'down') {
  const res = await fetch(`${baseUrl(t.app)}/sim/alerts/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(200);
}
/** What the group received since `before` (a count of messages). */
const since = async (before: number) => (await group()).slice(before);
const minutes = (n: number) => t.clock.advance(n * 60_000);

async function setting(key: string, value: unknown) {
  await t.db.query(
    `insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}

describe('console alerts [console]', () => {
  it('[console] a withdrawal above alerts.withdrawalAboveMinor is told to the group once, in Thai', async () => {
    await setting('alerts.withdrawalAboveMinor', { BAHT: 100_000 });
    const before = (await group()).length;
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 5_000);
    const small = await withdraw(t.app, m.token, 1_000);
    const large = await withdraw(t.app, m.token, 1_500);
    expect([small.status, large.status]).toEqual([200, 200]);
    const id = large.body.withdrawalId as string;
    expect(await t.app.alertsTick()).toEqual({ found: 1, sent: 1 });
    for (let i = 0; i < 3; i++) {
      minutes(1);
      expect(await t.app.alertsTick()).toEqual({ found: 0, sent: 0 });
    }
    const got = await since(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.channel).toBe('telegram');
    expect(got[0]!.text).toContain('ถอนเงินยอดสูง 1,500.00 บาท');
    expect(got[0]!.text).toContain(id);
    expect(got[0]!.text).toContain(m.reg.username);
    await eventually(
      () => withdrawalStatus(t.db, id),
      (s) => s === 'PAID',
    );
  });

  it('[console] a game transfer unsettled for 10 minutes is told once; not before', async () => {
    const before = (await group()).length;
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 900);
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    await setGameMode(t.app, 'PG', 'timeout');
    try {
      const moved = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 321 });
      expect(moved.body).toMatchObject({ status: 'PENDING' });
      const reference = moved.body.transferId as string;
      minutes(9);
      expect((await t.app.alertsTick()).found).toBe(0);
      minutes(1);
      expect(await t.app.alertsTick()).toEqual({ found: 1, sent: 1 });
      minutes(5);
      expect((await t.app.alertsTick()).found).toBe(0);
      const got = await since(before);
      expect(got).toHaveLength(1);
      expect(got[0]!.text).toContain('โอนเงินเกมค้างเกิน 10 นาที: PG 321.00 บาท');
      expect(got[0]!.text).toContain(reference);
    } finally {
      await setGameMode(t.app, 'PG', 'ok');
      minutes(10);
      await t.app.reconcileTransfers();
    }
  });

  it('[console] a bank line unmatched for 15 minutes is told once; a messenger that is down gets it later', async () => {
    const before = (await group()).length;
    const line = await bankTransfer(t.app, { bankCode: 'SCB', bankAccountNo: '9988776655' }, 777.5);
    expect(line.feed.results[0]!.outcome).toBe('UNMATCHED');
    minutes(14);
    expect((await t.app.alertsTick()).found).toBe(0);
    await setGroup('down');
    try {
      minutes(1);
      expect(await t.app.alertsTick()).toEqual({ found: 1, sent: 0 });
      expect(await since(before)).toEqual([]);
    } finally {
      await setGroup('ok');
    }
    // Tried again once its wait (30 s after the first failure) is over, and only then.
    expect(await t.app.alertsTick()).toEqual({ found: 0, sent: 0 });
    t.clock.advance(30_000);
    expect(await t.app.alertsTick()).toEqual({ found: 0, sent: 1 });
    minutes(30);
    expect(await t.app.alertsTick()).toEqual({ found: 0, sent: 0 });
    const got = await since(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toContain('777.50 บาท');
    expect(got[0]!.text).toContain('SCB x6655');
    expect(got[0]!.text).toContain(line.reference);
    expect(got[0]!.text).not.toContain('9988776655');
  });

  it('[console] a ledger check that fails is told once per failure, every 15 minutes at most', async () => {
    // Past the last check's interval, so that this tick runs one.
    minutes(15);
    await t.app.alertsTick();
    const before = (await group()).length;
    const [wallet] = await t.db.query<{ code: string }>(
      `select code from ledger_accounts where kind = 'member_wallet' and balance > 0 order by id limit 1`,
    );
    // A balance changed behind the ledger's back (as a superuser could).
    await t.db.query('update ledger_accounts set balance = balance + 1 where code = $1', [wallet!.code]);
    try {
      minutes(1);
      expect((await t.app.alertsTick()).found).toBe(0); // the last check was a minute ago
      minutes(14);
      expect(await t.app.alertsTick()).toEqual({ found: 1, sent: 1 });
      minutes(15);
      expect(await t.app.alertsTick()).toEqual({ found: 0, sent: 0 }); // the same failure
      const got = await since(before);
      expect(got).toHaveLength(1);
      expect(got[0]!.text).toContain('ตรวจบัญชีแยกประเภทไม่ผ่าน: ยอดไม่ตรง 1 บัญชี');
    } finally {
      await t.db.query('update ledger_accounts set balance = balance - 1 where code = $1', [wallet!.code]);
    }
    await expectLedgerSound(t.db);
  });

  it('[console] ALERTS=line sends through the LINE push API, in English with ALERTS_LANGUAGE=en, once per retry key', async () => {
    const other = await makeApp({ ALERTS: 'line', ALERTS_LANGUAGE: 'en', ALERTS_EVERY_MS: '0' });
    try {
      const line = await bankTransfer(other.app, { bankCode: 'BBL', bankAccountNo: '1231231234' }, 42);
      other.clock.advance(15 * 60_000);
      expect(await other.app.alertsTick()).toMatchObject({ sent: 1 });
      const got = await group(other.app);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ channel: 'line', chat: 'Ckrapaooperators' });
      expect(got[0]!.text).toContain('Bank line unmatched over 15 minutes: 42.00 THB');
      expect(got[0]!.text).toContain(line.reference);
      // The same alert sent again (an answer lost on the way back) is not a second message.
      const [row] = await other.db.query<{ id: string }>(`select id::text as id from staff_alerts`);
      await lineAlerts({
        apiUrl: () => `${baseUrl(other.app)}/sim/alerts/line`,
        channelToken: 'simulated-line-channel-token',
        to: 'Ckrapaooperators',
      }).send({ id: row!.id, text: 'again' });
      expect(await group(other.app)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
