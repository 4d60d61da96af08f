// The staff area: the console's sign-in, staff, approvals and audit routes (/api/console/*), the
// operator API's staff commands (/api/ops/staff*, for `npm run ops -- staff-add`), and the one check of
// the permission table on every /api/ops/* route for service accounts, audited like a person's actions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { console as api, STAFF_ROLES, text, type StaffRole } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { operatorAuth } from '../../http/operator-auth.ts';
import { appendAudit, audit } from './audit.ts';
import * as approvals from './approvals.ts';
import { listAudit, auditCsv } from './audit-list.ts';
import { actorOf, consoleRoutes, paramOf as param, recordConsoleRoutes, staffOf } from './console-scope.ts';
import { can, opsPermissionOf, ROLE_PERMISSIONS } from './permissions.ts';
import * as service from './service.ts';

export function staffRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  recordConsoleRoutes(app);
  serviceAccountChecks(app, ctx);
  consoleRoutes(
    app,
    ctx,
    (add) => {
      add(api.signIn, 'public', (req, body) => service.signIn(ctx, body, req.ip));
      add(api.signOut, 'self', (req) => service.signOut(ctx, staffOf(req)));
      add(api.changePassword, 'self', (req, body) => service.changePassword(ctx, staffOf(req), body, req.ip));
      add(api.totpEnrol, 'self', (req) => service.enrolTotp(ctx, staffOf(req)));
      add(api.totpConfirm, 'self', (req, body) => service.confirmTotp(ctx, staffOf(req), body.code, req.ip));
      add(api.me, 'self', async (req) => {
        const s = staffOf(req);
        return {
          username: s.username,
          role: s.role,
          permissions: [...ROLE_PERMISSIONS[s.role]],
          mustChangePassword: s.mustChangePassword,
          mustEnrolTotp: s.mustEnrolTotp,
        };
      });
      add(api.staffList, 'staff.read', () => service.listStaff(ctx));
      // Who may act as admin is decided by two admins: a new admin comes by a role change (four-eyes),
      // never by one admin creating one. Creating, disabling and asking a role change need step-up.
      add(api.staffCreate, 'staff.manage', async (req, body) => {
        if (body.role === 'admin') throw new AppError('ADMIN_BY_PROMOTION');
        await service.requireStepUp(ctx, staffOf(req), body.code);
        const made = await service.createStaff(ctx, staffOf(req).username, body, req.ip);
        return { username: made.username, oneTimePassword: made.oneTimePassword };
      });
      add(api.staffDisable, 'staff.manage', async (req, body) => {
        await service.requireStepUp(ctx, staffOf(req), body?.code);
        return service.disableStaff(ctx, staffOf(req).username, param(req, 'username'), req.ip);
      });
      add(api.staffRole, 'staff.manage', async (req, body) => {
        await service.requireStepUp(ctx, staffOf(req), body.code);
        const username = param(req, 'username');
        const [row] = await ctx.db.query<{ role: string }>('select role from staff where username = $1', [
          username,
        ]);
        if (!row) throw new AppError('NOT_FOUND', 404);
        return approvals.requestApproval(ctx, actorOf(req), 'role', {
          username,
          from: row.role,
          role: body.role,
        });
      });
      add(api.adjust, 'adjustments.make', async (req, body) => {
        return approvals.requestAdjustment(ctx, actorOf(req), body, () =>
          service.requireStepUp(ctx, staffOf(req), body.code),
        );
      });
      add(api.approvals, 'approvals.read', (req) => {
        const status = (req.query as { status?: unknown }).status;
        const known = ['AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED'];
        if (status !== undefined && (typeof status !== 'string' || !known.includes(status)))
          throw new AppError('INVALID_REQUEST');
        return approvals.listApprovals(ctx, status);
      });
      for (const [endpoint, decision] of [
        [api.approve, 'approve'],
        [api.reject, 'reject'],
      ] as const) {
        // Deciding a role change is the admin's (staff.manage), checked against the request's kind.
        add(endpoint, 'approvals.read', async (req, body) => {
          const id = param(req, 'id');
          // Who may not decide it is told so first; a code is asked only of who may.
          const { needsCode } = await approvals.checkDecider(ctx, actorOf(req), id);
          if (needsCode) await service.requireStepUp(ctx, staffOf(req), body?.code);
          return approvals.decide(ctx, actorOf(req), id, decision, body?.reason);
        });
      }
      add(api.audit, 'audit.read', (req) => listAudit(ctx, req.query as Record<string, unknown>));
    },
    (scope) => {
      // The same rows as a CSV file (the contract's endpoints answer JSON only).
      scope.get(
        '/api/console/audit.csv',
        { config: { consolePermission: 'audit.read' } },
        async (req, reply) => {
          const page = await listAudit(ctx, { ...(req.query as Record<string, unknown>), limit: '5000' });
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="audit.csv"')
            .send(auditCsv(page.items));
        },
      );
    },
  );
  if (!opsTokens.size) return;
  opsStaffRoutes(app, ctx, opsTokens);
}

/**
 * Service accounts (OPS_TOKEN, OPS_TOKENS name:token:role) on /api/ops/*: the operator scopes' own hook
 * has named the account (req.operator); here its role is held to the permission table, a refusal is
 * audited, and every change it makes is audited as a person's would be.
 */
function serviceAccountChecks(app: FastifyInstance, ctx: Ctx) {
  const roleOf = (name: string): StaffRole => ctx.config.opsRoles.get(name) ?? 'admin';
  app.addHook('preHandler', async (req) => {
    if (!req.operator || !req.url.startsWith('/api/ops/')) return;
    const permission = opsPermissionOf(req.method, req.routeOptions.url ?? req.url);
    if (can(roleOf(req.operator), permission)) return;
    await audit(ctx.db, ctx.clock.now(), {
      actor: `service:${req.operator}`,
      action: 'permission.refused',
      target: `${req.method} ${req.routeOptions.url ?? req.url}`,
      ip: req.ip,
    });
    throw new AppError('FORBIDDEN', 403);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!req.operator || !req.url.startsWith('/api/ops/') || req.method === 'GET') return;
    await audit(ctx.db, ctx.clock.now(), {
      actor: `service:${req.operator}`,
      action: `ops ${req.method} ${req.routeOptions.url ?? ''}`,
      target: JSON.stringify(req.params ?? {}).slice(0, 500),
      after: { status: reply.statusCode },
      ip: req.ip,
    });
  });
}

const staffName = text().trim().toLowerCase().min(1).max(64);

/** `npm run ops -- staff-add | staff-list | staff-disable | staff-role` over the operator token. */
function opsStaffRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  void app.register(async (scope) => {
    const ops = scope.withTypeProvider<ZodTypeProvider>();
    ops.addHook('onRequest', operatorAuth(opsTokens));
    const actor = (req: FastifyRequest) => `service:${req.operator ?? 'operator'}`;
    ops.get('/api/ops/staff', () => service.listStaff(ctx));
    ops.post(
      '/api/ops/staff',
      { schema: { body: z.object({ username: staffName, role: z.enum(STAFF_ROLES) }) } },
      (req) => service.createStaff(ctx, actor(req), { ...req.body, enrolTotp: true }, req.ip),
    );
    ops.post(
      '/api/ops/staff/:username/disable',
      { schema: { params: z.object({ username: staffName }) } },
      (req) => service.disableStaff(ctx, actor(req), req.params.username, req.ip),
    );
    // A script is one party: its role change takes effect at once, audited (four-eyes is for people).
    ops.post(
      '/api/ops/staff/:username/role',
      {
        schema: { params: z.object({ username: staffName }), body: z.object({ role: z.enum(STAFF_ROLES) }) },
      },
      async (req) => {
        const changed = await ctx.db.tx(async (q) => {
          const done = await service.setRole(q, req.params.username, req.body.role);
          await appendAudit(q, ctx.clock.now(), {
            actor: actor(req),
            action: 'staff.role',
            target: req.params.username,
            before: done.before,
            after: done.after,
            ip: req.ip,
          });
          return done;
        });
        return { username: req.params.username, ...changed.after };
      },
    );
  });
}
