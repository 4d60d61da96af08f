// The slip settings in the console (modules/staff/console-scope.ts): SLIP-2's switch, daily closed window
// and oldest transfer, read by the very function the upload obeys (slipSettings). The admin's.
import type { FastifyInstance } from 'fastify';
import { consoleProgrammes as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { putSetting } from '../../db/settings.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import { slipSettings } from './service.ts';

export function slipConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
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
