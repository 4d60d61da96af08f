import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { AppError } from '../errors.ts';
import { resolveSession, revokeSession, type SessionMember } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    session: SessionMember | null;
  }
}

/** The member of an authenticated request; routes marked auth always have one. */
export function sessionOf(req: FastifyRequest): SessionMember {
  if (!req.session) throw new AppError('UNAUTHORIZED', 401);
  return req.session;
}

/**
 * Bearer sessions (SH-18). No token: UNAUTHORIZED. Unknown, expired or revoked: 'invalid-token', which
 * the client answers by going to /login (SH-13). A deactivated member loses the session: INACTIVE_USER.
 */
export function registerAuth(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (.*)$/.exec(header);
    if (!match) throw new AppError(header ? 'invalid-token' : 'UNAUTHORIZED', 401);
    req.session = await sessionOfToken(ctx, match[1]!);
  });
}

/** The session of a bearer token (an API call's header, a socket's handshake), or the refusal. */
export async function sessionOfToken(ctx: Ctx, token: string): Promise<SessionMember> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw new AppError('invalid-token', 401);
  const found = await resolveSession(ctx.db, token, ctx.clock.now(), ctx.config.session);
  if (!found) throw new AppError('invalid-token', 401);
  if (found.status !== 'active') {
    await revokeSession(ctx.db, found.tokenHash);
    throw new AppError('INACTIVE_USER', 403);
  }
  return { memberId: found.memberId, tokenHash: found.tokenHash };
}
