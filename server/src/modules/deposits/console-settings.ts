// The QR gateways' minimums in the console (modules/staff/console-scope.ts): DEP-8's qr.minimumBaht, per
// gateway in its own currency (kip for ONEPAY), read the way createQrcode reads it. The admin's.
import type { FastifyInstance } from 'fastify';
import {
  consoleProgrammes as api,
  QR_MIN,
  QR_PROVIDERS,
  type QrMinimums,
  type QrProvider,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { getSetting, putSetting } from '../../db/settings.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';

export async function qrMinimums(ctx: Ctx): Promise<QrMinimums> {
  const configured = (await getSetting<Partial<Record<QrProvider, number>>>(ctx.db, 'qr.minimumBaht')) ?? {};
  const minimums = Object.fromEntries(
    QR_PROVIDERS.map((p) => [p, Math.max(1, configured[p] ?? QR_MIN[p])]),
  ) as QrMinimums['minimums'];
  return { minimums };
}

export function qrSettingsConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.qrMinimums, 'settings.read', () => qrMinimums(ctx));
    add(api.setQrMinimums, 'settings.manage', (req, body) =>
      auditedChange(
        ctx,
        req,
        { action: 'settings.qr-minimums', target: 'qr.minimumBaht', before: qrMinimums },
        async (tx) => {
          await putSetting(tx.db, 'qr.minimumBaht', body.minimums);
          return qrMinimums(tx);
        },
      ),
    );
  });
}
