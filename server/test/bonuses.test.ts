// Bonuses and promotion codes (BON-1 to BON-5) on the rewards core. Every call and refusal code; twenty
// claims at once pay once; a day or week limit holds across midnight and Monday in Asia/Bangkok (not
// UTC); an active bonus blocks another and a withdrawal; the operator configures it all through the
// audited operator API; the ledger stays sound.
import { describe, expect, it } from 'vitest';
import {
  BCEL_HOUSE_ACCOUNT,
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  login,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
  type Answer,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, transferAll } from './games-helpers.ts';
import { openGame, spinMany } from './games-play.ts';

const OPS_TOKEN = 'operator-token-for-bonus-tests';
const t = useTestApp({ ...GAME_TEST_ENV, BET_FEED_EVERY_MS: '0', OPS_TOKEN });
const la = useTestApp({ REGION: 'la', OPS_TOKEN });

const get = (token: string, url: string, app = t.app) => call(app, 'GET', url, { token });
const ops = (method: 'GET' | 'POST', url: string, body?: unknown, app = t.app) =>
  call(app, method, url, { token: OPS_TOKEN, ...(body !== undefined ? { body } : {}) });
type Card = Record<string, unknown> & { code: string; state: string; receivedInPeriod: number };
const cards = async (token: string, app = t.app) =>
  (await get(token, '/api/bonus', app)).body as unknown as Card[];
const card = async (token: string, code: string) => (await cards(token)).find((b) => b.code === code)!;

/** A bonus of the operator's, paid as ordinary money at once (0 % turnover) unless told otherwise. */
const bonusConfig = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  currency: 'BAHT',
  name: { th: `โบนัส ${code}`, la: `ໂບນັດ ${code}`, en: `Bonus ${code}` },
  notice: { en: 'Below %percentFail%% it ends.' },
  type: 'limit',
  maxReceived: 1,
  reward: { kind: 'fixed', amount: 10 },
  percentSuccess: 0,
  percentFail: 10,
  ...over,
});
async function saveBonus(code: string, over: Record<string, unknown> = {}) {
  const saved = await ops('POST', '/api/ops/bonuses', bonusConfig(code, over));
  expect(saved.status).toBe(200);
  return saved;
}

const pays = (a: Answer) => a.status === 200;
/** Moves the test's clock forward to `iso` (a session does not live that long: log in again after). */
const moveTo = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());

describe('bonuses (BON-1 to BON-5)', () => {
  it('[BON-3] GET /api/bonus lists the seeded bonuses of the member currency with their rules and banners', async () => {
    const m = await registerAndLogin(t.app);
    const list = await cards(m.token);
    expect(list.map((b) => b.code)).toEqual(expect.arrayContaining(['WELCOME100', 'DAILY10', 'WEEKLY50']));
    expect(list.find((b) => b.code === 'WELCOME100')).toMatchObject({
      type: 'limit',
      maxReceived: 1,
      receivedInPeriod: 0,
      percentSuccess: 500,
      percentFail: 10,
      minDeposit: 100,
      reward: { kind: 'percent', percent: 100, max: 500 },
      categories: null,
      state: 'available',
      userBonus: null,
      banners: [{ image: '/programmes/welcome.svg', html: '' }, expect.any(Object)],
    });
    const welcome = list.find((b) => b.code === 'WELCOME100')!;
    for (const lang of ['th', 'la', 'en'])
      expect((welcome.notice as Record<string, string>)[lang]).toContain('%percentFail%');
    // No session, no list.
    expect((await call(t.app, 'GET', '/api/bonus')).status).toBe(401);
  });

  it('[BON-3] [BON-5] a bonus needs a qualifying deposit of its minimum, pays its percent, and then blocks another bonus and a withdrawal', async () => {
    const m = await registerAndLogin(t.app);
    expect((await get(m.token, '/api/bonus/check/minimum')).body).toEqual({
      status: false,
      deposit: null,
      eligible: [],
    });
    expectError(await get(m.token, '/api/bonus/activate/WELCOME100'), 400, 'BONUS_CONDITION');
    expectError(await get(m.token, '/api/bonus/activate/NOSUCHBONUS'), 404, 'NO_DATA');

    // 50 baht is below WELCOME100's minimum of 100.
    await bankTransfer(t.app, m.reg, 50);
    expectError(await get(m.token, '/api/bonus/activate/WELCOME100'), 400, 'BONUS_CONDITION');
    await bankTransfer(t.app, m.reg, 200);
    const minimum = await get(m.token, '/api/bonus/check/minimum');
    expect(minimum.body).toMatchObject({ status: true, deposit: { amount: 200 } });
    expect(minimum.body.eligible).toContain('WELCOME100');
    expect(minimum.body.eligible).not.toContain('DAILY10'); // its minimum is 300

    // 100 % of the 200 deposit; the code is upper-cased.
    const got = await get(m.token, '/api/bonus/activate/welcome100');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ code: 'WELCOME100', amount: 200, isActive: true });
    expect(got.body.received).toHaveLength(1);
    expect(await walletAmount(t.app, m.token)).toBe(450);
    const current = await card(m.token, 'WELCOME100');
    expect(current).toMatchObject({
      state: 'current',
      receivedInPeriod: 1,
      userBonus: { _id: got.body._id, isActive: true, received: [{ updatedAt: expect.any(String) }] },
    });
    expect((await get(m.token, '/api/bonus/check/active')).body).toEqual({ status: true, type: 'bonus' });

    // BON-5: another bonus, a withdrawal and a clear before an exit holds are refused.
    await bankTransfer(t.app, m.reg, 300);
    expectError(await get(m.token, '/api/bonus/activate/DAILY10'), 400, 'BONUS_ALREADY_ACTIVE');
    expectError(await withdraw(t.app, m.token, 100), 400, 'BONUS_REMAINING');
    expectError(await get(m.token, '/api/bonus/clear'), 400, 'BONUS_CONDITION');
    const progress = await get(m.token, '/api/rewards/active');
    expect(progress.body.reward).toMatchObject({
      source: 'bonus',
      reference: 'WELCOME100:all:1',
      amount: 200,
      turnoverNeeded: 1_000,
      failBelow: 20,
    });
    await expectLedgerSound(t.db);
  });

  it('[BON-2] [BON-5] a bonus ends at its turnover, becomes received at its limit, and the member may withdraw', async () => {
    const m = await registerAndLogin(t.app);
    // 10 baht whose turnover is 100 % in slots: one 10-baht spin of the demo slot.
    await saveBonus('QUICK10', { percentSuccess: 100, categories: ['slot'] });
    await bankTransfer(t.app, m.reg, 300);
    expect((await get(m.token, '/api/bonus/activate/QUICK10')).status).toBe(200);
    expect(await walletAmount(t.app, m.token)).toBe(310);
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 50 })).status).toBe(200);
    const game = await openGame(t.app, m.token, 'PG');
    await spinMany(t.app, game.data!.session, 1_000n, 1);
    await t.app.pullBets();
    t.clock.advance(1_000);
    expect((await get(m.token, '/api/bonus/clear')).body).toEqual({
      message: 'BONUS_CLEAR',
      outcome: 'SUCCESS',
    });
    expect((await get(m.token, '/api/bonus/check/active')).body).toEqual({ status: false, type: null });

    // maxReceived 1 of type limit: received for good, the card disabled.
    const done = await card(m.token, 'QUICK10');
    expect(done).toMatchObject({ state: 'received', receivedInPeriod: 1, userBonus: { isActive: false } });
    expectError(await get(m.token, '/api/bonus/activate/QUICK10'), 400, 'BONUS_MAX_CLAIMED');
    expect((await transferAll(t.app, m.token, { from: 'PG', to: 'WALLET' })).status).toBe(200);
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);
    await expectLedgerSound(t.db);
  });

  it('[BON-5] twenty claims of one bonus at once pay it once, and a deposit pays one bonus', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(m.token, '/api/bonus/activate/WELCOME100')),
    );
    expect(answers.filter(pays)).toHaveLength(1);
    for (const a of answers.filter((x) => !pays(x))) expect(a.body.message).toBe('BONUS_ALREADY_ACTIVE');
    expect(await walletAmount(t.app, m.token)).toBe(400);

    // Instant bonuses (0 % turnover) raced: the limit, counted under the member's lock, holds.
    await saveBonus('RACE3', { type: 'day', maxReceived: 3 });
    const n = await registerAndLogin(t.app);
    const raced = await Promise.all(
      Array.from({ length: 20 }, () => get(n.token, '/api/bonus/activate/RACE3')),
    );
    expect(raced.filter(pays)).toHaveLength(3);
    for (const a of raced.filter((x) => !pays(x))) expect(a.body.message).toBe('BONUS_MAX_CLAIMED');
    expect(await walletAmount(t.app, n.token)).toBe(30);

    // One deposit, two instant percent bonuses: the second finds the deposit used.
    await saveBonus('PCTA', { reward: { kind: 'percent', percent: 10, max: 100 } });
    await saveBonus('PCTB', { reward: { kind: 'percent', percent: 10, max: 100 } });
    const p = await registerAndLogin(t.app);
    await bankTransfer(t.app, p.reg, 500);
    expect((await get(p.token, '/api/bonus/activate/PCTA')).body).toMatchObject({
      amount: 50,
      isActive: false,
    });
    expectError(await get(p.token, '/api/bonus/activate/PCTB'), 400, 'BONUS_CONDITION');
    await bankTransfer(t.app, p.reg, 300);
    expect((await get(p.token, '/api/bonus/activate/PCTB')).body).toMatchObject({ amount: 30 });
    await expectLedgerSound(t.db);
  });
});

describe('promotion codes (BON-3, BON-4, BON-5)', () => {
  it('[BON-4] find answers the promotion (upper-cased code) or {}; activate pays once per member', async () => {
    const m = await registerAndLogin(t.app);
    const found = await get(m.token, '/api/promotion/find/krapao50');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      code: 'KRAPAO50',
      percentFail: 10,
      percentSuccess: 400,
      reward: { kind: 'percent', percent: 50, max: 300 },
      remaining: expect.any(Number),
    });
    expect((found.body.description as Record<string, string>).la).toMatch(/[\u0E80-\u0EFF]/);
    expect((await get(m.token, `/api/promotion/find/${encodeURIComponent('NO SUCH')}`)).body).toEqual({});
    expect((await get(m.token, '/api/promotion/current')).body).toEqual({});

    expectError(await get(m.token, '/api/promotion/activate/NOSUCH'), 400, 'NO_PROMOTION');
    expectError(await get(m.token, '/api/promotion/activate/KRAPAO50'), 400, 'BONUS_CONDITION');
    await bankTransfer(t.app, m.reg, 400);
    const got = await get(m.token, '/api/promotion/activate/krapao50');
    expect(got.body).toMatchObject({ code: 'KRAPAO50', amount: 200, isActive: true });
    expect(await walletAmount(t.app, m.token)).toBe(600);
    expect((await get(m.token, '/api/promotion/current')).body).toMatchObject({ code: 'KRAPAO50' });
    expect((await get(m.token, '/api/bonus/check/active')).body).toEqual({ status: true, type: 'promotion' });
    expectError(await get(m.token, '/api/promotion/activate/KRAPAO50'), 400, 'PROMOTION_RECEIVED');
    // An active promotion blocks a bonus too.
    await bankTransfer(t.app, m.reg, 300);
    expectError(await get(m.token, '/api/bonus/activate/DAILY10'), 400, 'BONUS_ALREADY_ACTIVE');
    expectError(await withdraw(t.app, m.token, 100), 400, 'BONUS_REMAINING');
    await expectLedgerSound(t.db);
  });

  it('[BON-5] a promotion with a total pays up to it and then answers BONUS_FULL; twenty claims at once pay once', async () => {
    expect(
      (
        await ops('POST', '/api/ops/promotions', {
          code: 'LASTTWO',
          currency: 'BAHT',
          description: { th: 'สองคนแรก', la: 'ສອງຄົນທຳອິດ', en: 'First two' },
          reward: { kind: 'fixed', amount: 20 },
          percentSuccess: 0,
          percentFail: 0,
          totalCap: 2,
        })
      ).body,
    ).toMatchObject({ code: 'LASTTWO', total_cap: 2 });
    const [a, b, c] = [
      await registerAndLogin(t.app),
      await registerAndLogin(t.app),
      await registerAndLogin(t.app),
    ];
    const raced = await Promise.all(
      Array.from({ length: 20 }, () => get(a.token, '/api/promotion/activate/LASTTWO')),
    );
    expect(raced.filter(pays)).toHaveLength(1);
    for (const x of raced.filter((r) => !pays(r))) expect(x.body.message).toBe('PROMOTION_RECEIVED');
    expect(await walletAmount(t.app, a.token)).toBe(20);
    expect((await get(b.token, '/api/promotion/find/LASTTWO')).body).toMatchObject({ remaining: 1 });
    expect((await get(b.token, '/api/promotion/activate/LASTTWO')).status).toBe(200);
    expectError(await get(c.token, '/api/promotion/activate/LASTTWO'), 400, 'BONUS_FULL');
    expect((await get(c.token, '/api/promotion/find/LASTTWO')).body).toMatchObject({ remaining: 0 });

    // Switched off or out of its dates: not found, NO_PROMOTION.
    expect(
      (await ops('POST', '/api/ops/promotions/lasttwo/switch', { currency: 'BAHT', active: false })).status,
    ).toBe(200);
    expect((await get(c.token, '/api/promotion/find/LASTTWO')).body).toEqual({});
    expectError(await get(c.token, '/api/promotion/activate/LASTTWO'), 400, 'NO_PROMOTION');
    await ops('POST', '/api/ops/promotions', {
      code: 'EXPIRED',
      currency: 'BAHT',
      description: { en: 'Gone' },
      reward: { kind: 'fixed', amount: 20 },
      percentSuccess: 0,
      percentFail: 0,
      validTo: new Date(t.clock.now().getTime() - 1_000).toISOString(),
    });
    expect((await get(c.token, '/api/promotion/find/EXPIRED')).body).toEqual({});
    await expectLedgerSound(t.db);
  });
});

describe('the operator configures bonuses and promotions', () => {
  it('[BON-3] only with the operator token; saved, replaced and switched off, each audited', async () => {
    expect((await call(t.app, 'GET', '/api/ops/bonuses')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/ops/bonuses', { body: bonusConfig('HACK') })).status).toBe(401);
    await saveBonus('OPSBONUS', { maxReceived: 2 });
    await saveBonus('opsbonus', { maxReceived: 5, reward: { kind: 'percent', percent: 20, max: 100 } });
    const listed = (await ops('GET', '/api/ops/bonuses')).body as unknown as Array<Record<string, unknown>>;
    expect(listed.find((b) => b.code === 'OPSBONUS')).toMatchObject({
      max_received: 5,
      reward: { kind: 'percent', percent: 20, max: 100 },
    });
    // Operator HTML leaves the server cleaned; a banner picture must be this site's or https.
    await saveBonus('HTMLBONUS', {
      banners: [
        {
          image: '/programmes/welcome.svg',
          html: '<b>ok</b><img src=x onerror=alert(1)><script>alert(2)</script>',
        },
        { image: 'javascript:alert(3)', html: '' },
      ],
    });
    const shown = (await cards((await registerAndLogin(t.app)).token)).find((b) => b.code === 'HTMLBONUS')!;
    const banners = shown.banners as Array<{ image: string; html: string }>;
    expect(banners.map((b) => b.image)).toEqual(['/programmes/welcome.svg']);
    expect(banners[0]!.html).toContain('<b>ok</b>');
    expect(banners[0]!.html).not.toMatch(/onerror|<script/);
    // A wrong rule is refused by the contract.
    expect((await ops('POST', '/api/ops/bonuses', bonusConfig('BAD', { percentFail: 120 }))).status).toBe(
      400,
    );

    const m = await registerAndLogin(t.app);
    expect((await cards(m.token)).map((b) => b.code)).toContain('OPSBONUS');
    expect(
      (await ops('POST', '/api/ops/bonuses/OPSBONUS/switch', { currency: 'BAHT', active: false })).status,
    ).toBe(200);
    expect((await cards(m.token)).map((b) => b.code)).not.toContain('OPSBONUS');
    expectError(await get(m.token, '/api/bonus/activate/OPSBONUS'), 404, 'NO_DATA');
    expectError(
      await ops('POST', '/api/ops/bonuses/NOPE/switch', { currency: 'BAHT', active: false }),
      404,
      'NO_DATA',
    );

    const actions = await t.db.query<{ action: string; target: string; outcome: string }>(
      `select action, target, outcome from ops_actions where target like 'OPSBONUS/%' or target like 'NOPE/%' order by id`,
    );
    expect(actions).toEqual([
      { action: 'bonus.save', target: 'OPSBONUS/BAHT', outcome: 'DONE' },
      { action: 'bonus.save', target: 'OPSBONUS/BAHT', outcome: 'DONE' },
      { action: 'bonus.off', target: 'OPSBONUS/BAHT', outcome: 'DONE' },
      { action: 'bonus.off', target: 'NOPE/BAHT', outcome: 'NO_DATA' },
    ]);
  });

  it('[BON-3] a kip member sees the kip bonuses and receives one in kip', async () => {
    const m = await registerAndLogin(la.app, { currency: 'LAK', bankCode: 'BCEL' });
    const list = await cards(m.token, la.app);
    expect(list.find((b) => b.code === 'WELCOME100')).toMatchObject({
      minDeposit: 20_000,
      reward: { kind: 'percent', percent: 100, max: 150_000 },
    });
    await bankTransfer(la.app, m.reg, 200_000, undefined, BCEL_HOUSE_ACCOUNT);
    const got = await get(m.token, '/api/bonus/activate/WELCOME100', la.app);
    expect(got.body).toMatchObject({ amount: 150_000 });
    expect(await walletAmount(la.app, m.token)).toBe(350_000);
    await expectLedgerSound(la.db);
  });
});

describe('limits per day and per week in the operator time zone (Asia/Bangkok)', () => {
  it('[BON-2] [BON-5] maxReceived per day resets at midnight in Bangkok, not at midnight UTC', async () => {
    await saveBonus('TWICEDAY', { type: 'day', maxReceived: 2 });
    const m = await registerAndLogin(t.app);
    // The clock starts at 2026-11-21T10:00Z (17:00 in Bangkok). Go to 23:59 local (16:59Z).
    moveTo('2026-11-22T16:59:00Z');
    m.token = await login(t.app, m.reg.username, m.reg.password);
    expect((await get(m.token, '/api/bonus/activate/TWICEDAY')).status).toBe(200);
    expect((await get(m.token, '/api/bonus/activate/TWICEDAY')).status).toBe(200);
    expectError(await get(m.token, '/api/bonus/activate/TWICEDAY'), 400, 'BONUS_MAX_CLAIMED');
    expect(await card(m.token, 'TWICEDAY')).toMatchObject({ state: 'received', receivedInPeriod: 2 });

    // 00:01 in Bangkok: a new day.
    t.clock.advance(2 * 60_000);
    expect(await card(m.token, 'TWICEDAY')).toMatchObject({ state: 'available', receivedInPeriod: 0 });
    expect((await get(m.token, '/api/bonus/activate/TWICEDAY')).status).toBe(200);
    expect((await get(m.token, '/api/bonus/activate/TWICEDAY')).status).toBe(200);
    expectError(await get(m.token, '/api/bonus/activate/TWICEDAY'), 400, 'BONUS_MAX_CLAIMED');

    // Midnight UTC is 07:00 in Bangkok: the same day, still refused.
    moveTo('2026-11-23T00:01:00Z');
    m.token = await login(t.app, m.reg.username, m.reg.password);
    expectError(await get(m.token, '/api/bonus/activate/TWICEDAY'), 400, 'BONUS_MAX_CLAIMED');
    const refs = await t.db.query<{ source_ref: string }>(
      `select r.source_ref from rewards r join members m on m.id = r.member_id
       where m.public_id = $1 order by r.id`,
      [m.id],
    );
    expect(refs.map((r) => r.source_ref)).toEqual([
      'TWICEDAY:2026-11-22:1',
      'TWICEDAY:2026-11-22:2',
      'TWICEDAY:2026-11-23:1',
      'TWICEDAY:2026-11-23:2',
    ]);
    expect(await walletAmount(t.app, m.token)).toBe(40);
    await expectLedgerSound(t.db);
  });

  it('[BON-2] [BON-5] maxReceived per week resets on Monday 00:00 in Bangkok', async () => {
    await saveBonus('ONEAWEEK', { type: 'week', maxReceived: 1 });
    const m = await registerAndLogin(t.app);
    // Now Monday 2026-11-23, 07:01 in Bangkok. Go to Sunday 2026-11-29 23:59 Bangkok (16:59Z).
    expect((await get(m.token, '/api/bonus/activate/ONEAWEEK')).status).toBe(200);
    moveTo('2026-11-29T16:59:00Z');
    m.token = await login(t.app, m.reg.username, m.reg.password);
    expectError(await get(m.token, '/api/bonus/activate/ONEAWEEK'), 400, 'BONUS_MAX_CLAIMED');
    expect(await card(m.token, 'ONEAWEEK')).toMatchObject({ state: 'received', type: 'week' });
    // Monday 00:01 in Bangkok.
    t.clock.advance(2 * 60_000);
    expect(await card(m.token, 'ONEAWEEK')).toMatchObject({ state: 'available', receivedInPeriod: 0 });
    const again = await get(m.token, '/api/bonus/activate/ONEAWEEK');
    expect(again.status).toBe(200);
    const [ref] = await t.db.query<{ source_ref: string }>(`select source_ref from rewards where id = $1`, [
      again.body._id,
    ]);
    expect(ref?.source_ref).toBe('ONEAWEEK:2026-11-30:1');
    await expectLedgerSound(t.db);
  });
});
