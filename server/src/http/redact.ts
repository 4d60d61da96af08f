import type { FastifyRequest } from 'fastify';

/**
 * GAME-2: the spec's old client put the provider password in the path of some auto-login calls
 * (/api/autoLogin/{provider}/{username}/{password}). Krapao ignores it, and no log line may carry it:
 * the request serializer writes such a path with the password replaced.
 */
export const redactedUrl = (url: string) =>
  url.replace(/^(\/api\/autoLogin\/[^/?#]+\/[^/?#]+\/)[^?#]*/i, '$1[REDACTED]');

/** Fastify's request log fields, with the URL redacted. */
export function redactedRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactedUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
