// The accounts area's console face (modules/staff/console-scope.ts): member search and detail, and the
// freeze. A freeze is a third status beside active and inactive: the member's sessions stop at once
// (http/auth.ts refuses a session whose member is not active, with INACTIVE_USER as for a deactivated
// member, and ends it; the status change closes their sockets: db/functions/realtime.sql), a login
// answers INACTIVE_USER, and no journal entry of theirs is posted after it (db/functions/staff.sql).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { console as api, phoneAsKept, toBaht, type MemberDetail, type MemberRow } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../staff/audit.ts';
import { requestPayoutAccount } from '../staff/approvals.ts';
import { actorOf, consoleRoutes, staffOf } from '../staff/console-scope.ts';
import { requireStepUp } from '../staff/service.ts';

export interface Member {
  id: string;
  public_id: string;
  phone: string;
  name: string;
  status: 'active' | 'inactive' | 'frozen';
  currency: string;
  created_at: Date;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  frozen_reason: string | null;
}

const COLUMNS = `m.id::text as id, m.public_id, m.phone, m.name, m.status, m.currency, m.created_at, m.bank_code,
  m.bank_account_no, m.bank_account_name, m.frozen_reason`;

const STATUS = { active: 'ACTIVE', inactive: 'INACTIVE', frozen: 'FROZEN' } as const;
const rowOf = (m: Member): MemberRow => ({
  memberId: m.public_id,
  phone: m.phone,
  name: m.name,
  status: STATUS[m.status],
  currency: m.currency,
  createdAt: m.created_at.toISOString(),
});

/**
 * By phone (as the console shows it or with the country code too), name, bank account number, member id
 * (in any case), or a deposit's or a game transfer's reference.
 */
export async function searchMembers(ctx: Ctx, q: unknown): Promise<{ items: MemberRow[] }> {
  if (typeof q !== 'string' || q.length > 100) throw new AppError('INVALID_REQUEST');
  const term = q.trim();
  if (!term) return { items: [] };
  const like = `%${term.replace(/[%_\\]/g, '\\$&')}%`;
  const rows = await ctx.db.query<Member>(
    `select ${COLUMNS} from members m
     where m.phone = $3 or m.public_id = upper($1) or m.bank_account_no = $1
        or m.name ilike $2
        or m.id in (select d.member_id from deposits d where d.reference = $1)
        or m.id in (select t.member_id from game_transfers t where t.reference = $1)
        or m.id in (select w.member_id from withdrawals w where w.public_id = $1)
     order by m.id desc limit 50`,
    [term, like, phoneAsKept(term)],
  );
  return { items: rows.map(rowOf) };
}

/** A member by the id the console shows (NO_USER, 404, for none). */
export async function memberOf(ctx: Ctx, publicId: string): Promise<Member> {
  const [m] = await ctx.db.query<Member>(`select ${COLUMNS} from members m where m.public_id = $1`, [
    publicId,
  ]);
  if (!m) throw new AppError('NO_USER', 404);
  return m;
}

/** A member's detail, by the id the console shows or from their row already read. */
export async function memberDetail(ctx: Ctx, member: string | Member): Promise<MemberDetail> {
  const m = typeof member === 'string' ? await memberOf(ctx, member) : member;
  const accounts = await ctx.db.query<{ code: string; balance: bigint }>(
    `select code, balance from ledger_accounts where member_id = $1`,
    [m.id],
  );
  const wallet = accounts.find((a) => a.code.endsWith(':wallet'));
  const held = new Map(
    accounts
      .filter((a) => a.code.includes(':game:'))
      .map((a) => [a.code.slice(a.code.indexOf(':game:') + 6), a.balance]),
  );
  const told = await ctx.db.query<{
    provider: string;
    name: string;
    balance: bigint;
    balance_at: Date | null;
    stale: boolean;
  }>(
    `select p.code as provider, p.name, g.balance, g.balance_at, g.stale
     from game_providers p left join game_accounts g on g.provider = p.code and g.member_id = $1
     where g.member_id is not null or p.code = any($2::text[])
     order by p.sort, p.code`,
    [m.id, [...held.keys()]],
  );
  const games = told.map((g) => ({
    provider: g.provider,
    name: g.name,
    balance: toBaht(held.get(g.provider) ?? 0n),
    reported: g.balance_at ? toBaht(g.balance) : null,
    reportedAt: g.balance_at?.toISOString() ?? null,
    stale: g.stale ?? false,
  }));
  const [chat] = await ctx.db.query<{ id: string }>(
    'select id::text as id from chat_conversations where member_id = $1',
    [m.id],
  );
  return {
    chatId: chat?.id ?? null,
    profile: rowOf(m),
    bankAccount: { bankCode: m.bank_code, accountNo: m.bank_account_no, accountName: m.bank_account_name },
    wallet: { balance: toBaht(wallet?.balance ?? 0n), currency: m.currency },
    games,
    status: STATUS[m.status],
    frozen: m.status === 'frozen',
    frozenReason: m.frozen_reason,
  };
}

/**
 * Freezes or unfreezes. Freezing takes the member row FOR UPDATE: it waits for every money entry of the
 * member in flight (each holds the row FOR SHARE) and every later one sees it. A deactivated member
 * stays as they are (unfreeze only lifts a freeze).
 */
export async function setFrozen(
  ctx: Ctx,
  actor: { username: string; ip: string | null },
  publicId: string,
  frozen: boolean,
  reason: string | undefined,
) {
  await ctx.db.tx(async (q) => {
    const [m] = await q.query<{ id: string; status: string; frozen_reason: string | null }>(
      'select id::text as id, status, frozen_reason from members where public_id = $1 for update',
      [publicId],
    );
    if (!m) throw new AppError('NO_USER', 404);
    const from = frozen ? 'active' : 'frozen';
    if (m.status === from) {
      await q.query('update members set status = $2, frozen_reason = $3, updated_at = $4 where id = $1', [
        m.id,
        frozen ? 'frozen' : 'active',
        frozen ? (reason ?? '') : null,
        ctx.clock.now(),
      ]);
    }
    await appendAudit(q, ctx.clock.now(), {
      actor: actor.username,
      action: frozen ? 'member.freeze' : 'member.unfreeze',
      target: publicId,
      memberId: publicId,
      before: { status: m.status, reason: m.frozen_reason },
      after: {
        status: m.status === from ? (frozen ? 'frozen' : 'active') : m.status,
        reason: reason ?? null,
      },
      ip: actor.ip,
    });
  });
  return { ok: true as const };
}

const memberIdOf = (req: FastifyRequest) => (req.params as { memberId: string }).memberId;

export function accountConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.members, 'members.read', (req) => searchMembers(ctx, (req.query as { q?: unknown }).q ?? ''));
    add(api.member, 'members.read', (req) => memberDetail(ctx, memberIdOf(req)));
    add(api.freeze, 'members.freeze', (req, body) =>
      setFrozen(ctx, actorOf(req), memberIdOf(req), true, body?.reason),
    );
    add(api.payoutAccount, 'members.payout-account', (req, body) =>
      requestPayoutAccount(ctx, actorOf(req), memberIdOf(req), body, () =>
        requireStepUp(ctx, staffOf(req), body.code),
      ),
    );
    add(api.unfreeze, 'members.freeze', (req, body) =>
      setFrozen(ctx, actorOf(req), memberIdOf(req), false, body?.reason),
    );
  });
}
