// The slips area in the console (modules/staff/console-scope.ts): SLIP-2's settings (the switch, daily
// closed window and oldest transfer, read by the very function the upload obeys: slipSettings), the
// admin's; and for the slips queue (its list is modules/deposits/console.ts) a slip's picture and the
// mark that a person has handled a refused one.
import type { FastifyInstance } from 'fastify';
import { consoleProgrammes as api, consoleQueues } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { putSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../staff/audit.ts';
import { auditedChange } from '../staff/console-change.ts';
import { actorOf, consoleRoutes, paramOf } from '../staff/console-scope.ts';
import { signedImageUrl, slipSettings } from './service.ts';

/**
 * A slip's picture for staff, by the slip's id (the member's own link is by their reference); with
 * `memberId` (the id the console shows), only one of that member's slips.
 */
export async function slipPicture(ctx: Ctx, slipId: string, memberId?: string): Promise<{ url: string }> {
  const [row] = await ctx.db.query<{ kept: boolean }>(
    `select (s.image_key is not null or s.image is not null) as kept from slips s
     join members m on m.id = s.member_id
     where s.public_id = $1 and ($2::text is null or m.public_id = $2)`,
    [slipId, memberId ?? null],
  );
  if (!row) throw new AppError('NOT_FOUND', 404);
  if (!row.kept) throw new AppError('SLIP_IMAGE_GONE', 410);
  return { url: signedImageUrl(ctx, slipId) };
}

/**
 * Marks a refused slip as handled by a person, once: a slip still being checked, one that credited, or
 * one already handled is ALREADY_DECIDED. Audited with the member and the reason.
 */
export async function markSlipHandled(
  ctx: Ctx,
  actor: { username: string; ip: string | null },
  slipId: string,
  reason: string | undefined,
): Promise<{ slipId: string; handledBy: string }> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const [slip] = await q.query<{ status: string; handled_by: string | null; member: string }>(
      `select s.status, s.handled_by, m.public_id as member from slips s join members m on m.id = s.member_id
       where s.public_id = $1 for update of s`,
      [slipId],
    );
    if (!slip) throw new AppError('NOT_FOUND', 404);
    if (slip.status !== 'FAILED' || slip.handled_by !== null) throw new AppError('ALREADY_DECIDED', 409);
    await q.query('update slips set handled_at = $2, handled_by = $3, updated_at = $2 where public_id = $1', [
      slipId,
      now,
      actor.username,
    ]);
    await appendAudit(q, now, {
      actor: actor.username,
      action: 'slip.handled',
      target: slipId,
      memberId: slip.member,
      after: { reason: reason ?? null },
      ip: actor.ip,
    });
    return { slipId, handledBy: actor.username };
  });
}

export function slipConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(consoleQueues.slipPicture, 'slips.read', (req) => slipPicture(ctx, paramOf(req, 'slipId')));
    add(consoleQueues.slipHandled, 'slips.decide', (req, body) =>
      markSlipHandled(ctx, actorOf(req), paramOf(req, 'slipId'), body?.reason || undefined),
    );
    add(api.slipSettings, 'settings.read', () => slipSettings(ctx));
    add(api.setSlipSettings, 'settings.manage', (req, body) =>
      auditedChange(
        ctx,
        req,
        { action: 'settings.slips', target: 'slip.settings', before: slipSettings },
        async (tx) => {
          await putSetting(tx.db, 'slip.settings', body);
          return slipSettings(tx);
        },
      ),
    );
  });
}
