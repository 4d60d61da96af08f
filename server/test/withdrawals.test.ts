import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  baseUrl,
  call,
  eventually,
  expectError,
  expectLedgerSound,
  makeApp,
  useTestApp,
  newKey,
  registerAndLogin,
  setPayoutMode,
  walletAmount,
  withdraw,
  withdrawalStatus,
} from './helpers.ts';

const t = useTestApp({
  OPS_TOKEN: 'operator-token-for-tests',
  OPS_TOKENS: 'alice:alice-token-for-tests,bob:bob-token-for-the-tests',
});

async function fundedMember(amount: number) {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, amount);
  return m;
}
const ops = (method: 'GET' | 'POST', url: string) =>
  call(t.app, method, url, { headers: { authorization: 'Bearer operator-token-for-tests' } });

describe('withdrawals', () => {
  it('[WD-1] refuses amounts outside the limits and above the balance, moving nothing', async () => {
    const { token } = await fundedMember(60_000);
    expectError(await withdraw(t.app, token, 99.99), 400, 'WITHDRAW_MINIMUM');
    expectError(await withdraw(t.app, token, 50_000.01), 400, 'WITHDRAW_MAXIMUM');
    expectError(await withdraw(t.app, token, 60_000.01), 400, 'MONEY_NOT_ENOUGH');
    expectError(await withdraw(t.app, token, 0), 400, 'INVALID_REQUEST');
    expectError(await withdraw(t.app, token, 100.001), 400, 'INVALID_REQUEST');
    expect(await walletAmount(t.app, token)).toBe(60_000);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] the money leaves the wallet at once, then is paid to the registered account', async () => {
    await setPayoutMode(t.app, 'pay');
    const { token } = await fundedMember(1_000);
    const res = await withdraw(t.app, token, 400);
    expect(res.body).toMatchObject({ amount: 400, status: 'PENDING', balance: 600 });
    expect(await walletAmount(t.app, token)).toBe(600);
    const id = res.body.withdrawalId as string;
    expect(
      await eventually(
        () => withdrawalStatus(t.db, id),
        (s) => s === 'PAID',
      ),
    ).toBe('PAID');
    const st = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect((st.body.statements as unknown[])[0]).toMatchObject({
      _id: id,
      statementType: 'withdraw',
      status: 'SUCCESS',
      amount: 400,
    });
    await expectLedgerSound(t.db);
  });

  it('[WD-2] a payout the bank refuses returns the money to the wallet', async () => {
    await setPayoutMode(t.app, 'fail');
    try {
      const { token } = await fundedMember(500);
      const id = (await withdraw(t.app, token, 500)).body.withdrawalId as string;
      expect(
        await eventually(
          () => withdrawalStatus(t.db, id),
          (s) => s === 'FAILED',
        ),
      ).toBe('FAILED');
      expect(await walletAmount(t.app, token)).toBe(500);
      await expectLedgerSound(t.db);
    } finally {
      await setPayoutMode(t.app, 'pay');
    }
  });

  it('[WD-2] a payout whose answer is lost is settled by asking the bank, and paid once', async () => {
    await setPayoutMode(t.app, 'timeout');
    try {
      const { token } = await fundedMember(300);
      const id = (await withdraw(t.app, token, 300)).body.withdrawalId as string;
      // The bank paid it, but its answer never came back: Krapao still has it in progress.
      const atBank = async () =>
        (await fetch(`${baseUrl(t.app)}/sim/bank/payouts/${id}`).then((r) => r.json())) as {
          status?: string;
        };
      expect((await eventually(atBank, (p) => p.status === 'PAID')).status).toBe('PAID');
      expect(await withdrawalStatus(t.db, id)).toBe('PROCESSING');
      t.clock.advance(60_000);
      expect(await t.app.reconcilePayouts()).toBe(1);
      expect(await withdrawalStatus(t.db, id)).toBe('PAID');
      expect(await walletAmount(t.app, token)).toBe(0);
      await expectLedgerSound(t.db);
    } finally {
      await setPayoutMode(t.app, 'pay');
    }
  });

  it('[WD-2] withdraw-all takes the whole wallet; a replay returns the first answer and moves nothing', async () => {
    const { token } = await fundedMember(777.77);
    const key = newKey();
    const all = () =>
      call(t.app, 'POST', '/api/wallet/withdrawAll', {
        token,
        body: { amount: 777.77 },
        headers: { 'idempotency-key': key },
      });
    const first = await all();
    expect(first.body).toMatchObject({ amount: 777.77, balance: 0 });
    expect((await all()).body).toEqual(first.body);
    expect(
      await t.db.query('select 1 from withdrawals where public_id = $1', [first.body.withdrawalId]),
    ).toHaveLength(1);
    expectError(await withdraw(t.app, token, 100, key), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(
      await call(t.app, 'POST', '/api/wallet/withdraw', { token, body: { amount: 100 } }),
      400,
      'KEY_MISSING',
    );
    await expectLedgerSound(t.db);
  });

  it('[WD-2] with manual payouts the operator approves or rejects, under their name; a member cannot cancel', async () => {
    await t.db.query(`update settings set value = 'false' where key = 'withdraw.autoPayout'`);
    try {
      const { token } = await fundedMember(1_000);
      const a = (await withdraw(t.app, token, 200)).body.withdrawalId as string;
      const b = (await withdraw(t.app, token, 300)).body.withdrawalId as string;
      expect(await withdrawalStatus(t.db, a)).toBe('PENDING');
      expectError(await call(t.app, 'GET', '/api/ops/withdrawals'), 401, 'UNAUTHORIZED');
      const pending = (await ops('GET', '/api/ops/withdrawals?status=PENDING')).body as unknown as Array<{
        public_id: string;
      }>;
      expect(pending.map((w) => w.public_id)).toEqual(expect.arrayContaining([a, b]));
      expect((await ops('POST', `/api/ops/withdrawals/${a}/approve`)).body).toEqual({
        withdrawalId: a,
        status: 'PAID',
      });
      expect((await ops('POST', `/api/ops/withdrawals/${b}/reject`)).body).toEqual({
        withdrawalId: b,
        status: 'REJECTED',
      });
      expectError(await ops('POST', `/api/ops/withdrawals/${b}/approve`), 409, 'WITHDRAWAL_NOT_PENDING');
      expect(await walletAmount(t.app, token)).toBe(800);
      await expectLedgerSound(t.db);

      // Named operators: what each did, done or refused, is in the append-only audit trail.
      const c = (await withdraw(t.app, token, 100)).body.withdrawalId as string;
      const as = (who: string) => ({ headers: { authorization: `Bearer ${who}` } });
      expect(
        (await call(t.app, 'POST', `/api/ops/withdrawals/${c}/reject`, as('bob-token-for-the-tests'))).body,
      ).toMatchObject({ status: 'REJECTED' });
      expectError(
        await call(t.app, 'POST', `/api/ops/withdrawals/${c}/approve`, as('alice-token-for-tests')),
        409,
        'WITHDRAWAL_NOT_PENDING',
      );
      const actions = (await call(t.app, 'GET', '/api/ops/actions', as('alice-token-for-tests')))
        .body as unknown as Array<Record<string, string>>;
      expect(actions.slice(0, 5).map((x) => `${x.operator} ${x.action} ${x.target} ${x.outcome}`)).toEqual([
        `alice withdrawal.approve ${c} WITHDRAWAL_NOT_PENDING`,
        `bob withdrawal.reject ${c} DONE`,
        `operator withdrawal.approve ${b} WITHDRAWAL_NOT_PENDING`,
        `operator withdrawal.reject ${b} DONE`,
        `operator withdrawal.approve ${a} DONE`,
      ]);
      await expect(t.db.query(`delete from ops_actions`)).rejects.toThrow(/append-only/);
    } finally {
      await t.db.query(`update settings set value = 'true' where key = 'withdraw.autoPayout'`);
    }
  });

  it('[WD-2] with no payout provider, withdrawals wait for the operator, whose approval records the payment', async () => {
    const manual = await makeApp({ OPS_TOKEN: 'operator-token-for-tests' }, { deps: { payouts: null } });
    try {
      const m = await registerAndLogin(manual.app);
      await bankTransfer(manual.app, m.reg, 1_000);
      const id = (await withdraw(manual.app, m.token, 250)).body.withdrawalId as string;
      await new Promise((r) => setTimeout(r, 100));
      expect(await withdrawalStatus(manual.db, id)).toBe('PENDING');
      const approved = await call(manual.app, 'POST', `/api/ops/withdrawals/${id}/approve`, {
        headers: { authorization: 'Bearer operator-token-for-tests' },
      });
      expect(approved.body).toEqual({ withdrawalId: id, status: 'PAID' });
      expect(await walletAmount(manual.app, m.token)).toBe(750);
      await expectLedgerSound(manual.db);
    } finally {
      await manual.close();
    }
  });
});
