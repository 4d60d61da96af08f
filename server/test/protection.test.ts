// Player protection: deposit and loss limits, their 24-hour wait for increases, the reality check's
// figures, a time-out and a self-exclusion, each held by the server when a member's requests race
// (PGlite runs them one after another, PostgreSQL truly at once). Time moves by the test's clock.
import { describe, expect, it } from 'vitest';
import {
  NO_PROTECTION_LIMITS,
  PROTECTION_REVIEW_DAYS,
  QR_PROVIDER_CURRENCY,
  type Protection,
  type ProtectionLimits,
} from '@krapao/contract';
import {
  bankTransfer,
  baseUrl,
  call,
  expectError,
  login,
  expectLedgerSound,
  newKey,
  onPostgres,
  registerAndLogin,
  setOwnLimits,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, simBalance } from './games-helpers.ts';
import { LOSING, openGame, rig, spinMany, sum } from './games-play.ts';
import { createQr, payAtGateway } from './qr-gateway.ts';

const t = useTestApp({ ...GAME_TEST_ENV, BET_FEED_EVERY_MS: '0' });
const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/** The Thai gateways a baht member may ask a QR of. */
const THAI_QR = Object.entries(QR_PROVIDER_CURRENCY)
  .filter(([, currency]) => currency === 'BAHT')
  .map(([provider]) => provider);

const protection = async (token: string) => {
  const res = await call(t.app, 'GET', '/api/protection', { token });
  expect(res.status).toBe(200);
  return res.body as unknown as Protection;
};
const setLimits = (token: string, limits: Partial<ProtectionLimits>) => setOwnLimits(t.app, token, limits);
const confirm = (token: string) => call(t.app, 'POST', '/api/protection/limits/confirm', { token });
const HOUR = 3600_000;

/** Moves the clock; the member signs in again (a session does not outlive a day of idleness). */
async function later(m: { reg: { username: string; password: string }; token: string }, ms: number) {
  t.clock.advance(ms);
  m.token = await login(t.app, m.reg.username, m.reg.password);
}

/** Open QR codes of a member, in minor units. */
async function openQrMinor(phone: string) {
  const [row] = await t.db.query<{ open: bigint }>(
    `select coalesce(sum(q.amount), 0)::bigint as open from qrcodes q join members m on m.id = q.member_id
     where m.phone = $1 and q.status = 'CREATED'`,
    [phone],
  );
  return Number(row!.open);
}

async function creditedMinor(phone: string) {
  const [row] = await t.db.query<{ total: bigint }>(
    `select coalesce(sum(d.amount), 0)::bigint as total from deposits d join members m on m.id = d.member_id
     where m.phone = $1 and d.status = 'SUCCESS' and d.channel <> 'NOTICE'`,
    [phone],
  );
  return Number(row!.total);
}

/** A new voucher at the simulated True Wallet service. */
async function voucher(amount: number) {
  const res = await fetch(`${baseUrl(t.app)}/sim/truewallet/vouchers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount }),
  });
  return (await res.json()) as { hash: string; link: string };
}

/** The simulated service's vouchers, with what was redeemed of each (baht). */
async function simVouchers() {
  const res = await fetch(`${baseUrl(t.app)}/sim/truewallet/vouchers`);
  return (await res.json()) as Array<{ hash: string; amount: number; redeemed: number }>;
}

const sendVoucher = (token: string, link: string) =>
  call(t.app, 'POST', '/api/wallet/truelink', {
    token,
    body: { link },
    headers: { 'idempotency-key': newKey() },
  });

describe(`player protection (${db})`, () => {
  it('[care] a deposit limit refuses a QR beyond it with what is left, and 20 concurrent QRs across the gateways never pass it', async () => {
    const m = await registerAndLogin(t.app);
    expect((await setLimits(m.token, { depositDay: 1000, depositWeek: 5000 })).status).toBe(200);
    await bankTransfer(t.app, m.reg, 300);

    const refused = await createQr(t, m.token, 'WW', 800);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'DEPOSIT_LIMIT', left: 700 });
    expect(await openQrMinor(m.reg.username)).toBe(0);

    const asked = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createQr(t, m.token, THAI_QR[i % THAI_QR.length]!, 150)),
    );
    const made = asked.filter((a) => a.status === 200 && a.body.hasQrcode);
    const limited = asked.filter((a) => a.body.message === 'DEPOSIT_LIMIT');
    expect(made.length + limited.length).toBe(20);
    expect(made.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    for (const a of limited) expect(a.body.left).toBeLessThan(150);
    // Credited deposits and the QRs still open never exceed the day's limit.
    expect((await creditedMinor(m.reg.username)) + (await openQrMinor(m.reg.username))).toBeLessThanOrEqual(
      100_000,
    );

    // Every open QR paid: the credited deposits still stay within it.
    const open = await t.db.query<{ payload: string }>(
      `select q.payload from qrcodes q join members m on m.id = q.member_id
       where m.phone = $1 and q.status = 'CREATED'`,
      [m.reg.username],
    );
    for (const q of open) expect((await payAtGateway(t, q.payload)).status).toBe(200);
    const credited = await creditedMinor(m.reg.username);
    expect(credited).toBeLessThanOrEqual(100_000);
    expect((await protection(m.token)).depositLeft).toBe((100_000 - credited) / 100);
    await expectLedgerSound(t.db);
  });

  it('[care] a new QR at a gateway replaces its open one within the limit; a True Wallet link waits once the limit is reached', async () => {
    const m = await registerAndLogin(t.app);
    await setLimits(m.token, { depositDay: 500 });
    expect((await createQr(t, m.token, 'WW', 400)).status).toBe(200);
    // 400 more at WW replaces the open 400 there; at another gateway it would pass the limit.
    expect((await createQr(t, m.token, 'WW', 450)).status).toBe(200);
    expect((await createQr(t, m.token, 'PAYTIMZ', 100)).body).toEqual({ message: 'DEPOSIT_LIMIT', left: 50 });
    expect((await createQr(t, m.token, 'PAYTIMZ', 50)).status).toBe(200);
    const link = await call(t.app, 'POST', '/api/wallet/truelink', {
      token: m.token,
      body: { link: 'AbCdEfGhIjKlMnOpQrSt' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(link.body).toEqual({ message: 'DEPOSIT_LIMIT', left: 0 });
  });

  it('[care] [issue 20] a True Wallet voucher that would pass a deposit limit is refused before it is redeemed, with what is left; concurrent vouchers never pass it', async () => {
    const m = await registerAndLogin(t.app);
    await setLimits(m.token, { depositDay: 500 });
    await bankTransfer(t.app, m.reg, 200);
    const big = await voucher(350);
    const refused = await sendVoucher(m.token, big.link);
    expect(refused.body).toEqual({ message: 'DEPOSIT_LIMIT', left: 300 });
    // Nothing moved: the voucher is still whole at the voucher service, and can be sent again later.
    expect((await simVouchers()).find((v) => v.hash === big.hash)).toMatchObject({ redeemed: 0 });
    expect(await walletAmount(t.app, m.token)).toBe(200);
    expect((await sendVoucher(m.token, big.link)).body).toEqual({ message: 'DEPOSIT_LIMIT', left: 300 });

    // Eight vouchers of 50 at once, with 300 left and a QR of 100 open: never more than the limit.
    expect((await createQr(t, m.token, 'WW', 100)).status).toBe(200);
    const links = await Promise.all(Array.from({ length: 8 }, () => voucher(50)));
    const sent = await Promise.all(links.map((v) => sendVoucher(m.token, v.link)));
    const credited = sent.filter((r) => r.status === 200);
    expect(credited).toHaveLength(4);
    for (const r of sent.filter((r) => r.status !== 200))
      expect(r.body).toEqual({ message: 'DEPOSIT_LIMIT', left: 0 });
    expect((await creditedMinor(m.reg.username)) + (await openQrMinor(m.reg.username))).toBe(50_000);
    expect(await walletAmount(t.app, m.token)).toBe(400);
    expect((await protection(m.token)).depositLeft).toBe(0);
    await expectLedgerSound(t.db);
  });

  it('[care] a decrease applies at once; an increase or removal waits 24 hours and a confirmation', async () => {
    const m = await registerAndLogin(t.app);
    await setLimits(m.token, { depositDay: 1000, lossWeek: 300 });
    const lower = await setLimits(m.token, { depositDay: 500, lossWeek: 300 });
    expect(lower.body).toMatchObject({ limits: { depositDay: 500, lossWeek: 300 }, pending: null });

    const raised = (await setLimits(m.token, { depositDay: 2000, lossDay: 100 })).body as Protection;
    // The new loss limit is lower than none: at once. The raise and the removal wait.
    expect(raised.limits).toEqual({ ...NO_PROTECTION_LIMITS, depositDay: 500, lossDay: 100, lossWeek: 300 });
    expect(raised.pending).toMatchObject({
      limits: { ...NO_PROTECTION_LIMITS, depositDay: 2000, lossDay: 100 },
      appliesAt: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
      confirmable: false,
    });

    expectError(await confirm(m.token), 409, 'LIMIT_NOT_YET');
    await later(m, 24 * HOUR - 60_000);
    expectError(await confirm(m.token), 409, 'LIMIT_NOT_YET');
    expect((await protection(m.token)).limits.depositDay).toBe(500);
    await later(m, 60_000);
    const confirmed = (await confirm(m.token)).body as Protection;
    expect(confirmed.limits).toEqual({ ...NO_PROTECTION_LIMITS, depositDay: 2000, lossDay: 100 });
    expect(confirmed.pending).toBeNull();
    expectError(await confirm(m.token), 404, 'NOT_FOUND');

    // A lower set sent while a raise waits replaces it.
    await setLimits(m.token, { depositDay: 3000 });
    expect((await setLimits(m.token, { depositDay: 1500, lossDay: 100 })).body).toMatchObject({
      pending: null,
      limits: { depositDay: 1500, lossDay: 100 },
    });
    // Bad input changes nothing.
    const bad = await call(t.app, 'PUT', '/api/protection/limits', {
      token: m.token,
      body: { ...NO_PROTECTION_LIMITS, depositDay: 10.001 },
    });
    expectError(bad, 400, 'INVALID_REQUEST');
    expect((await protection(m.token)).limits.depositDay).toBe(1500);
  });

  it('[care] money a bank transfer brings beyond the limit is credited and withdrawable but not playable until the next day, under concurrent transfers', async () => {
    const m = await registerAndLogin(t.app);
    await setLimits(m.token, { depositDay: 500 });
    await bankTransfer(t.app, m.reg, 800);
    expect(await walletAmount(t.app, m.token)).toBe(800);
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);

    const moves = await Promise.all(
      Array.from({ length: 10 }, () =>
        gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 100 }),
      ),
    );
    expect(moves.filter((r) => r.body.status === 'SUCCESS')).toHaveLength(5);
    for (const r of moves.filter((r) => r.body.status !== 'SUCCESS')) expectError(r, 400, 'DEPOSIT_LIMIT');
    expect(await walletAmount(t.app, m.token)).toBe(300);
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);

    // Midnight in Bangkok: a new day, nothing held.
    await later(m, 24 * HOUR);
    const next = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 100 });
    expect(next.body).toMatchObject({ status: 'SUCCESS' });
    await expectLedgerSound(t.db);
  });

  it('[care] once the loss limit is reached, transfers into games stop until the period ends', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1000);
    await setLimits(m.token, { lossDay: 50 });
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    expect(
      (await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 200 })).body,
    ).toMatchObject({ status: 'SUCCESS' });
    const game = await openGame(t.app, m.token, 'PG');
    await rig(
      t.app,
      'PG',
      game.data!.username,
      Array.from({ length: 6 }, () => LOSING),
    );
    const rounds = await spinMany(t.app, game.data!.session, 1000n, 6);
    expect(sum(rounds, 'betMinor') - sum(rounds, 'winMinor')).toBe(6000n);
    await t.app.pullBets();
    expect((await protection(m.token)).used.lossDay).toBe(60);

    const moves = await Promise.all(
      Array.from({ length: 5 }, () => gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 10 })),
    );
    for (const r of moves) expectError(r, 400, 'LOSS_LIMIT');
    // Money still comes out of the game.
    expect(
      (await gameTransfer(t.app, m.token, { from: 'PG', to: 'WALLET', amount: 100 })).body,
    ).toMatchObject({ status: 'SUCCESS' });

    await later(m, 24 * HOUR);
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 10 })).body).toMatchObject(
      { status: 'SUCCESS' },
    );
    await expectLedgerSound(t.db);
  });

  it('[care] a self-exclusion brings game money back and refuses deposits, play and programmes, but not withdrawals or the statement, for its whole length', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1000);
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 300 });
    const game = await openGame(t.app, m.token, 'PG');

    const excluded = await call(t.app, 'POST', '/api/protection/exclusion', {
      token: m.token,
      body: { months: 6 },
    });
    expect(excluded.status).toBe(200);
    const until = (excluded.body as unknown as Protection).block!.until;
    expect(excluded.body).toMatchObject({ block: { kind: 'EXCLUSION' } });
    expect(new Date(until).getTime()).toBeGreaterThan(t.clock.now().getTime() + 180 * 24 * HOUR);
    expect(await walletAmount(t.app, m.token)).toBe(1000);
    expect(await simBalance(t.app, 'PG', game.data!.username)).toBe(0n);

    const refused = await Promise.all([
      ...THAI_QR.map((p) => createQr(t, m.token, p, 100)),
      ...Array.from({ length: 5 }, () =>
        gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 10 }),
      ),
      call(t.app, 'POST', '/api/wallet/truelink', {
        token: m.token,
        body: { link: 'AbCdEfGhIjKlMnOpQrSt' },
        headers: { 'idempotency-key': newKey() },
      }),
      call(t.app, 'GET', '/api/bonus/activate/WELCOME', { token: m.token }),
      call(t.app, 'GET', '/api/promotion/activate/ANY', { token: m.token }),
      call(t.app, 'POST', '/api/spinwheel/spin', { token: m.token, body: {} }),
      call(t.app, 'GET', '/api/refund/receive', { token: m.token }),
      call(t.app, 'GET', '/api/invite/bonus', { token: m.token }),
      // No game opens either (a launch link is play).
      call(t.app, 'GET', `/api/autoLogin/PG/${game.data!.username}`, { token: m.token }),
    ]);
    for (const [i, r] of refused.entries())
      expect(r.body.message, `${i} ${JSON.stringify(r.body)}`).toBe('SELF_EXCLUDED');
    expect(await openQrMinor(m.reg.username)).toBe(0);
    // Marketing stops: no programme banners.
    expect((await call(t.app, 'GET', '/api/refund/banners', { token: m.token })).body.banners).toEqual([]);
    expect((await call(t.app, 'GET', '/api/invite/banners', { token: m.token })).body.banners).toEqual([]);

    // What is theirs stays theirs: a withdrawal and the statement.
    expect((await withdraw(t.app, m.token, 500)).status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/statement', { token: m.token, body: { page: 1, limit: 10 } })).status,
    ).toBe(200);

    // A time-out asked now does not shorten it.
    const timeout = await call(t.app, 'POST', '/api/protection/timeout', {
      token: m.token,
      body: { days: 1 },
    });
    expect(timeout.body).toMatchObject({ block: { kind: 'EXCLUSION', until } });
    await later(m, 30 * 24 * HOUR);
    expect((await createQr(t, m.token, 'WW', 100)).body.message).toBe('SELF_EXCLUDED');
    await expectLedgerSound(t.db);
  });

  it('[care] [issue 20] marketing stops during a time-out: no bonus is offered and the wheel is not, until it ends', async () => {
    const m = await registerAndLogin(t.app);
    const offers = async () => ({
      bonuses: (await call(t.app, 'GET', '/api/bonus', { token: m.token })).body as unknown as unknown[],
      wheel: (await call(t.app, 'GET', '/api/spinwheel/active', { token: m.token })).body.isActive,
    });
    const before = await offers();
    expect(before.bonuses.length).toBeGreaterThan(0);
    expect(before.wheel).toBe(true);
    await call(t.app, 'POST', '/api/protection/timeout', { token: m.token, body: { days: 1 } });
    expect(await offers()).toEqual({ bonuses: [], wheel: false });
    await later(m, 24 * HOUR);
    expect(await offers()).toEqual(before);
  });

  it("[care] a time-out ends by itself; the reality check setting and this sign-in's net result are answered", async () => {
    const m = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'POST', '/api/protection/timeout', { token: m.token, body: { days: 3 } }),
      400,
      'INVALID_REQUEST',
    );
    const out = await call(t.app, 'POST', '/api/protection/timeout', { token: m.token, body: { days: 1 } });
    expect(out.body).toMatchObject({
      block: { kind: 'TIMEOUT', until: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString() },
    });
    expect((await createQr(t, m.token, 'WW', 100)).body.message).toBe('SELF_EXCLUDED');
    await later(m, 24 * HOUR);
    expect((await createQr(t, m.token, 'WW', 100)).status).toBe(200);

    const signedIn = (await protection(m.token)).session.signedInAt;
    expect(signedIn).toBe(t.clock.now().toISOString());
    const rc = await call(t.app, 'PUT', '/api/protection/reality-check', {
      token: m.token,
      body: { minutes: 15 },
    });
    expect(rc.body).toMatchObject({ realityCheckMinutes: 15, session: { signedInAt: signedIn, net: 0 } });
    expectError(
      await call(t.app, 'PUT', '/api/protection/reality-check', { token: m.token, body: { minutes: 20 } }),
      400,
      'INVALID_REQUEST',
    );
  });

  it('[care] six months after registration, and six months after each review, the member is asked to look over their limits and play', async () => {
    const m = await registerAndLogin(t.app);
    expect((await protection(m.token)).reviewDue).toBe(false);
    await later(m, (PROTECTION_REVIEW_DAYS - 1) * 24 * HOUR);
    expect((await protection(m.token)).reviewDue).toBe(false);
    await later(m, 24 * HOUR);
    expect((await protection(m.token)).reviewDue).toBe(true);

    const reviewed = await call(t.app, 'POST', '/api/protection/review', { token: m.token });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ reviewDue: false, limits: NO_PROTECTION_LIMITS, block: null });
    // The review changes nothing else, and is asked again six months on.
    await later(m, (PROTECTION_REVIEW_DAYS - 1) * 24 * HOUR);
    expect((await protection(m.token)).reviewDue).toBe(false);
    await later(m, 24 * HOUR);
    expect((await protection(m.token)).reviewDue).toBe(true);
    expectError(await call(t.app, 'POST', '/api/protection/review', {}), 401, 'UNAUTHORIZED');
  });
});
