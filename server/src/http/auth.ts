import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { AppError } from '../errors.ts';
import { sha256 } from '../lib/crypto.ts';
import { memberOf, type Caller } from './session-caller.ts';
import type { SessionMember } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** For routes whose money call reads the session itself (http/session-caller.ts): the token only. */
    bearer: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    session: SessionMember | null;
    /** The bearer token's hash, on routes whose money call reads the session itself. */
    bearer: Buffer | null;
  }
}

/** The member of an authenticated request; routes marked auth always have one. */
export function sessionOf(req: FastifyRequest): SessionMember {
  if (!req.session) throw new AppError('UNAUTHORIZED', 401);
  return req.session;
}

/** The caller of a route whose money call reads the session itself (route()'s sessionInCall). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.bearer) throw new AppError('UNAUTHORIZED', 401);
  return { session: req.bearer };
}

/**
 * Bearer sessions (SH-18). No token: UNAUTHORIZED. Unknown, expired or revoked: 'invalid-token', which
 * the client answers by going to /login (SH-13). A deactivated member loses the session: INACTIVE_USER.
 */
export function registerAuth(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('session', null);
  app.decorateRequest('bearer', null);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    req.session = await sessionOfToken(ctx, tokenOf(req));
  });
  // The same refusals of a missing or malformed token; the session is read by the money call
  // (db/functions/sessions.sql), in its own statement, with the same rules.
  app.decorate('bearer', async (req: FastifyRequest) => {
    req.bearer = sha256(wellFormed(tokenOf(req)));
  });
}

/** The request's bearer token, as sent. */
function tokenOf(req: FastifyRequest): string {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.*)$/.exec(header);
  if (!match) throw new AppError(header ? 'invalid-token' : 'UNAUTHORIZED', 401);
  return match[1]!;
}

/** A token of the shape newToken() makes; anything else is no session of ours. */
function wellFormed(token: string): string {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw new AppError('invalid-token', 401);
  return token;
}

/**
 * The session of a bearer token (an API call's header, a socket's handshake), or the refusal. Read by
 * db/functions/sessions.sql's session_member, the rules a money call applies in its own statement.
 */
export async function sessionOfToken(ctx: Ctx, token: string): Promise<SessionMember> {
  const tokenHash = sha256(wellFormed(token));
  return { memberId: await memberOf(ctx, { session: tokenHash }), tokenHash };
}
