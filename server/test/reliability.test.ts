// Reliability: concurrent spending of one balance, and random interleavings of deposits, withdrawals,
// payouts that succeed or fail and replays, by a baht and a kip member. The ledger must always balance,
// per currency, and never lose or make money.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  BCEL_HOUSE_ACCOUNT,
  call,
  eventually,
  expectLedgerSound,
  useTestApp,
  newKey,
  onPostgres,
  registerAndLogin,
  setPayoutMode,
  THAI_HOUSE_ACCOUNT,
  walletAmount,
} from './helpers.ts';

const t = useTestApp();
/** A Laos build, where baht and kip members live side by side. */
const la = useTestApp({ REGION: 'la' });

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

  it('[WD-2] [DEP-11] [laos-1] random deposits, withdrawals, failing payouts and replays by a baht and a kip member never lose or make money, nor mix currencies', async () => {
    const baht = await registerAndLogin(la.app, { currency: 'BAHT' });
    const kip = await registerAndLogin(la.app, { currency: 'LAK', bankCode: 'BCEL' });
    // Kip amounts are large (50,000 kip is about 80 baht): the kip member's amounts are 100 times the baht one's.
    const members = [
      { ...baht, house: THAI_HOUSE_ACCOUNT, otherHouse: BCEL_HOUSE_ACCOUNT, scale: 1 },
      { ...kip, house: BCEL_HOUSE_ACCOUNT, otherHouse: THAI_HOUSE_ACCOUNT, scale: 100 },
    ];
    const who = fc.constantFrom(0, 1);
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('deposit' as const),
        who,
        amount: fc.integer({ min: 1, max: 10_000_000 }),
      }),
      // Into the operator's account of the other currency: the feed keeps it for the operator.
      fc.record({
        kind: fc.constant('wrongRail' as const),
        who,
        amount: fc.integer({ min: 1, max: 100_000 }),
      }),
      fc.record({
        kind: fc.constant('withdraw' as const),
        who,
        amount: fc.integer({ min: 1_000, max: 200_000 }),
        replay: fc.boolean(),
        payout: fc.constantFrom('pay' as const, 'fail' as const),
      }),
      fc.record({ kind: fc.constant('redeliver' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        let references: string[] = [];
        // What each member should hold, counted independently of the server, in minor units.
        const expected = await Promise.all(
          members.map(async (m) => Math.round((await walletAmount(la.app, m.token)) * 100)),
        );
        for (const o of ops) {
          if (o.kind === 'deposit') {
            const m = members[o.who]!;
            const sent = await bankTransfer(la.app, m.reg, (o.amount * m.scale) / 100, undefined, m.house);
            references = [...references, sent.reference];
            expected[o.who]! += o.amount * m.scale;
          } else if (o.kind === 'wrongRail') {
            const m = members[o.who]!;
            const sent = await bankTransfer(la.app, m.reg, o.amount / 100, undefined, m.otherHouse);
            expect(sent.feed.results.map((r) => r.outcome)).toEqual(['UNMATCHED']);
          } else if (o.kind === 'redeliver' && references.length) {
            // The same bank line again: credits nothing.
            await bankTransfer(la.app, members[0]!.reg, 1, references[0]);
          } else if (o.kind === 'withdraw') {
            const m = members[o.who]!;
            await setPayoutMode(la.app, o.payout);
            const key = newKey();
            const send = () =>
              call(la.app, 'POST', '/api/wallet/withdraw', {
                token: m.token,
                body: { amount: (o.amount * m.scale) / 100 },
                headers: { 'idempotency-key': key },
              });
            const first = await send();
            if (o.replay) expect((await send()).body).toEqual(first.body);
            if (first.status === 200) {
              const id = first.body.withdrawalId as string;
              const final = await eventually(
                async () =>
                  (
                    await la.db.query<{ status: string }>(
                      'select status from withdrawals where public_id = $1',
                      [id],
                    )
                  )[0]!.status,
                (s) => s === 'PAID' || s === 'FAILED',
              );
              if (final === 'PAID') expected[o.who]! -= o.amount * m.scale;
            } else {
              expect(first.body.message).toMatch(/MONEY_NOT_ENOUGH|WITHDRAW_MINIMUM/);
            }
          }
          for (const [i, m] of members.entries())
            expect(Math.round((await walletAmount(la.app, m.token)) * 100)).toBe(expected[i]);
        }
        await expectLedgerSound(la.db);
        // No kip ever lands in a baht account: every account a member's entry touched is in the
        // member's currency, and each currency's house cash owes exactly what its members hold and
        // were paid.
        const strays = await la.db.query(
          `select a.code from postings p join journal_entries e on e.id = p.entry_id
           join members m on m.id = e.member_id join ledger_accounts a on a.id = p.account_id
           where a.currency <> m.currency or e.currency <> m.currency`,
        );
        expect(strays).toEqual([]);
      }),
      { numRuns: 15 },
    );
    // Each house account is kept in one currency, named in its code; the kip went to the kip pool.
    const house = await la.db.query<{ code: string; currency: string }>(
      `select code, currency from ledger_accounts where kind = 'house'`,
    );
    for (const a of house) expect(a.code.endsWith(`:${a.currency}`)).toBe(true);
    expect(house.some((a) => a.code.startsWith('house:bank_cash:') && a.currency === 'LAK')).toBe(true);
    await setPayoutMode(la.app, 'pay');
  });
});
