// The statement reads right. A deposit notice (DEP-12) is answered by the credit that brings its amount,
// whatever the channel, and expires as such when none comes; a withdrawal the bank refused (WD-2) says
// its money came back, and why, without blaming the member.
import { describe, expect, it } from 'vitest';
import { statement, type StatementEntry } from '@krapao/contract';
import { houseCash } from '../src/ledger/ledger.ts';
import { creditDeposit } from '../src/modules/deposits/credit.ts';
import {
  bankTransfer,
  call,
  eventually,
  expectLedgerSound,
  newKey,
  registerAndLogin,
  setPayoutMode,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';

// The test clock moves past the notice window; sessions must outlive it.
const t = useTestApp({ OPS_TOKEN: 'operator-token-for-tests', SESSION_IDLE_MIN: '1440' });
const MINUTE_MS = 60_000;

const notice = async (token: string, amount: number) => {
  const res = await call(t.app, 'POST', '/api/wallet/add', {
    token,
    body: { amount },
    headers: { 'idempotency-key': newKey() },
  });
  expect(res.status).toBe(200);
  return res.body as { depositId: string; status: string; createdAt: string };
};
const statementOf = async (token: string): Promise<StatementEntry[]> => {
  const res = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 50 } });
  expect(res.status).toBe(200);
  return statement.getStatement.response.parse(res.body).statements;
};
/** What the member reads on each line, newest first. */
const lines = (entries: StatementEntry[]) =>
  entries.map((e) => ({
    type: e.statementType,
    channel: e.channel,
    status: e.status,
    amount: e.amount,
    outcome: e.outcome,
    noticeId: e.noticeId,
  }));

describe('[trust-9] a deposit notice is answered by its credit', () => {
  it('[DEP-12] a notice and the transfer that follows it 17 minutes later read as one credited deposit', async () => {
    const m = await registerAndLogin(t.app);
    const sent = await notice(m.token, 100);
    expect(sent.status).toBe('PENDING');
    const waiting = await statementOf(m.token);
    expect(lines(waiting)).toEqual([
      { type: 'deposit', channel: 'NOTICE', status: 'PENDING', amount: 100, outcome: null, noticeId: null },
    ]);
    expect(waiting[0]!.expiresAt).toBe(new Date(Date.parse(sent.createdAt) + 60 * MINUTE_MS).toISOString());

    t.clock.advance(17 * MINUTE_MS);
    await bankTransfer(t.app, m.reg, 100);
    expect(lines(await statementOf(m.token))).toEqual([
      {
        type: 'deposit',
        channel: 'BANK',
        status: 'SUCCESS',
        amount: 100,
        outcome: null,
        noticeId: sent.depositId,
      },
    ]);
    expect(await walletAmount(t.app, m.token)).toBe(100);
    // Long after, nothing changes: the answered notice never expires nor comes back.
    t.clock.advance(3 * 60 * MINUTE_MS);
    expect(await statementOf(m.token)).toHaveLength(1);
    await expectLedgerSound(t.db);
  });

  it('[DEP-12] a notice no transfer answers expires after 60 minutes and is never matched later', async () => {
    const m = await registerAndLogin(t.app);
    const sent = await notice(m.token, 250);
    t.clock.advance(59 * MINUTE_MS);
    expect((await statementOf(m.token))[0]).toMatchObject({ status: 'PENDING', outcome: null });

    t.clock.advance(MINUTE_MS);
    const [expired] = await statementOf(m.token);
    expect(expired).toMatchObject({
      _id: sent.depositId,
      channel: 'NOTICE',
      status: 'FAILED',
      outcome: 'EXPIRED',
      reason: null,
      expiresAt: null,
    });

    // The transfer comes after all: it is credited on its own line; the expired notice stays expired.
    await bankTransfer(t.app, m.reg, 250);
    expect(lines(await statementOf(m.token))).toEqual([
      { type: 'deposit', channel: 'BANK', status: 'SUCCESS', amount: 250, outcome: null, noticeId: null },
      {
        type: 'deposit',
        channel: 'NOTICE',
        status: 'FAILED',
        amount: 250,
        outcome: 'EXPIRED',
        noticeId: null,
      },
    ]);
    expect(await walletAmount(t.app, m.token)).toBe(250);
  });

  it('[DEP-12] two notices of one amount and one transfer: the older is answered, the other still waits', async () => {
    const m = await registerAndLogin(t.app);
    const first = await notice(m.token, 500);
    t.clock.advance(2 * MINUTE_MS);
    const second = await notice(m.token, 500);
    t.clock.advance(MINUTE_MS);
    await bankTransfer(t.app, m.reg, 500);
    const entries = await statementOf(m.token);
    expect(lines(entries)).toEqual([
      {
        type: 'deposit',
        channel: 'BANK',
        status: 'SUCCESS',
        amount: 500,
        outcome: null,
        noticeId: first.depositId,
      },
      { type: 'deposit', channel: 'NOTICE', status: 'PENDING', amount: 500, outcome: null, noticeId: null },
    ]);
    expect(entries[1]!._id).toBe(second.depositId);

    // A second transfer of the amount answers the one still waiting.
    await bankTransfer(t.app, m.reg, 500);
    expect(lines(await statementOf(m.token)).map((l) => [l.channel, l.status, l.noticeId])).toEqual([
      ['BANK', 'SUCCESS', second.depositId],
      ['BANK', 'SUCCESS', first.depositId],
    ]);
    expect(await walletAmount(t.app, m.token)).toBe(1_000);
  });

  it('[DEP-12] a transfer of another amount, or of another member, answers no notice', async () => {
    const m = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    await notice(m.token, 300);
    t.clock.advance(MINUTE_MS);
    await bankTransfer(t.app, m.reg, 300.01);
    await bankTransfer(t.app, other.reg, 300);
    expect(lines(await statementOf(m.token))).toEqual([
      { type: 'deposit', channel: 'BANK', status: 'SUCCESS', amount: 300.01, outcome: null, noticeId: null },
      { type: 'deposit', channel: 'NOTICE', status: 'PENDING', amount: 300, outcome: null, noticeId: null },
    ]);
    expect(lines(await statementOf(other.token))).toEqual([
      { type: 'deposit', channel: 'BANK', status: 'SUCCESS', amount: 300, outcome: null, noticeId: null },
    ]);
  });

  it('[DEP-12] a notice sent just after its transfer was credited is answered at once; 20 minutes after, not', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 700);
    t.clock.advance(2 * MINUTE_MS);
    const sent = await notice(m.token, 700);
    expect(sent.status).toBe('SUCCESS');
    expect(lines(await statementOf(m.token))).toEqual([
      {
        type: 'deposit',
        channel: 'BANK',
        status: 'SUCCESS',
        amount: 700,
        outcome: null,
        noticeId: sent.depositId,
      },
    ]);

    await bankTransfer(t.app, m.reg, 40);
    t.clock.advance(20 * MINUTE_MS);
    expect((await notice(m.token, 40)).status).toBe('PENDING');
  });

  it('[DEP-12] a credit by the operator answers a notice too; notices sent alongside their transfers each find theirs', async () => {
    const m = await registerAndLogin(t.app);
    const sent = await notice(m.token, 120);
    // Sent from a friend's account: the feed cannot tell whose it is; the operator credits it to the member.
    const line = await bankTransfer(t.app, { bankCode: 'KBANK', bankAccountNo: '8888888888' }, 120);
    expect(line.feed.results[0]?.outcome).toBe('UNMATCHED');
    const credited = await call(t.app, 'POST', `/api/ops/bank-feed/${line.reference}/credit`, {
      body: { phone: m.reg.username },
      headers: { authorization: 'Bearer operator-token-for-tests' },
    });
    expect(credited.status).toBe(200);
    expect(lines(await statementOf(m.token))).toEqual([
      {
        type: 'deposit',
        channel: 'BANK',
        status: 'SUCCESS',
        amount: 120,
        outcome: null,
        noticeId: sent.depositId,
      },
    ]);

    // Eight notices, each sent while its transfer is being credited: each still finds its credit.
    const amounts = [61, 62, 63, 64, 65, 66, 67, 68];
    const sent8 = await Promise.all(
      amounts.map(
        async (amount) =>
          (await Promise.all([notice(m.token, amount), bankTransfer(t.app, m.reg, amount)]))[0],
      ),
    );
    const entries = await statementOf(m.token);
    for (const [i, amount] of amounts.entries()) {
      expect(entries.filter((e) => e.amount === amount)).toEqual([
        expect.objectContaining({ channel: 'BANK', status: 'SUCCESS', noticeId: sent8[i]!.depositId }),
      ]);
    }
    expect(await walletAmount(t.app, m.token)).toBe(120 + 516);
    await expectLedgerSound(t.db);
  });
});

describe('[trust-9] a notice and its credit written at the same moment', () => {
  it('[DEP-12] a notice sent while its credit is being committed waits for it and is answered', async () => {
    const m = await registerAndLogin(t.app);
    const [member] = await t.db.query<{ id: string }>('select id from members where phone = $1', [
      m.reg.username,
    ]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const creditWritten = new Promise<void>((resolve) => (written = resolve));
    // A credit whose transaction is still open (on PostgreSQL another session cannot see it yet).
    const credit = t.db.tx(async (q) => {
      await creditDeposit(q, {
        memberId: String(member!.id),
        channel: 'BANK',
        amount: 9_000n,
        reference: `RACE${m.reg.username}`,
        journalRef: `deposit:bank:RACE${m.reg.username}`,
        from: houseCash(),
        at: t.clock.now(),
      });
      written();
      await held;
    });
    await creditWritten;
    const sending = notice(m.token, 90);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await credit;
    const sent = await sending;
    expect(sent.status).toBe('SUCCESS');
    expect(lines(await statementOf(m.token))).toEqual([
      {
        type: 'deposit',
        channel: 'BANK',
        status: 'SUCCESS',
        amount: 90,
        outcome: null,
        noticeId: sent.depositId,
      },
    ]);
    await expectLedgerSound(t.db);
  });
});

describe('[trust-9] a withdrawal that came back says so', () => {
  it('[ST-5] a bank transfer names the account it came from, a withdrawal the account it was paid to; other lines none', async () => {
    const m = await registerAndLogin(t.app);
    const own = { bankCode: m.reg.bankCode, accountNo: m.reg.bankAccountNo };
    await bankTransfer(t.app, m.reg, 300);
    const id = (await withdraw(t.app, m.token, 100)).body.withdrawalId as string;
    const transfer = await call(t.app, 'POST', '/api/wallet/add', {
      token: m.token,
      body: { amount: 50 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(transfer.status).toBe(200);
    const entries = await statementOf(m.token);
    // The test's clock stands still: the three share a time, so their order is not the point.
    const byKind = Object.fromEntries(entries.map((e) => [`${e.statementType} ${e.channel}`, e]));
    expect(Object.keys(byKind).sort()).toEqual(['deposit BANK', 'deposit NOTICE', 'withdraw BANK']);
    expect(byKind['deposit BANK']?.bankAccount).toEqual(own);
    expect(byKind['withdraw BANK']).toMatchObject({ _id: id, bankAccount: own });
    expect(byKind['deposit NOTICE']?.bankAccount).toBeNull();
  });

  it('[WD-2] a payout the bank refused shows as returned to the wallet, with the bank reason', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 100);
    await setPayoutMode(t.app, 'fail');
    try {
      const id = (await withdraw(t.app, m.token, 100)).body.withdrawalId as string;
      const [line] = await eventually(
        () => statementOf(m.token),
        (entries) => entries[0]?.status === 'FAILED',
      );
      expect(line).toMatchObject({
        _id: id,
        statementType: 'withdraw',
        status: 'FAILED',
        amount: 100,
        outcome: 'RETURNED',
        reason: 'DEST_ACC_INVALID',
      });
      expect(await walletAmount(t.app, m.token)).toBe(100);
    } finally {
      await setPayoutMode(t.app, 'pay');
    }
  });

  it('[WD-2] a withdrawal the operator rejected reads as rejected, not as refused by the bank', async () => {
    await t.db.query(`update settings set value = 'false' where key = 'withdraw.autoPayout'`);
    try {
      const m = await registerAndLogin(t.app);
      await bankTransfer(t.app, m.reg, 200);
      const id = (await withdraw(t.app, m.token, 150)).body.withdrawalId as string;
      expect((await statementOf(m.token))[0]).toMatchObject({ _id: id, status: 'PENDING', outcome: null });
      const rejected = await call(t.app, 'POST', `/api/ops/withdrawals/${id}/reject`, {
        headers: { authorization: 'Bearer operator-token-for-tests' },
      });
      expect(rejected.status).toBe(200);
      expect((await statementOf(m.token))[0]).toMatchObject({
        _id: id,
        status: 'FAILED',
        outcome: 'REJECTED',
        reason: 'REJECTED_BY_OPERATOR',
      });
      expect(await walletAmount(t.app, m.token)).toBe(200);
    } finally {
      await t.db.query(`update settings set value = 'true' where key = 'withdraw.autoPayout'`);
    }
  });
});
