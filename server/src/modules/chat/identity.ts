// Who is chatting: a member by the bearer token (the session, as every member call), else a visitor by
// the X-Chat-Guest token the server signed. Never a body's userId or guestId (service.ts checks those
// against this).
import type { FastifyRequest } from 'fastify';
import { chat } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sessionOfToken } from '../../http/auth.ts';
import { declaredHeader } from '../../http/route.ts';
import { verifyGuestToken } from './guest.ts';
import type { Caller } from './service.ts';

export async function callerOf(ctx: Ctx, req: FastifyRequest): Promise<Caller> {
  const guestToken = declaredHeader(req, chat.CHAT_GUEST_HEADER);
  const header = req.headers.authorization;
  if (header) {
    const token = /^Bearer (.*)$/.exec(header)?.[1];
    if (!token) throw new AppError('invalid-token', 401);
    return { kind: 'member', memberId: (await sessionOfToken(ctx, token)).memberId };
  }
  return guestCaller(ctx, guestToken);
}

/** A visitor's verified guest token (an HTTP header or a socket's handshake); CHAT_GUEST_INVALID else. */
export function guestCaller(ctx: Ctx, token: unknown): Caller {
  const guestId = verifyGuestToken(ctx.secret, token);
  if (!guestId) throw new AppError('CHAT_GUEST_INVALID', 401);
  return { kind: 'guest', guestId };
}
