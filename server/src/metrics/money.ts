// krapao_money_movements_total{kind, outcome} and krapao_money_amount_minor_total{kind, currency}.
// An amount whose currency the service did not hold waits here for the next scrape, which reads the
// currencies of all waiting amounts in one query per table, by primary or unique key: the money path
// never pays a round trip for its metrics.
import { Counter, type Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { MONEY_OUTCOMES_OF, type Metrics, type MoneyAmount, type MoneyKind } from './metrics.ts';

/**
 * Past this many amounts waiting (nobody scrapes), the next are counted as currency "unknown" at once, and
 * a settled withdrawal's, whose amount is read with its currency, not at all.
 */
const MAX_WAITING = 10_000;

type Waiting = { kind: MoneyKind; amount: Exclude<MoneyAmount, { currency: string }> };

export function moneyMetrics(registry: Registry, db: Db, log: FastifyBaseLogger): Metrics['money'] {
  const movements = new Counter({
    name: 'krapao_money_movements_total',
    help: 'Money movements by kind and outcome (docs/metrics.md)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  for (const [kind, outcomes] of Object.entries(MONEY_OUTCOMES_OF))
    for (const outcome of outcomes) movements.inc({ kind, outcome }, 0);

  let waiting: Waiting[] = [];
  const amounts = new Counter({
    name: 'krapao_money_amount_minor_total',
    help: 'Money moved (outcome ok) by kind and currency, in minor units (satang, att)',
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    async collect() {
      const batch = waiting;
      waiting = [];
      if (!batch.length) return;
      try {
        for (const { kind, currency, minor } of await resolve(db, batch))
          amounts.inc({ kind, currency }, Number(minor));
      } catch (err) {
        // Counted at the next scrape that can read them.
        waiting = [...batch, ...waiting].slice(0, MAX_WAITING);
        log.warn({ err }, 'metrics: the currencies of money moved could not be read');
      }
    },
  });

  return (kind, outcome, amount) => {
    movements.inc({ kind, outcome });
    if (outcome !== 'ok' || !amount) return;
    if ('currency' in amount) amounts.inc({ kind, currency: amount.currency }, Number(amount.minor));
    else if (waiting.length < MAX_WAITING) waiting.push({ kind, amount });
    else if ('minor' in amount) amounts.inc({ kind, currency: 'unknown' }, Number(amount.minor));
  };
}

/** The waiting amounts with their currencies (and withdrawals' amounts), in at most three queries. */
async function resolve(db: Db, batch: Waiting[]) {
  const keys = (pick: (a: Waiting['amount']) => string | undefined) => [
    ...new Set(batch.map((w) => pick(w.amount)).filter((k) => k !== undefined)),
  ];
  const members = keys((a) => ('member' in a ? a.member : undefined));
  const lines = keys((a) => ('bankLine' in a ? a.bankLine : undefined));
  const withdrawals = keys((a) => ('withdrawal' in a ? a.withdrawal : undefined));
  const memberCurrency = new Map(
    members.length
      ? (
          await db.query<{ id: string; currency: string }>(
            'select id::text as id, currency from members where id = any($1::bigint[])',
            [members],
          )
        ).map((r) => [r.id, r.currency])
      : [],
  );
  const lineCurrency = new Map(
    lines.length
      ? (
          await db.query<{ reference: string; currency: string | null }>(
            'select reference, currency from bank_feed_items where reference = any($1::text[])',
            [lines],
          )
        ).map((r) => [r.reference, r.currency])
      : [],
  );
  const withdrawal = new Map(
    withdrawals.length
      ? (
          await db.query<{ public_id: string; amount: bigint; currency: string }>(
            `select w.public_id, w.amount, m.currency from withdrawals w join members m on m.id = w.member_id
             where w.public_id = any($1::text[])`,
            [withdrawals],
          )
        ).map((r) => [r.public_id, r])
      : [],
  );
  return batch.flatMap(({ kind, amount: a }) => {
    if ('withdrawal' in a) {
      const w = withdrawal.get(a.withdrawal);
      return w ? [{ kind, currency: w.currency, minor: w.amount }] : [];
    }
    const currency = 'member' in a ? memberCurrency.get(a.member) : lineCurrency.get(a.bankLine);
    return [{ kind, currency: currency ?? 'unknown', minor: a.minor }];
  });
}
