import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { signatureMatches } from '../lib/crypto.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * A scope for a webhook signed over its exact bytes (bank feed, QR gateways): X-Signature must be
 * signBody(secret, raw body). It is checked before validation, so an unsigned call is refused, and
 * logged, before anything reads it; without a secret the webhook refuses everything.
 */
export function signedWebhooks(
  app: FastifyInstance,
  hook: { name: string; secret: () => string | undefined },
  routes: (hooks: FastifyInstance) => void,
) {
  void app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(Object.assign(err as Error, { statusCode: 400 }), undefined);
      }
    });
    hooks.addHook('preValidation', async (req) => {
      if (
        !signatureMatches(hook.secret(), req.rawBody ?? '', req.headers['x-signature'] as string | undefined)
      ) {
        req.log.warn(`${hook.name} with a bad signature refused`);
        throw new AppError('INVALID_SIGNATURE', 401);
      }
    });
    routes(hooks);
  });
}
