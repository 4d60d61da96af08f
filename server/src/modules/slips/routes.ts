import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLIP_LINK_TTL_S, SLIP_MAX_BYTES, slips } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { openOneFile, type IncomingFile } from '../../http/one-file-upload.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';
import { verifyLater } from './verify.ts';

export function slipRoutes(app: FastifyInstance, ctx: Ctx) {
  // Multipart lives only in this scope: everywhere else the app's 64 KB JSON body limit stands.
  void app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: true });
    route(uploads, slips.uploadSlip, async (req) => {
      let file: IncomingFile | undefined;
      try {
        const { slip, id } = await service.uploadSlip(ctx, sessionOf(req).memberId, async () => {
          file = await openOneFile(req, {
            maxBytes: SLIP_MAX_BYTES,
            tooLarge: 'SLIP_INVALID_FILE',
            malformed: 'SLIP_UPLOAD_FAIL',
          });
          return file;
        });
        verifyLater(ctx, id);
        return slip;
      } finally {
        await file?.discard();
      }
    });
  });
  route(app, slips.listSlips, (req, body) =>
    service.listSlips(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
  route(app, slips.slipImageLink, (req) =>
    service.slipImageLink(ctx, sessionOf(req).memberId, (req.params as { reference: string }).reference),
  );
  // The view link's target: an <img> cannot send the bearer token, so the link itself is signed.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/statement/slip/image/:slipId',
    {
      schema: {
        params: z.object({ slipId: z.string().regex(/^SL[0-9A-F]{18}$/) }),
        querystring: z.object({ exp: z.coerce.number().int().positive(), sig: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const image = await service.slipImage(ctx, req.params.slipId, req.query.exp, req.query.sig);
      return reply
        .type(image.type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${image.filename}"`)
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', `private, max-age=${SLIP_LINK_TTL_S}`)
        .send(image.bytes);
    },
  );
}
