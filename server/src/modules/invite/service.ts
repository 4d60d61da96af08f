import { invite, toBaht, type Currency, type InviteRules, type Invitee } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { paged } from '../../db/paged.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { creditReward, lockMemberRewards } from '../rewards/service.ts';

/**
 * INV-1: the commission a member earns on the play of the members they invited (db/functions/invite.sql,
 * docs/decisions.md "Invite commission and loss refund"), collected as a reward.
 */

export const INVITE_RULES_KEY = 'invite.rules';

/** When the operator has set nothing: off, so nothing is paid by accident. */
export const INVITE_RULES_OFF: InviteRules = {
  active: false,
  percent: 0,
  percentSuccess: 0,
  percentFail: 0,
  minimum: { BAHT: 1, LAK: 1_000 },
  banners: [],
};

export async function inviteRules(q: Queryable): Promise<InviteRules> {
  const parsed = invite.inviteRulesSchema.safeParse(await getSetting(q, INVITE_RULES_KEY));
  return parsed.success ? parsed.data : INVITE_RULES_OFF;
}

/**
 * A name as another member may see it: each word's first letter and a star for the rest (at most
 * three), so an invitee is recognisable to the one who invited them and no one else learns it.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '***';
  return words
    .map((w) => {
      const letters = Array.from(w);
      return letters[0]! + '*'.repeat(Math.min(3, Math.max(1, letters.length - 1)));
    })
    .join(' ');
}

/** GET /api/wallet's invite summary: one statement (invite_summary reads the rules itself). */
export async function inviteSummary(q: Queryable, memberId: string) {
  const [row] = await q.query<{ amount: bigint; success: string; fail: string }>(
    'select * from invite_summary($1)',
    [memberId],
  );
  return {
    amount: toBaht(row?.amount ?? 0n),
    success: Number(row?.success ?? 0),
    fail: Number(row?.fail ?? 0),
  };
}

/** INV-1: the member's invitees, newest first, each with the commission earned on their play. */
export async function listInvitees(
  ctx: Ctx,
  memberId: string,
  page: number,
  limit: number,
): Promise<{ total: number; invites: Invitee[] }> {
  const rules = await inviteRules(ctx.db);
  const { total, rows } = await paged<{ name: string; earned: bigint; created_at: Date }>(
    ctx.db,
    `select m.id, m.name, m.created_at,
            coalesce((select sum(d.commission) from invite_days($1, $2) d where d.invitee_id = m.id), 0)::bigint
              as earned
     from members m where m.invited_by = $1`,
    [memberId, rules.percent],
    page,
    limit,
  );
  return {
    total,
    invites: rows.map((r) => ({
      from: { name: maskName(r.name) },
      amount: toBaht(r.earned),
      createdAt: r.created_at.toISOString(),
    })),
  };
}

export async function inviteBanners(ctx: Ctx) {
  const rules = await inviteRules(ctx.db);
  return { active: rules.active, banners: rules.active ? rules.banners : [] };
}

/**
 * INV-1: collects what the member's invitees' play has earned and is not collected yet, as one reward
 * with the rules' exits. Under the member's claim lock, so twenty collections at once pay once (the
 * others find nothing left: INVITE_COLLECT).
 */
export async function collect(ctx: Ctx, memberId: string) {
  const rules = await inviteRules(ctx.db);
  if (!rules.active) throw new AppError('INVITE_INACTIVE');
  return ctx.db.tx(async (q) => {
    await lockMemberRewards(q, memberId);
    const [m] = await q.query<{ currency: Currency; invitees: number }>(
      `select currency, (select count(*)::int from members i where i.invited_by = $1) as invitees
       from members where id = $1`,
      [memberId],
    );
    if (!m || m.invitees === 0) throw new AppError('NO_INVITE_BONUS');
    const now = ctx.clock.now();
    await q.query('select invite_accrue($1, $2, $3)', [memberId, rules.percent, now]);
    // A sum of bigint is numeric: read back as bigint (money sums stay far inside it).
    const [sums] = await q.query<{ turnover: bigint; earned: bigint; collected: bigint; n: number }>(
      `select (select coalesce(sum(turnover), 0)::bigint from invite_accruals where inviter_id = $1) as turnover,
              (select coalesce(sum(commission), 0)::bigint from invite_accruals where inviter_id = $1) as earned,
              (select coalesce(sum(amount), 0)::bigint from invite_collections where member_id = $1) as collected,
              (select count(*)::int from invite_collections where member_id = $1) as n`,
      [memberId],
    );
    if (sums!.turnover === 0n) throw new AppError('NO_INVITEE_PLAY_INFO');
    const collectable = sums!.earned - sums!.collected;
    const collectedBefore = sums!.collected > 0n;
    if (collectable <= 0n) throw new AppError(collectedBefore ? 'INVITE_COLLECT' : 'NO_INVITE_BONUS');
    if (collectable < BigInt(Math.round(rules.minimum[m.currency] * 100))) {
      throw new AppError('NO_INVITE_BONUS');
    }
    const [active] = await q.query(`select 1 from rewards where member_id = $1 and status = 'ACTIVE'`, [
      memberId,
    ]);
    if (active) throw new AppError('INVITE_BONUS_FAIL');
    const n = sums!.n + 1;
    const rewardId = await creditReward(ctx, q, {
      memberId,
      source: 'invite',
      sourceRef: `collect:${n}`,
      title: { th: 'โบนัสชวนเพื่อน', la: 'ໂບນັດຊວນໝູ່', en: 'Invite bonus' },
      amountMinor: collectable,
      percentSuccess: rules.percentSuccess,
      percentFail: rules.percentFail,
    });
    if (rewardId === null) throw new AppError('INVITE_COLLECT');
    await q.query(
      'insert into invite_collections (member_id, n, amount, reward_id, created_at) values ($1, $2, $3, $4, $5)',
      [memberId, n, collectable.toString(), rewardId, now],
    );
    return {
      message: 'INVITE_BONUS_SUCCESS' as const,
      amount: toBaht(collectable),
      percentSuccess: rules.percentSuccess,
      percentFail: rules.percentFail,
    };
  });
}

/**
 * The operator changes the rules (merged into the current ones). A change of the rate first records
 * every invitee day so far at the old rate: the new rate applies to days not recorded yet.
 */
export async function setRules(ctx: Ctx, change: Partial<InviteRules>): Promise<InviteRules> {
  return ctx.db.tx(async (q) => {
    await q.query(`select 1 from settings where key = $1 for update`, [INVITE_RULES_KEY]);
    const current = await inviteRules(q);
    const next = invite.inviteRulesSchema.parse({ ...current, ...change });
    if (next.percent !== current.percent) {
      await q.query('select invite_accrue(null, $1, $2)', [current.percent, ctx.clock.now()]);
    }
    await q.query(
      `insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
      [INVITE_RULES_KEY, JSON.stringify(next)],
    );
    return next;
  });
}
