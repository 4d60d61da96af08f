// The console's queue tiles (summary.ts) and their live nudge (live.ts). The queues' own tables and
// actions live beside each area's service: deposits/console.ts, withdrawals/console.ts,
// games/console.ts, chat/console.ts.
import type { FastifyInstance } from 'fastify';
import { consoleQueues as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { consoleRoutes, staffOf } from '../staff/console-scope.ts';
import { nudgeStaffAfterChanges } from './live.ts';
import { queueSummary } from './summary.ts';

export function queueConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  nudgeStaffAfterChanges(app);
  // Every staff member sees the tiles their role may read (summary.ts filters by the permission table).
  consoleRoutes(app, ctx, (add) => {
    add(api.queues, 'self', (req) => queueSummary(ctx, staffOf(req).role));
  });
}
