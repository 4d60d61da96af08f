// The wheel's console face (modules/staff/console-scope.ts): marketing changes the wheel, its slices and
// coin rules through the functions the operator API and `npm run ops` use (ops.ts); every change audited
// with the wheel before and after.
import type { FastifyInstance } from 'fastify';
import { consoleProgrammes as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import { changeWheel, replaceSlices, wheel, writeCoinRule } from './ops.ts';

export function spinConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.wheel, 'wheel.read', () => wheel(ctx.db));
    add(api.setWheel, 'wheel.manage', (req, body) =>
      auditedChange(ctx, req, { action: 'spin.wheel', target: 'wheel', before: (tx) => wheel(tx.db) }, (tx) =>
        changeWheel(tx, body),
      ),
    );
    add(api.setSlices, 'wheel.manage', (req, body) =>
      auditedChange(
        ctx,
        req,
        { action: 'spin.slices', target: 'wheel', before: async (tx) => (await wheel(tx.db)).slices },
        (tx) => replaceSlices(tx, body.slices),
      ),
    );
    add(api.setCoinRule, 'wheel.manage', (req, rule) =>
      auditedChange(
        ctx,
        req,
        {
          action: 'spin.coin-rule',
          target: rule.currency,
          before: async (tx) => (await wheel(tx.db)).coinRules,
        },
        (tx) => writeCoinRule(tx, rule),
      ),
    );
  });
}
