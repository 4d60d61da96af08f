// A console change, audited like every other staff action (staff/audited.ts): who, what, the state
// before and after, from where, with the change and its audit row in one transaction. A refused change
// (400, 404) rolls back and leaves no row.
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { audited } from './audited.ts';
import { staffOf } from './console-scope.ts';

export function auditedChange<T>(
  ctx: Ctx,
  req: FastifyRequest,
  what: { action: string; target: string; before: (tx: Ctx) => Promise<unknown> },
  change: (tx: Ctx) => Promise<T>,
): Promise<T> {
  return audited(ctx, { username: staffOf(req).username, ip: req.ip }, async (tx) => {
    const before = await what.before(tx);
    const answer = await change(tx);
    return { answer, audit: { action: what.action, target: what.target, before, after: answer } };
  });
}
