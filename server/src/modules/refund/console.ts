// The loss refund's rules in the console (modules/staff/console-scope.ts): marketing's, through the
// service's own setRules (as `npm run ops -- refund-rules`), audited before and after.
import type { FastifyInstance } from 'fastify';
import { consoleProgrammes as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import { refundRules, setRules } from './service.ts';

export function refundConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.refundRules, 'rules.read', () => refundRules(ctx.db));
    add(api.setRefundRules, 'rules.manage', (req, rules) =>
      auditedChange(
        ctx,
        req,
        { action: 'refund.rules', target: 'refund.rules', before: (tx) => refundRules(tx.db) },
        (tx) => setRules(tx, rules),
      ),
    );
  });
}
