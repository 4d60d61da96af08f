// The console's request path: a staff bearer session (never a member's), the permission each route
// declares, checked against the one table (permissions.ts), and every refusal audited. Each area
// registers its console routes through consoleRoutes() beside its own service.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Endpoint, StaffRole } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { route, type BodyOf } from '../../http/route.ts';
import type { z } from 'zod';
import { audit } from './audit.ts';
import { can, type Permission } from './permissions.ts';
import { resolveStaffSession, type StaffSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffSession;
  }
  interface FastifyContextConfig {
    /** A console route's permission; 'self' for the staff member's own sign-in business. */
    consolePermission?: Permission | 'self' | 'public';
  }
}

/** Routes a staff member may reach before choosing a password or enrolling TOTP. */
const ENROLMENT_PATHS = new Set([
  'GET /api/console/me',
  'POST /api/console/totp/enrol',
  'POST /api/console/totp/confirm',
  'POST /api/console/password',
  'DELETE /api/console/session',
]);

/**
 * Every route registered under /api/console, with the permission it declared (undefined: registered
 * outside consoleRoutes, which the tests refuse): the tests walk this, so no endpoint escapes the table.
 */
export const CONSOLE_ROUTES = new Map<string, Permission | 'self' | 'public' | undefined>();

/** Added to the areas' scope before any area registers: records every console route (CONSOLE_ROUTES). */
export function recordConsoleRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/console')) return;
    for (const method of [r.method].flat())
      if (method !== 'HEAD') CONSOLE_ROUTES.set(`${method} ${r.url}`, r.config?.consolePermission);
  });
}

export function staffOf(req: FastifyRequest): StaffSession {
  if (!req.staff) throw new AppError('UNAUTHORIZED', 401);
  return req.staff;
}

export type ConsoleRoute = <E extends Endpoint>(
  e: E,
  permission: Permission | 'self' | 'public',
  handler: (req: FastifyRequest, body: BodyOf<E>) => Promise<z.input<E['response']>>,
) => void;

/**
 * A scope of console routes: `add(endpoint, permission, handler)` registers one. Unknown, expired or
 * member tokens: 401 UNAUTHORIZED; a role without the permission: 403 FORBIDDEN (audited).
 */
export function consoleRoutes(
  app: FastifyInstance,
  ctx: Ctx,
  register: (add: ConsoleRoute) => void,
  /** Routes of the scope's own that no contract endpoint describes (a file download). */
  registerRaw?: (scope: FastifyInstance) => void,
) {
  void app.register(async (scope) => {
    // onRequest: before the body is parsed or validated, so nobody learns a route's rules without a session.
    scope.addHook('onRequest', async (req) => {
      const permission = req.routeOptions.config.consolePermission;
      if (permission === 'public' || permission === undefined) return;
      const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(req.headers.authorization ?? '')?.[1];
      const session = token ? await resolveStaffSession(ctx, token) : undefined;
      if (!session) throw new AppError('UNAUTHORIZED', 401);
      req.staff = session;
      const key = `${req.method} ${req.routeOptions.url}`;
      if (!ENROLMENT_PATHS.has(key)) {
        if (session.mustEnrolTotp) throw new AppError('ENROLMENT_REQUIRED', 403);
        if (session.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED', 403);
      }
      if (permission !== 'self' && !can(session.role, permission)) {
        await audit(ctx.db, ctx.clock.now(), {
          actor: session.username,
          action: 'permission.refused',
          target: key,
          ip: req.ip,
        });
        throw new AppError('FORBIDDEN', 403);
      }
    });
    register((e, permission, handler) => {
      route(scope, e, handler, { consolePermission: permission });
    });
    registerRaw?.(scope);
  });
}

export const staffRole = (req: FastifyRequest): StaffRole => staffOf(req).role;

/** The staff member acting, as services and the audit name them. */
export const actorOf = (req: FastifyRequest) => {
  const s = staffOf(req);
  return { username: s.username, role: s.role, ip: req.ip };
};

/** A path parameter of a console route (its schema has checked it is there). */
export const paramOf = (req: FastifyRequest, name: string) => (req.params as Record<string, string>)[name]!;
