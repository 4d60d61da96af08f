// The spin wheel (SPIN-1 to SPIN-4): coins earned once per deposit in baht and kip, one coin per spin,
// the draw provably fair (contract/src/spin-fair.ts) and unbiased over the operator's weights, coupons
// claimed once, a credit prize paid as a reward (refused while another is active), the operator's wheel
// audited. Run in a Laos build, where baht and kip members live side by side.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { spin as contract } from '@krapao/contract';
import { commitment, draw } from '../src/modules/spin/fair.ts';
import { SEED_SLICES } from '../src/modules/spin/seed.ts';
import {
  bankTransfer,
  BCEL_HOUSE_ACCOUNT,
  call,
  expectError,
  expectLedgerSound,
  freshAccountNo,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';

const OPS = 'operator-token-for-spin-tests';
const t = useTestApp({ REGION: 'la', OPS_TOKEN: OPS });

const ops = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, { token: OPS, ...(body !== undefined ? { body } : {}) });
const get = (token: string, path: string) => call(t.app, 'GET', `/api/spinwheel/${path}`, { token });
const spinOnce = (token: string) => call(t.app, 'POST', '/api/spinwheel/spin', { token, body: {} });
const claim = (token: string, coupon: string) =>
  call(t.app, 'POST', '/api/spinwheel/coupon/claim', { token, body: { coupon } });

const bahtMember = () =>
  registerAndLogin(t.app, { bankCode: 'KBANK', bankAccountNo: freshAccountNo(), currency: 'BAHT' });
const kipMember = () =>
  registerAndLogin(t.app, { bankCode: 'BCEL', bankAccountNo: freshAccountNo(), currency: 'LAK' });

async function coinsOf(token: string): Promise<number> {
  const res = await get(token, 'setup');
  expect(res.status).toBe(200);
  return (res.body.result as { userCoin: number }).userCoin;
}

async function giveCoins(member: string, coins: number) {
  const res = await ops('POST', '/api/ops/spin/coins', { member, coins });
  expect(res.status).toBe(200);
}

/** A wheel where only `code` can win (the other slice weighs nothing). */
async function onlySlice(code: string) {
  const win = SEED_SLICES.find((s) => s.code === code)!;
  const other = SEED_SLICES.find((s) => s.code !== code)!;
  const res = await ops('PUT', '/api/ops/spin/slices', {
    slices: [
      { ...win, weight: 1 },
      { ...other, weight: 0 },
    ],
  });
  expect(res.status).toBe(200);
}
const seededWheel = () => ops('PUT', '/api/ops/spin/slices', { slices: SEED_SLICES });

/** Spins as the web does: reads the commitment first, spins, and checks the reveal against it. */
async function spinAndCheck(token: string) {
  const before = (await get(token, 'setup')).body.result as { fair: contract.Fairness };
  const res = await spinOnce(token);
  expect(res.status).toBe(200);
  const result = res.body.result as {
    code: string;
    remainingCoin: number;
    coupon: string | null;
    proof: contract.SpinProof;
    nextServerSeedHash: string;
  };
  expect(result.proof.serverSeedHash).toBe(before.fair.serverSeedHash);
  expect(result.proof.spinNumber).toBe(before.fair.nextSpinNumber);
  expect(result.proof.clientSeed).toBe(before.fair.clientSeed);
  // The commitment shown before is SHA-256 of the seed's hex text, a newline and the wheel's slices.
  expect(
    createHash('sha256')
      .update(
        `${result.proof.serverSeed}\n${result.proof.weights.map((w) => `${w.code}:${w.weight}`).join(',')}`,
      )
      .digest('hex'),
  ).toBe(before.fair.serverSeedHash);
  return { ...result, committed: before.fair.serverSeedHash };
}

describe('the wheel (SPIN-4)', () => {
  it('[SPIN-4] setup answers the seeded wheel of 8 slices with their probabilities, the coins and the seed hash; active answers isActive', async () => {
    const m = await bahtMember();
    const res = await get(m.token, 'setup');
    expect(res.status).toBe(200);
    const { activeSpinwheel, userCoin, fair } = res.body.result as {
      activeSpinwheel: { name: Record<string, string>; slices: contract.Slice[] };
      userCoin: number;
      fair: contract.Fairness;
    };
    expect(userCoin).toBe(0);
    expect(activeSpinwheel.name).toMatchObject({
      th: expect.any(String),
      la: expect.any(String),
      en: 'Lucky wheel',
    });
    expect(activeSpinwheel.slices).toHaveLength(8);
    for (const s of activeSpinwheel.slices) {
      expect(s.label.la).toMatch(/[\u0E80-\u0EFF]/);
      expect(s.label.th).toMatch(/[\u0E00-\u0E7F]/);
    }
    const total = SEED_SLICES.reduce((a, s) => a + s.weight, 0);
    expect(activeSpinwheel.slices.map((s) => s.probability)).toEqual(
      SEED_SLICES.map((s) => s.weight / total),
    );
    expect(activeSpinwheel.slices.find((s) => s.code === 'CREDIT50')).toMatchObject({
      type: 'credit',
      amount: 50,
    });
    expect(fair.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fair.nextSpinNumber).toBe(1);

    // A kip member sees the kip amounts.
    const k = await kipMember();
    const kip = (await get(k.token, 'setup')).body.result as {
      activeSpinwheel: { slices: contract.Slice[] };
    };
    expect(kip.activeSpinwheel.slices.find((s) => s.code === 'CREDIT50')?.amount).toBe(30_000);

    expect((await get(m.token, 'active')).body).toEqual({ isActive: true });
  });

  it('[SPIN-4] the operator switches the wheel off and on (audited): off, setup has no wheel and a spin is SPIN_INACTIVE', async () => {
    const m = await bahtMember();
    await giveCoins(m.reg.username, 1);
    const off = await ops('PUT', '/api/ops/spin/wheel', { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, couponValidDays: 7 });
    expect((await get(m.token, 'active')).body).toEqual({ isActive: false });
    expect((await get(m.token, 'setup')).body.result).toMatchObject({ activeSpinwheel: null, userCoin: 1 });
    expectError(await spinOnce(m.token), 400, 'SPIN_INACTIVE');
    expect(await coinsOf(m.token)).toBe(1);
    expect((await ops('PUT', '/api/ops/spin/wheel', { active: true })).status).toBe(200);
    expect((await get(m.token, 'active')).body).toEqual({ isActive: true });

    const actions = await t.db.query<{ action: string; outcome: string }>(
      `select action, outcome from ops_actions where action like 'spin.%' order by id`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'spin.coins', outcome: 'DONE' },
        { action: 'spin.wheel', outcome: 'DONE' },
      ]),
    );
    // Without the operator's token there is no operator API.
    expectError(await call(t.app, 'GET', '/api/ops/spin', { token: m.token }), 401, 'UNAUTHORIZED');
    // A wheel without weight, or a credit prize without a kip amount, is refused.
    const zero = SEED_SLICES.map((s) => ({ ...s, weight: 0 }));
    expectError(await ops('PUT', '/api/ops/spin/slices', { slices: zero }), 400, 'INVALID_REQUEST');
    const noKip = SEED_SLICES.map((s) => (s.type === 'credit' ? { ...s, amounts: { BAHT: 10 } } : s));
    expectError(await ops('PUT', '/api/ops/spin/slices', { slices: noKip }), 400, 'INVALID_REQUEST');
  });
});

describe('coins (SPIN-2)', () => {
  it('[SPIN-2] a deposit earns one coin per 300 baht once, replayed or answering a notice; kip earns per 200,000 kip', async () => {
    const m = await bahtMember();
    const sent = await bankTransfer(t.app, m.reg, 1_000);
    expect(sent.feed.results[0]!.outcome).toBe('CREDITED');
    expect(await coinsOf(m.token)).toBe(3);

    // The feed reporting the same transfer again, and the row touched again, earn nothing more.
    const again = await bankTransfer(t.app, m.reg, 1_000, sent.reference);
    expect(again.feed.results[0]!.outcome).not.toBe('CREDITED');
    await t.db.query(`update deposits set status = 'SUCCESS' where reference = $1`, [sent.reference]);
    expect(await coinsOf(m.token)).toBe(3);

    // A notice answered by the credit is that credit's deposit: 600 baht earns 2 coins, not 4.
    const notice = await call(t.app, 'POST', '/api/wallet/add', {
      token: m.token,
      body: { amount: 600 },
      headers: { 'idempotency-key': `spin-notice-${m.id}` },
    });
    expect(notice.body.status).toBe('PENDING');
    await bankTransfer(t.app, m.reg, 600);
    expect(await coinsOf(m.token)).toBe(5);
    // Below the rule's amount earns nothing.
    await bankTransfer(t.app, m.reg, 299.99);
    expect(await coinsOf(m.token)).toBe(5);

    // The profile's coin (HOME-1's spin-coin button) is the same count.
    expect((await call(t.app, 'GET', '/api/account/profile', { token: m.token })).body.coin).toBe(5);

    const k = await kipMember();
    await bankTransfer(t.app, k.reg, 1_000_000, undefined, BCEL_HOUSE_ACCOUNT);
    expect(await coinsOf(k.token)).toBe(5);
    const moves = await t.db.query<{ n: number }>(
      `select count(*)::int as n from spin_coin_moves where reason = 'deposit'
       and member_id = (select id from members where public_id = $1)`,
      [m.id],
    );
    // The 1,000 and the 600 baht deposits; not the notice they answered, nor the 299.99.
    expect(moves[0]!.n).toBe(2);
  });

  it('[SPIN-2] each spin takes one coin; with 0 coins the spin is refused (SPIN_NO_COIN) and nothing is drawn', async () => {
    const m = await bahtMember();
    expectError(await spinOnce(m.token), 400, 'SPIN_NO_COIN');
    await giveCoins(m.id, 2);
    const first = await spinAndCheck(m.token);
    expect(first.remainingCoin).toBe(1);
    const second = await spinAndCheck(m.token);
    expect(second.remainingCoin).toBe(0);
    expect(second.proof.spinNumber).toBe(first.proof.spinNumber + 1);
    expectError(await spinOnce(m.token), 400, 'SPIN_NO_COIN');
    expect(await coinsOf(m.token)).toBe(0);
    const [n] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from spins where member_id = (select id from members where public_id = $1)',
      [m.id],
    );
    expect(n!.n).toBe(2);
  });

  it('[SPIN-2] ten spins at once with three coins: three are drawn, the others refused, never below zero', async () => {
    const m = await bahtMember();
    await giveCoins(m.id, 3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => spinOnce(m.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 400, 'SPIN_NO_COIN');
    expect(await coinsOf(m.token)).toBe(0);
  });
});

describe('a repeated spin (SPIN-2, Idempotency-Key)', () => {
  const spinWithKey = (token: string, key: string) =>
    call(t.app, 'POST', '/api/spinwheel/spin', { token, body: {}, headers: { 'Idempotency-Key': key } });
  const spinsOf = async (member: string) => {
    const [n] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from spins where member_id = (select id from members where public_id = $1)',
      [member],
    );
    return n!.n;
  };

  it('[SPIN-2] a repeat with the same key answers the same spin and takes no second coin; another key spins again', async () => {
    const m = await bahtMember();
    await giveCoins(m.id, 3);
    const first = await spinWithKey(m.token, 'spin-key-0001');
    expect(first.status).toBe(200);
    expect((first.body.result as { remainingCoin: number }).remainingCoin).toBe(2);
    const repeat = await spinWithKey(m.token, 'spin-key-0001');
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await coinsOf(m.token)).toBe(2);
    expect(await spinsOf(m.id)).toBe(1);

    const other = await spinWithKey(m.token, 'spin-key-0002');
    expect(other.status).toBe(200);
    const otherResult = other.body.result as { remainingCoin: number; proof: contract.SpinProof };
    expect(otherResult.remainingCoin).toBe(1);
    expect(otherResult.proof.spinNumber).toBe(
      (first.body.result as { proof: contract.SpinProof }).proof.spinNumber + 1,
    );
    expect(await coinsOf(m.token)).toBe(1);
    expect(await spinsOf(m.id)).toBe(2);

    // The first key still answers its own spin, with the coins as they are now; a spin without a key
    // spends as before.
    const late = await spinWithKey(m.token, 'spin-key-0001');
    expect(late.body.result).toEqual({ ...(first.body.result as object), remainingCoin: 1 });
    expect((await spinOnce(m.token)).status).toBe(200);
    expect(await coinsOf(m.token)).toBe(0);

    // Another member's key is their own: the same key spends their coin.
    const n = await bahtMember();
    await giveCoins(n.id, 1);
    expect((await spinWithKey(n.token, 'spin-key-0001')).status).toBe(200);
    expect(await coinsOf(n.token)).toBe(0);
  });

  it('[SPIN-2] five requests at once with one key make one spin and take one coin, all answering it', async () => {
    const m = await bahtMember();
    await giveCoins(m.id, 3);
    // The seeds are made first (setup), so only the spin's own row lock orders the requests.
    expect(await coinsOf(m.token)).toBe(3);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => spinWithKey(m.token, 'same-key-at-once')),
    );
    for (const a of answers) expect(a.status).toBe(200);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await coinsOf(m.token)).toBe(2);
    expect(await spinsOf(m.id)).toBe(1);
    const [moves] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from spin_coin_moves
       where reason = 'spin' and member_id = (select id from members where public_id = $1)`,
      [m.id],
    );
    expect(moves!.n).toBe(1);
  });

  it('[SPIN-2] a malformed key is refused (KEY_INVALID) and spends nothing; a refused spin leaves its key unused', async () => {
    const m = await bahtMember();
    expectError(await spinWithKey(m.token, 'bad key!'), 400, 'KEY_INVALID');
    expectError(await spinWithKey(m.token, 'retry-after-refusal'), 400, 'SPIN_NO_COIN');
    await giveCoins(m.id, 1);
    expect(await coinsOf(m.token)).toBe(1);
    const res = await spinWithKey(m.token, 'retry-after-refusal');
    expect(res.status).toBe(200);
    expect(await coinsOf(m.token)).toBe(0);
  });
});

describe('coupons (SPIN-3, SPIN-4)', () => {
  it('[SPIN-3] a credit coupon claimed 20 times at once pays once, as a spin reward with the slice percentages', async () => {
    await onlySlice('CREDIT50');
    try {
      const m = await bahtMember();
      await bankTransfer(t.app, m.reg, 300);
      const won = await spinAndCheck(m.token);
      expect(won.code).toBe('CREDIT50');
      expect(won.coupon).toMatch(/^[A-Z0-9]{12}$/);
      const list = (await get(m.token, 'coupon')).body.result as contract.Coupon[];
      expect(list[0]).toMatchObject({
        _id: won.coupon,
        type: 'credit',
        amount: 50,
        claimable: true,
        prize: { name: { en: expect.stringContaining('50 baht') }, slice: { code: 'CREDIT50' } },
      });

      const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m.token, won.coupon!)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 400, 'NO_CLAIMABLE_COUPON');
      expect(await walletAmount(t.app, m.token)).toBe(350);
      const rewards = await t.db.query<Record<string, unknown>>(
        `select source, source_ref, amount::int as amount, percent_success::float as ps, percent_fail::float as pf, status
         from rewards where member_id = (select id from members where public_id = $1)`,
        [m.id],
      );
      expect(rewards).toEqual([
        {
          source: 'spin',
          source_ref: `coupon:${won.coupon}`,
          amount: 5_000,
          ps: 300,
          pf: 10,
          status: 'ACTIVE',
        },
      ]);
      const after = (await get(m.token, 'coupon')).body.result as contract.Coupon[];
      expect(after[0]).toMatchObject({ claimable: false, claimedAt: expect.any(String) });

      // [BON-5] with the prize active: no withdrawal; and another credit coupon is refused with
      // BONUS_REMAINING and stays claimable.
      expectError(await withdraw(t.app, m.token, 100), 400, 'BONUS_REMAINING');
      await giveCoins(m.id, 1);
      const next = await spinAndCheck(m.token);
      expectError(await claim(m.token, next.coupon!), 400, 'BONUS_REMAINING');
      const still = (await get(m.token, 'coupon')).body.result as contract.Coupon[];
      expect(still.find((c) => c._id === next.coupon)).toMatchObject({ claimable: true });
      expect(await walletAmount(t.app, m.token)).toBe(350);
      await expectLedgerSound(t.db);
    } finally {
      await seededWheel();
    }
  });

  it('[SPIN-3] a coins coupon adds its coins once; a kip credit coupon pays kip', async () => {
    await onlySlice('COIN3');
    try {
      const m = await bahtMember();
      await giveCoins(m.id, 1);
      const won = await spinAndCheck(m.token);
      expect(won).toMatchObject({ code: 'COIN3', remainingCoin: 0 });
      const answers = await Promise.all(Array.from({ length: 5 }, () => claim(m.token, won.coupon!)));
      expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([
        { success: true, type: 'coins', amount: null, coins: 3 },
      ]);
      expect(await coinsOf(m.token)).toBe(3);
    } finally {
      await seededWheel();
    }
    await onlySlice('CREDIT20');
    try {
      const k = await kipMember();
      await giveCoins(k.id, 1);
      const won = await spinAndCheck(k.token);
      expect((await claim(k.token, won.coupon!)).body).toEqual({
        success: true,
        type: 'credit',
        amount: 12_000,
        coins: null,
      });
      expect(await walletAmount(t.app, k.token)).toBe(12_000);
    } finally {
      await seededWheel();
    }
  });

  it("[SPIN-4] claim refusals: INVALID_CODE, NO_CLAIMABLE_COUPON (unknown or another member's), COUPON_EXPIRED", async () => {
    await onlySlice('COIN1');
    try {
      const m = await bahtMember();
      const other = await bahtMember();
      await giveCoins(m.id, 1);
      const won = await spinAndCheck(m.token);
      expectError(await claim(m.token, 'not a coupon'), 400, 'INVALID_CODE');
      expectError(await claim(m.token, 'ABCDEFGHJKLM'), 400, 'NO_CLAIMABLE_COUPON');
      expectError(await claim(other.token, won.coupon!), 400, 'NO_CLAIMABLE_COUPON');
      // The coupon's validity (7 days for the seeded wheel) is over.
      await t.db.query(`update spin_coupons set expires_at = $2 where public_id = $1`, [
        won.coupon,
        new Date(t.clock.now().getTime() - 1000),
      ]);
      expectError(await claim(m.token, won.coupon!), 400, 'COUPON_EXPIRED');
      const list = (await get(m.token, 'coupon')).body.result as contract.Coupon[];
      expect(list[0]).toMatchObject({ claimable: false, claimedAt: null });
    } finally {
      await seededWheel();
    }
  });
});

describe('provably fair (SPIN-2)', () => {
  it('[SPIN-2] the draw over 100,000 spins matches the seeded weights (chi-square at 1 %)', () => {
    const weights = SEED_SLICES.map((s) => s.weight);
    const total = weights.reduce((a, w) => a + w, 0);
    const counts = weights.map(() => 0);
    const N = 100_000;
    const serverSeed = createHash('sha256').update('chi-square server seed').digest('hex');
    for (let i = 1; i <= N; i++) counts[draw(serverSeed, 'chi-square', i, weights)]!++;
    const chi = counts.reduce((a, c, s) => {
      const expected = (N * weights[s]!) / total;
      return a + (c - expected) ** 2 / expected;
    }, 0);
    // The 99th percentile of chi-square with 7 degrees of freedom.
    expect(chi).toBeLessThan(18.475);
  });

  it('[SPIN-2] the draw rejects a chunk at or above the last whole multiple of the weight (no modulo bias)', () => {
    const weights = [1, 2];
    const limit = 2 ** 52 - (2 ** 52 % 3);
    const hex = (n: number) => n.toString(16).padStart(13, '0');
    // The first chunk is rejected; the second (5 mod 3 = 2) lands on slice 1.
    expect(contract.pickSlice(hex(limit) + hex(5) + '0'.repeat(38), weights)).toBe(1);
    expect(contract.pickSlice(hex(limit - 1) + '0'.repeat(51), weights)).toBe(Number((limit - 1) % 3 >= 1));
    expect(contract.pickSlice(hex(limit).repeat(4) + '0'.repeat(12), weights)).toBeNull();
    // A roll whose chunks are all rejected goes to the next round's HMAC.
    let rounds = 0;
    expect(
      contract.drawWith(
        (r) => (++rounds, r === 0 ? hex(limit).repeat(4) + '0000' : hex(0).repeat(5)),
        weights,
      ),
    ).toBe(0);
    expect(rounds).toBe(2);
    // The server's roll is the HMAC the contract names.
    const seed = 'a'.repeat(64);
    const roll = createHmac('sha256', seed).update('client:7').digest('hex');
    expect(draw(seed, 'client', 7, [1, 1, 1])).toBe(contract.pickSlice(roll, [1, 1, 1]));
  });

  it("[SPIN-2] docs/api.md's worked example: the commitment, the roll and the slice", async () => {
    const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    const weights = SEED_SLICES.map((s) => ({ code: s.code, weight: s.weight }));
    expect(contract.wheelText(weights)).toBe(
      'CREDIT20:220,TRY1:180,COIN1:200,CREDIT50:120,TRY2:170,COIN3:60,CREDIT100:40,CREDIT500:10',
    );
    expect(commitment(seed, weights)).toBe(
      '522a61d5fe55b61ba716368259eae07b3cdf9b25729032822ef8ca08e0f5ef38',
    );
    expect(await contract.commitmentOf(seed, weights)).toBe(commitment(seed, weights));
    expect(createHmac('sha256', seed).update('my-lucky-seed:1').digest('hex')).toBe(
      '3a26036ff23f95929cc5b6591278ec06c68bc88950a6e5e21373ffbfd3c5eb79',
    );
    expect(
      weights[
        draw(
          seed,
          'my-lucky-seed',
          1,
          weights.map((w) => w.weight),
        )
      ]!.code,
    ).toBe('CREDIT50');
  });

  it('[SPIN-2] the commitment binds the seed to the wheel: an operator edit shows a new commitment before the spin, and the spin proves against it only', async () => {
    await seededWheel();
    const m = await bahtMember();
    await giveCoins(m.id, 1);
    const first = (await get(m.token, 'setup')).body.result as { fair: contract.Fairness };
    await onlySlice('CREDIT20');
    const second = (await get(m.token, 'setup')).body.result as { fair: contract.Fairness };
    expect(second.fair.nextSpinNumber).toBe(first.fair.nextSpinNumber);
    expect(second.fair.serverSeedHash).not.toBe(first.fair.serverSeedHash);
    const spun = (await spinOnce(m.token)).body.result as { code: string; proof: contract.SpinProof };
    expect(spun.code).toBe('CREDIT20');
    expect(await contract.recomputeSpin(spun.proof, second.fair.serverSeedHash)).toEqual({
      hashMatches: true,
      code: 'CREDIT20',
    });
    expect((await contract.recomputeSpin(spun.proof, first.fair.serverSeedHash)).hashMatches).toBe(false);
  });

  it("[SPIN-2] the verify recomputation (Web Crypto, as in the browser) equals the server's result for every spin, with the member's own client seed", async () => {
    const m = await bahtMember();
    await giveCoins(m.id, 30);
    const seeded = await call(t.app, 'POST', '/api/spinwheel/seed', {
      token: m.token,
      body: { clientSeed: 'my-lucky-seed' },
    });
    expect(seeded.status).toBe(200);
    expect(seeded.body.fair).toMatchObject({ clientSeed: 'my-lucky-seed', nextSpinNumber: 1 });
    expectError(
      await call(t.app, 'POST', '/api/spinwheel/seed', { token: m.token, body: { clientSeed: 'no spaces' } }),
      400,
      'INVALID_REQUEST',
    );
    const results: Array<{ code: string; proof: contract.SpinProof; committed: string }> = [];
    for (let i = 0; i < 30; i++) results.push(await spinAndCheck(m.token));
    expect(new Set(results.map((r) => r.proof.serverSeed)).size).toBe(30);
    for (const r of results) {
      expect(r.proof.clientSeed).toBe('my-lucky-seed');
      expect(await contract.recomputeSpin(r.proof, r.committed)).toEqual({ hashMatches: true, code: r.code });
    }
    // The history the verify view reads gives the same proofs, newest first.
    const history = (await get(m.token, 'spins')).body.result as contract.SpinRecord[];
    expect(history).toHaveLength(20);
    for (const h of history) {
      const spun = results.find((r) => r.proof.spinNumber === h.proof.spinNumber)!;
      expect(h.proof).toEqual(spun.proof);
      expect(await contract.recomputeSpin(h.proof, spun.committed)).toEqual({
        hashMatches: true,
        code: h.code,
      });
    }
    // A forged seed does not match the commitment, even with a hash made for it.
    const forgedSeed = 'f'.repeat(64);
    const forged = {
      ...history[0]!.proof,
      serverSeed: forgedSeed,
      serverSeedHash: await contract.commitmentOf(forgedSeed, history[0]!.proof.weights),
    };
    const committed = results.find((r) => r.proof.spinNumber === forged.spinNumber)!.committed;
    expect((await contract.recomputeSpin(forged, committed)).hashMatches).toBe(false);
    // Nor do other weights under the true seed: the commitment binds the wheel too.
    const reweighted = {
      ...history[0]!.proof,
      weights: history[0]!.proof.weights.map((w, i) => ({ ...w, weight: i === 0 ? w.weight + 1 : w.weight })),
    };
    expect((await contract.recomputeSpin(reweighted, committed)).hashMatches).toBe(false);
  });
});
