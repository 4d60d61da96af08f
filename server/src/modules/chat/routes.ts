import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { chat } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { openOneFile, type IncomingFile } from '../../http/one-file-upload.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../../http/operator-auth.ts';
import { audited } from '../ops/service.ts';
import { newGuest, verifyGuestToken } from './guest.ts';
import { callerOf } from './identity.ts';
import * as service from './service.ts';
import type { ChatCtx } from './service.ts';

export function chatRoutes(app: FastifyInstance, ctx: ChatCtx, opsTokens: Map<string, string>) {
  route(app, chat.guest, async (_req, body) => {
    const guestId = verifyGuestToken(ctx.secret, body?.guestToken);
    return guestId ? { guestId, guestToken: body!.guestToken! } : newGuest(ctx.secret);
  });
  route(app, chat.config, () => service.chatSettings(ctx.db));
  route(app, chat.sendMessage, async (req, body) =>
    service.sendMessage(ctx, await callerOf(ctx, req), body, req.headers['accept-language']),
  );
  route(app, chat.history, async (req, body) => service.history(ctx, await callerOf(ctx, req), body));
  route(app, chat.readCustomer, async (req, body) =>
    service.readCustomer(ctx, await callerOf(ctx, req), body),
  );

  // Multipart lives only in this scope: everywhere else the app's 64 KB JSON body limit stands.
  void app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: true });
    route(uploads, chat.uploadImage, (req) => uploadOf(req, 'image', chat.CHAT_IMAGE_MAX_BYTES));
    route(uploads, chat.uploadVideo, (req) => uploadOf(req, 'video', chat.CHAT_VIDEO_MAX_BYTES));
  });

  const uploadOf = async (req: FastifyRequest, kind: 'image' | 'video', maxBytes: number) => {
    const caller = await callerOf(ctx, req);
    const file = await openChatFile(req, maxBytes);
    try {
      return await service.upload(ctx, caller, kind, file, req.ip);
    } finally {
      await file?.discard();
    }
  };

  // The files are read by <img> and <video>, which send no token: the name itself (128 random bits) is
  // the capability. Served as the type the bytes proved, never sniffed into HTML by the browser.
  app.get('/api/chat/files/:name', async (req, reply) => {
    const { name } = req.params as { name: string };
    const file = await service.fileOf(ctx, name);
    if (!file) throw new AppError('NOT_FOUND', 404);
    void reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('accept-ranges', 'bytes');
    return sendRange(req, reply, file);
  });

  if (opsTokens.size) chatOpsRoutes(app, ctx, opsTokens);
}

const openChatFile = (req: FastifyRequest, maxBytes: number): Promise<IncomingFile | undefined> =>
  openOneFile(req, { maxBytes, tooLarge: 'CHAT_FILE_TOO_LARGE', malformed: 'CHAT_FILE_NOT_SUPPORTED' });

type ServedFile = NonNullable<Awaited<ReturnType<typeof service.fileOf>>>;

/**
 * A video on an iPhone plays only when its bytes can be asked for in ranges (Safari asks for bytes=0-1
 * first); one range is enough, several are answered whole. The bytes stream from the store, the range's
 * only: a 20 MB video is never read whole to answer for two bytes of it.
 */
async function sendRange(req: FastifyRequest, reply: FastifyReply, file: ServedFile) {
  const { size } = file;
  const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  let range: { start: number; end: number } | undefined;
  if (match && (match[1] || match[2])) {
    let start = match[1] ? Number(match[1]) : size - Number(match[2]);
    let end = match[1] && match[2] ? Number(match[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size)
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    range = { start, end };
  }
  const stream = size ? await file.read(range) : undefined;
  if (size && !stream) throw new AppError('NOT_FOUND', 404);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply
    .header('content-length', range ? range.end - range.start + 1 : size)
    .send(stream ?? Buffer.alloc(0));
}

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(chat.CHAT_HISTORY_MAX_PAGE).default(chat.CHAT_HISTORY_PAGE),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The operator's side: the operator token of /api/ops/*, every action audited. */
function chatOpsRoutes(app: FastifyInstance, ctx: ChatCtx, opsTokens: Map<string, string>) {
  const operatorOf = (req: FastifyRequest) => req.operator ?? 'operator';
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  void app.register(async (ops) => {
    ops.addHook('onRequest', operatorAuth(opsTokens));
    route(ops, chat.opsConversations, () => service.listConversations(ctx as Ctx));
    route(ops, chat.opsConversation, (req) => {
      const q = pageQuery.safeParse(req.query ?? {});
      if (!q.success) throw new AppError('INVALID_REQUEST');
      return audited(ctx, { operator: operatorOf(req), action: 'chat.read', target: idOf(req) }, () =>
        service.readConversation(ctx, idOf(req), q.data.limit, q.data.skip),
      );
    });
    route(ops, chat.opsReply, (req, body) =>
      audited(
        ctx,
        {
          operator: operatorOf(req),
          action: 'chat.reply',
          target: idOf(req),
          detail: { messageType: body.message.message_type },
        },
        () => service.reply(ctx, operatorOf(req), idOf(req), body.message),
      ),
    );
    route(ops, chat.opsClose, (req) =>
      audited(ctx, { operator: operatorOf(req), action: 'chat.close', target: idOf(req) }, () =>
        service.close(ctx, idOf(req)),
      ),
    );
  });
}
