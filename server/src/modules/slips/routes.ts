import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLIP_LINK_TTL_S, SLIP_MAX_BYTES, slips } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';
import { verifyLater } from './verify.ts';

export function slipRoutes(app: FastifyInstance, ctx: Ctx) {
  // Multipart lives only in this scope: everywhere else the app's 64 KB JSON body limit stands.
  void app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: true });
    route(uploads, slips.uploadSlip, async (req) => {
      const { slip, id } = await service.uploadSlip(ctx, sessionOf(req).memberId, () => readSlipFile(req));
      verifyLater(ctx, id);
      return slip;
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

/** The one part named "file", read into memory up to SLIP_MAX_BYTES; undefined when there is none. */
async function readSlipFile(req: FastifyRequest): Promise<service.UploadedFile | undefined> {
  if (!req.isMultipart()) return undefined;
  try {
    const part = await req.file({
      limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    if (!part) return undefined;
    if (part.fieldname !== 'file') {
      part.file.resume();
      return undefined;
    }
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('SLIP_INVALID_FILE', 413);
    // A cut-off or malformed multipart body, or too many parts.
    throw new AppError('SLIP_UPLOAD_FAIL');
  }
}
