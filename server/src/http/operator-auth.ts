// The operator's side of the API (/api/ops/*): each area that has one (ops, agreements, bonuses, chat,
// spin, and the invite and refund rules through http/ops-rules-route.ts) adds this hook to its scope.
// Authenticated by OPS_TOKEN or the named OPS_TOKENS (config.ts); with none, no operator route exists.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { sameBytes, sha256 } from '../lib/crypto.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: string;
  }
}

/** The onRequest hook of an operator scope: the bearer token must be one of opsTokens (req.operator). */
export function operatorAuth(opsTokens: Map<string, string>) {
  const tokens = [...opsTokens].map(([token, name]) => ({ hash: sha256(token), name }));
  return async (req: FastifyRequest) => {
    const given = sha256(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    // Compared by hash in constant time, against every token, so timing says nothing of which matched.
    let found: string | undefined;
    for (const t of tokens) if (sameBytes(given, t.hash)) found = t.name;
    if (!found) throw new AppError('UNAUTHORIZED', 401);
    req.operator = found;
  };
}
