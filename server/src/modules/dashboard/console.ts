// The console's dashboard (figures.ts): read by admin, finance and the auditor (dashboard.read).
import type { FastifyInstance } from 'fastify';
import { consoleDashboard as api } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import { dashboardFigures } from './figures.ts';

export function dashboardConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.dashboard, 'dashboard.read', (req) =>
      dashboardFigures(ctx, req.query as Record<string, unknown>),
    );
  });
}
