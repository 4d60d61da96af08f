// A member's care in the console (contract/src/console-members.ts): their statement and slips as their
// own screens list them, their sign-ins, their game balances asked again, ending their sessions, a
// password reset they finish themselves, and staff notes. Each change is in the audit with the member it
// concerns, so the member's page and the audit tell the same story.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleMembers as api,
  type MemberNote,
  type MemberProtection,
  type ProtectionLimitKey,
  type StaffProtectionChange,
  toMinor,
} from '@krapao/contract';
import { staffProtectionText, type StaffProtectionNotice } from '../chat/bot.ts';
import { memberConversationId } from '../chat/console.ts';
import { reply, type ChatCtx } from '../chat/service.ts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { slipPicture } from '../slips/console.ts';
import { listSlips } from '../slips/service.ts';
import { getStatement } from '../statement/service.ts';
import { appendAudit } from '../staff/audit.ts';
import { memberAuditRows } from '../staff/audit-list.ts';
import { actorOf, consoleRoutes, paramOf, staffOf } from '../staff/console-scope.ts';
import { requireStepUp } from '../staff/service.ts';
import {
  blockForMember,
  lowerLimitForMember,
  protectionForStaff,
  type BlockAsked,
  type ProtectionForStaff,
} from '../protection/service.ts';
import { refreshBalances } from '../games/service.ts';
import { memberDetail, memberOf, type Member } from './console.ts';
import { deviceOf } from './devices.ts';
import { recentSignIns } from './sign-ins.ts';
import { startPasswordReset } from './password-reset.ts';

type Actor = { username: string; ip: string | null };

/** The phone with its middle hidden (081-•••-5678): enough for staff to tell the member where it went. */
export const maskedPhone = (phone: string) =>
  `${phone.slice(0, 3)}-${'•'.repeat(Math.max(phone.length - 7, 1))}-${phone.slice(-4)}`;

export async function memberStatement(ctx: Ctx, publicId: string, query: unknown) {
  const parsed = api.memberStatementQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw new AppError('INVALID_REQUEST');
  const { page, ...filter } = parsed.data;
  const m = await memberOf(ctx, publicId);
  return getStatement(ctx, m.id, page, api.MEMBER_STATEMENT_PAGE_SIZE, filter);
}

export async function memberSlips(ctx: Ctx, publicId: string, query: unknown) {
  const parsed = api.memberPageQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw new AppError('INVALID_REQUEST');
  const m = await memberOf(ctx, publicId);
  return listSlips(ctx, m.id, parsed.data.page, api.MEMBER_STATEMENT_PAGE_SIZE);
}

export async function memberSignIns(ctx: Ctx, publicId: string) {
  const m = await memberOf(ctx, publicId);
  const now = ctx.clock.now();
  const rows = await recentSignIns(ctx, m.id);
  const [live] = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from sessions
     where member_id = $1 and idle_expires_at > $2 and absolute_expires_at > $2`,
    [m.id, now],
  );
  return {
    items: rows.map((r) => ({
      at: r.created_at.toISOString(),
      ...deviceOf(r.user_agent),
      ip: r.ip,
      userAgent: r.user_agent,
      active: r.active,
    })),
    liveSessions: live?.n ?? 0,
  };
}

/** Deleting a session ends its sockets too (the sessions table's delete trigger, realtime.sql). */
export async function endMemberSessions(ctx: Ctx, actor: Actor, publicId: string, reason: string) {
  const m = await memberOf(ctx, publicId);
  return ctx.db.tx(async (q) => {
    const gone = await q.query<{ one: number }>(
      'delete from sessions where member_id = $1 returning 1 as one',
      [m.id],
    );
    await appendAudit(q, ctx.clock.now(), {
      actor: actor.username,
      action: 'member.sessions-end',
      target: publicId,
      memberId: publicId,
      after: { ended: gone.length, reason },
      ip: actor.ip,
    });
    return { ended: gone.length };
  });
}

/**
 * The member's forgot-password flow started for them: the code goes to their phone, never to staff. The
 * audit is written after the send was accepted, so a refused one (REQUEST_LIMIT_1MIN) leaves no row.
 */
export async function memberPasswordReset(ctx: Ctx, actor: Actor, publicId: string, reason: string) {
  const m = await memberOf(ctx, publicId);
  const ticket = await startPasswordReset(ctx, m.id, { ip: actor.ip ?? '' });
  const sentTo = maskedPhone(m.phone);
  await appendAudit(ctx.db, ctx.clock.now(), {
    actor: actor.username,
    action: 'member.password-reset',
    target: publicId,
    memberId: publicId,
    after: { sentTo, reason },
    ip: actor.ip,
  });
  return { sentTo, expiresAt: ticket.expiresAt };
}

interface NoteRow {
  id: string;
  created_at: Date;
  author: string;
  body: string;
}
const noteOf = (r: NoteRow): MemberNote => ({
  id: r.id,
  at: r.created_at.toISOString(),
  author: r.author,
  text: r.body,
});

/** The newest notes (a member with more than a page of them is rare; the audit keeps every one). */
const NOTES_SHOWN = 200;

export async function memberNotes(ctx: Ctx, publicId: string) {
  const m = await memberOf(ctx, publicId);
  const rows = await ctx.db.query<NoteRow>(
    `select id::text as id, created_at, author, body from member_notes
     where member_id = $1 order by id desc limit $2`,
    [m.id, NOTES_SHOWN],
  );
  return { items: rows.map(noteOf) };
}

export async function addMemberNote(ctx: Ctx, actor: Actor, publicId: string, text: string) {
  const m = await memberOf(ctx, publicId);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const [row] = await q.query<NoteRow>(
      `insert into member_notes (member_id, created_at, author, body) values ($1, $2, $3, $4)
       returning id::text as id, created_at, author, body`,
      [m.id, now, actor.username, text],
    );
    await appendAudit(q, now, {
      actor: actor.username,
      action: 'member.note',
      target: publicId,
      memberId: publicId,
      after: { text },
      ip: actor.ip,
    });
    return noteOf(row!);
  });
}

/**
 * Risk's time-out or self-exclusion for the member (protection/service.ts blockForMember), audited with
 * the reason in its transaction; what the member would see answers.
 */
export async function blockMember(
  ctx: Ctx,
  actor: Actor,
  m: Member,
  { reason, code: _code, ...asked }: BlockAsked & { reason: string; code?: string | undefined },
) {
  return blockForMember(ctx, m.id, asked, (q) =>
    appendAudit(q, ctx.clock.now(), {
      actor: actor.username,
      action: 'member.block',
      target: m.public_id,
      memberId: m.public_id,
      after: { ...asked, reason },
      ip: actor.ip,
    }),
  );
}

/** Risk's lower limit for the member (protection/service.ts lowerLimitForMember), audited with the reason. */
export async function lowerMemberLimit(
  ctx: Ctx,
  actor: Actor,
  m: Member,
  {
    limit,
    amount,
    minor,
    reason,
  }: { limit: ProtectionLimitKey; amount: number; minor: bigint; reason: string },
) {
  return lowerLimitForMember(ctx, m.id, limit, minor, (q) =>
    appendAudit(q, ctx.clock.now(), {
      actor: actor.username,
      action: 'member.limit',
      target: m.public_id,
      memberId: m.public_id,
      after: { limit, amount, reason },
      ip: actor.ip,
    }),
  );
}

/**
 * The member's protection for the console, with the blocks and lower limits staff placed for them (the
 * audit's member.block and member.limit rows, newest first): who, when and why, for whoever answers the
 * member next.
 */
async function withStaffChanges(
  ctx: Ctx,
  m: Member,
  protection: ProtectionForStaff,
): Promise<MemberProtection> {
  const rows = await memberAuditRows(ctx, m.public_id, ['member.block', 'member.limit'], 20);
  const byStaff = rows.map((r): StaffProtectionChange => {
    const after = (r.after ?? {}) as Record<string, unknown>;
    const base = { at: r.at, by: r.actor, reason: String(after.reason ?? '') };
    if (r.action === 'member.limit')
      return {
        action: 'limit',
        ...base,
        limit: after.limit as ProtectionLimitKey,
        amount: Number(after.amount),
      };
    return after.kind === 'EXCLUSION'
      ? { action: 'block', ...base, kind: 'EXCLUSION', months: Number(after.months) }
      : { action: 'block', ...base, kind: 'TIMEOUT', days: Number(after.days) };
  });
  return { ...protection, byStaff };
}

/**
 * Tells the member in their chat, under the staff member's name, what staff placed for them (never the
 * reason, which is the audit's). The change has committed and stands whether or not this arrives.
 */
async function tellMember(ctx: ChatCtx, actor: Actor, m: Member, notice: StaffProtectionNotice) {
  try {
    const conversation = await memberConversationId(ctx, m.id);
    const text = await staffProtectionText(ctx.db, conversation, m.currency, notice);
    await reply(ctx, actor.username, conversation, { message_type: 'text', payload: { text } });
  } catch (err) {
    ctx.log.warn({ err, memberId: m.public_id }, 'a protection change by staff was not told in the chat');
  }
}

const member = (req: FastifyRequest) => paramOf(req, 'memberId');

export function memberCareConsoleRoutes(app: FastifyInstance, ctx: ChatCtx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.memberStatement, 'members.read', (req) => memberStatement(ctx, member(req), req.query));
    add(api.memberSlips, 'members.read', (req) => memberSlips(ctx, member(req), req.query));
    add(api.memberSlipPicture, 'members.read', (req) =>
      slipPicture(ctx, paramOf(req, 'slipId'), member(req)),
    );
    add(api.memberSignIns, 'members.read', (req) => memberSignIns(ctx, member(req)));
    add(api.endMemberSessions, 'members.freeze', (req, body) =>
      endMemberSessions(ctx, actorOf(req), member(req), body.reason),
    );
    add(api.memberPasswordReset, 'members.password-reset', (req, body) =>
      memberPasswordReset(ctx, actorOf(req), member(req), body.reason),
    );
    add(api.refreshMemberBalances, 'members.read', async (req) => {
      const m = await memberOf(ctx, member(req));
      await refreshBalances(ctx, m.id);
      return memberDetail(ctx, m);
    });
    add(api.memberNotes, 'members.read', (req) => memberNotes(ctx, member(req)));
    add(api.memberProtection, 'members.read', async (req) => {
      const m = await memberOf(ctx, member(req));
      return withStaffChanges(ctx, m, await protectionForStaff(ctx, m.id));
    });
    add(api.blockMember, 'exclusions.manage', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body.code);
      const m = await memberOf(ctx, member(req));
      const placed = await blockMember(ctx, actorOf(req), m, body);
      // The block in force now: a longer one already there is kept, and that is what holds.
      if (placed.block)
        await tellMember(ctx, actorOf(req), m, {
          kind: placed.block.kind,
          until: new Date(placed.block.until),
        });
      return withStaffChanges(ctx, m, placed);
    });
    add(api.lowerMemberLimit, 'limits.manage', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body.code);
      const m = await memberOf(ctx, member(req));
      const minor = toMinor(body.amount);
      const lowered = await lowerMemberLimit(ctx, actorOf(req), m, { ...body, minor });
      await tellMember(ctx, actorOf(req), m, { limit: body.limit, amountMinor: minor });
      return withStaffChanges(ctx, m, lowered);
    });
    add(api.addMemberNote, 'members.notes', (req, body) =>
      addMemberNote(ctx, actorOf(req), member(req), body.text),
    );
  });
}
