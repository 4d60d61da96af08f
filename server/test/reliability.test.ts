// Reliability: concurrent spending of one balance, and random interleavings of deposits, withdrawals,
// payouts that succeed or fail and replays. The ledger must always balance and never lose or make money.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  call,
  eventually,
  expectLedgerSound,
  useTestApp,
  newKey,
  onPostgres,
  registerAndLogin,
  setPayoutMode,
  walletAmount,
} from './helpers.ts';

const t = useTestApp();

describe('reliability', () => {
  it(`[WD-2] 100 concurrent withdrawals of the whole balance: exactly one succeeds (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { reg, token } = await registerAndLogin(t.app);
    await bankTransfer(t.app, reg, 5_000);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(t.app, 'POST', '/api/wallet/withdraw', {
          token,
          body: { amount: 5_000 },
          headers: { 'idempotency-key': newKey() },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(99);
    expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set(['MONEY_NOT_ENOUGH']));
    expect(await walletAmount(t.app, token)).toBe(0);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] [DEP-11] random deposits, withdrawals, failing payouts and replays never lose or make money', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({
        kind: fc.constant('withdraw' as const),
        amount: fc.integer({ min: 100, max: 2_000 }),
        replay: fc.boolean(),
        payout: fc.constantFrom('pay' as const, 'fail' as const),
      }),
      fc.record({ kind: fc.constant('redeliver' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        let references: string[] = [];
        // What the member should hold, counted independently of the server, in satang.
        let expected = Math.round((await walletAmount(t.app, token)) * 100);
        for (const o of ops) {
          if (o.kind === 'deposit') {
            const sent = await bankTransfer(t.app, reg, o.amount / 100);
            references = [...references, sent.reference];
            expected += o.amount;
          } else if (o.kind === 'redeliver' && references.length) {
            await bankTransfer(t.app, reg, 1, references[0]); // the same bank line again: credits nothing
          } else if (o.kind === 'withdraw') {
            await setPayoutMode(t.app, o.payout);
            const key = newKey();
            const send = () =>
              call(t.app, 'POST', '/api/wallet/withdraw', {
                token,
                body: { amount: o.amount },
                headers: { 'idempotency-key': key },
              });
            const first = await send();
            if (o.replay) expect((await send()).body).toEqual(first.body);
            if (first.status === 200) {
              const id = first.body.withdrawalId as string;
              const final = await eventually(
                async () =>
                  (
                    await t.db.query<{ status: string }>(
                      'select status from withdrawals where public_id = $1',
                      [id],
                    )
                  )[0]!.status,
                (s) => s === 'PAID' || s === 'FAILED',
              );
              if (final === 'PAID') expected -= o.amount * 100;
            } else {
              expect(first.body.message).toMatch(/MONEY_NOT_ENOUGH|WITHDRAW_MINIMUM/);
            }
          }
          expect(Math.round((await walletAmount(t.app, token)) * 100)).toBe(expected);
        }
        await expectLedgerSound(t.db);
      }),
      { numRuns: 15 },
    );
    await setPayoutMode(t.app, 'pay');
  });
});
