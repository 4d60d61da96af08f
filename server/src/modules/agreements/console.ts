// The agreements in the console (modules/staff/console-scope.ts): marketing replaces them through the
// service's setAgreements (as `npm run ops -- agreements <file>`); a changed text is a new version every
// member is asked to accept again. Audited before and after.
import type { FastifyInstance } from 'fastify';
import { consoleProgrammes as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import { opsAgreements, setAgreements } from './service.ts';

export function agreementConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.agreements, 'agreements.read', () => opsAgreements(ctx.db));
    add(api.setAgreements, 'agreements.manage', (req, body) =>
      auditedChange(
        ctx,
        req,
        { action: 'agreements.set', target: 'site.agreements', before: (tx) => opsAgreements(tx.db) },
        (tx) => setAgreements(tx, body.agreements),
      ),
    );
  });
}
