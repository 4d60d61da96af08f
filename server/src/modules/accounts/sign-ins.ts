// The sign-in history: every sign-in is recorded with its time, address and user agent; the profile
// lists the recent ones; a sign-in from a user agent the member never signed in with sends an SMS; and
// the member can end every session but the one they hold. docs/api.md "Sign-ins".
import { SIGN_IN_HISTORY_LENGTH, type Locale, type SignIn } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { SessionMember } from '../../http/sessions.ts';
import { deviceOf, maskAddress } from './devices.ts';
import { noticeLocale } from './notices.ts';
import { newDeviceText } from './sign-in-notices.ts';

/** The user agent is kept as sessions keep it (http/sessions.ts). */
const AGENT_MAX = 300;

/**
 * Records a sign-in made at `now`, and tells the member by SMS when its user agent is new for them. A
 * member with no sign-in before has nothing to compare with: their first is not "a new device".
 * The SMS must not undo the sign-in: a gateway that is down is logged.
 */
export async function recordSignIn(
  ctx: Ctx,
  s: { memberId: string; tokenHash: Buffer; ip: string; userAgent: string; lang?: Locale | undefined },
): Promise<void> {
  const now = ctx.clock.now();
  const userAgent = s.userAgent.slice(0, AGENT_MAX);
  const [seen] = await ctx.db.query<{ any_before: boolean; agent_before: boolean; phone: string }>(
    `select exists (select 1 from sign_ins where member_id = m.id) as any_before,
            exists (select 1 from sign_ins where member_id = m.id and user_agent = $2) as agent_before,
            m.phone
     from members m where m.id = $1`,
    [s.memberId, userAgent],
  );
  await ctx.db.query(
    'insert into sign_ins (member_id, created_at, ip, user_agent, token_hash) values ($1, $2, $3, $4, $5)',
    [s.memberId, now, s.ip, userAgent, s.tokenHash],
  );
  if (!seen || !seen.any_before || seen.agent_before) return;
  const text = newDeviceText(noticeLocale(ctx.config.region, s.lang), deviceOf(userAgent), now);
  await ctx.sms
    .send({ to: seen.phone, text })
    .catch((err) => ctx.log.error({ err, memberId: s.memberId }, 'new device notice not sent'));
}

/**
 * A member's recent sign-ins, newest first: `current` the session `asking` (none for staff), `active` a
 * session still live. The member's own list and the console's read them.
 */
export function recentSignIns(ctx: Ctx, memberId: string, asking: Buffer | null = null) {
  return ctx.db.query<{
    created_at: Date;
    ip: string;
    user_agent: string;
    current: boolean;
    active: boolean;
  }>(
    `select i.created_at, i.ip, i.user_agent, coalesce(i.token_hash = $2, false) as current,
            exists (select 1 from sessions s where s.token_hash = i.token_hash
                      and s.idle_expires_at > $3 and s.absolute_expires_at > $3) as active
     from sign_ins i where i.member_id = $1
     order by i.created_at desc, i.id desc limit $4`,
    [memberId, asking, ctx.clock.now(), SIGN_IN_HISTORY_LENGTH],
  );
}

/** The recent sign-ins, newest first; `current` is the asking session's, `active` a live session's. */
export async function listSignIns(ctx: Ctx, session: SessionMember): Promise<{ items: SignIn[] }> {
  const rows = await recentSignIns(ctx, session.memberId, session.tokenHash);
  return {
    items: rows.map((r) => ({
      at: r.created_at.toISOString(),
      ...deviceOf(r.user_agent),
      address: maskAddress(r.ip),
      // No geolocation database ships with Krapao: the area is unknown (docs/api.md).
      area: null,
      current: r.current,
      active: r.active,
    })),
  };
}

/** Ends every session of the member but the asking one (a lost phone, a shared computer). */
export async function endOtherSessions(ctx: Ctx, session: SessionMember): Promise<{ ended: number }> {
  const rows = await ctx.db.query<{ one: number }>(
    'delete from sessions where member_id = $1 and token_hash <> $2 returning 1 as one',
    [session.memberId, session.tokenHash],
  );
  return { ended: rows.length };
}
