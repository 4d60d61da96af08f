// The invite programme's rules in the console (modules/staff/console-scope.ts): marketing's, through the
// service's own setRules (as `npm run ops -- invite-rules`), audited before and after.
import type { FastifyInstance } from 'fastify';
import { consoleProgrammes as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import { inviteRules, setRules } from './service.ts';

export function inviteConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.inviteRules, 'rules.read', () => inviteRules(ctx.db));
    add(api.setInviteRules, 'rules.manage', (req, rules) =>
      auditedChange(
        ctx,
        req,
        { action: 'invite.rules', target: 'invite.rules', before: (tx) => inviteRules(tx.db) },
        (tx) => setRules(tx, rules),
      ),
    );
  });
}
