import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './security-headers.ts';

/**
 * Below this an answer goes as it is: its headers outweigh what compressing would save. The larger ones
 * are a member's first-screen reads (the wallet with its game accounts, about 6 KB of JSON, 1 KB as
 * brotli), the bonus list, the wheel's setup, the lookups.
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli at quality 5: about 0.1 ms for the wallet's 6 KB, within 10 % of the size quality 11 reaches
 * (which takes 7 ms). gzip at zlib's default level for a browser without brotli.
 */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

type Encoding = 'br' | 'gzip';

/** The encoding an Accept-Encoding header takes, brotli first; none when it refuses both (q=0). */
export function answerEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/** Adds accept-encoding to the answer's Vary, keeping what another hook put there (CORS's Origin). */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const names = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!names.some((v) => v.toLowerCase() === 'accept-encoding')) names.push('accept-encoding');
  reply.header('vary', names.join(', '));
}

/**
 * The API's JSON answers of a kilobyte or more go compressed to a browser that takes it: a member on a
 * phone's data reads the wallet on every home and every refresh. The web app's own files are compressed
 * at build time (http/web.ts); these change with every answer, so they are compressed as they leave.
 *
 * BREACH (guessing a secret from the size of compressed answers that also echo the attacker's input)
 * needs the attacker's page to send requests that carry the member's credentials; Krapao's are a Bearer
 * header the app adds itself, never a cookie a browser would add to a cross-site request.
 */
export function registerAnswerCompression(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every answer, the money movements' too, and most of
  // them leave unchanged.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      typeof payload !== 'string' ||
      !isApiPath(req.url) ||
      !String(reply.getHeader('content-type') ?? '').startsWith('application/json') ||
      reply.getHeader('content-encoding') ||
      Buffer.byteLength(payload) < COMPRESS_FROM_BYTES
    )
      return done(null, payload);
    varyOnEncoding(reply);
    const encoding = answerEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, encoding === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload));
  });
}
