// Shared by the chat tests: a customer's calls as the web makes them, as a member (bearer token) or as a
// visitor (X-Chat-Guest), and multipart uploads.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { chat, type ChatMessage } from '@krapao/contract';
import { call, type Answer } from './helpers.ts';

export const OPS_TOKEN = 'operator-token-for-chat-tests';
export type Who = { token: string } | { guestToken: string };

export const headersOf = (who: Who): { token?: string; headers?: Record<string, string> } =>
  'token' in who ? { token: who.token } : { headers: { [chat.CHAT_GUEST_HEADER]: who.guestToken } };

export async function newGuest(app: FastifyInstance) {
  const res = await call(app, 'POST', '/api/chat/guest', { body: {} });
  expect(res.status).toBe(200);
  return res.body as { guestId: string; guestToken: string };
}

export const sendText = (app: FastifyInstance, who: Who, text: string, clientId: string = randomUUID()) =>
  send(app, who, { message_type: 'text', payload: { text } }, clientId);

export function send(
  app: FastifyInstance,
  who: Who,
  message: unknown,
  clientId: string = randomUUID(),
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  const h = headersOf(who);
  return call(app, 'POST', '/api/chat/send-message', { ...h, body: { clientId, message, ...extra } });
}

export async function history(app: FastifyInstance, who: Who, body: Record<string, unknown> = {}) {
  const h = headersOf(who);
  return call(app, 'POST', '/api/chat/history', { ...h, body: { limit: 10, skip: 0, ...body } });
}

/** Every message of the caller's conversation, oldest first. */
export async function allMessages(app: FastifyInstance, who: Who): Promise<ChatMessage[]> {
  const res = await history(app, who, { limit: 50 });
  expect(res.status).toBe(200);
  return res.body.messages as ChatMessage[];
}

export const ops = (app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(app, method, url, { token: OPS_TOKEN, ...(body !== undefined ? { body } : {}) });

export async function conversationIdOf(app: FastifyInstance, match: { userId?: string; guestId?: string }) {
  const list = await ops(app, 'GET', '/api/ops/chat/conversations');
  expect(list.status).toBe(200);
  const found = (
    list.body as unknown as Array<{ id: string; userId: string | null; guestId: string | null }>
  ).find(
    (c) => (match.userId && c.userId === match.userId) || (match.guestId && c.guestId === match.guestId),
  );
  expect(found).toBeDefined();
  return found!.id;
}

/** A multipart/form-data body with one file part. */
export function multipart(
  filename: string,
  bytes: Buffer,
  field = 'file',
  type = 'application/octet-stream',
) {
  const boundary = `----krapao${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function upload(
  app: FastifyInstance,
  who: Who,
  kind: 'image' | 'video',
  filename: string,
  bytes: Buffer,
) {
  const body = multipart(filename, bytes);
  const h = headersOf(who);
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/upload-${kind}`,
    headers: {
      'content-type': body.contentType,
      ...(h.token ? { authorization: `Bearer ${h.token}` } : {}),
      ...h.headers,
    },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as Record<string, unknown> & { message?: string },
  };
}
