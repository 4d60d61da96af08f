// The simulated operator's group chat: Telegram's sendMessage and LINE's push message as the two
// messengers answer them, every message kept so a person or a test can read the group
// (GET /sim/alerts/inbox). Krapao's adapters (providers/alerts) reach it over real HTTP.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@krapao/contract';
import type { Clock } from '../lib/clock.ts';
import { simText } from './sim-http.ts';

interface GroupMessage {
  channel: 'telegram' | 'line';
  chat: string;
  text: string;
  at: string;
}

const TELEGRAM_TEXT_MAX = 4_096;
const LINE_TEXT_MAX = 5_000;
const KEPT = 1_000;

export const alertsInbox: FastifyPluginAsync<{ clock: Clock }> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const inbox: GroupMessage[] = [];
  const retryKeys = new Set<string>();
  // Fault switch: 'down' answers every send with a server error, to watch Krapao try again later.
  let mode: 'ok' | 'down' = 'ok';
  const keep = (m: Omit<GroupMessage, 'at'>) => {
    inbox.unshift({ ...m, at: opts.clock.now().toISOString() });
    inbox.length = Math.min(inbox.length, KEPT);
  };

  app.post(
    '/telegram/bot:token/sendMessage',
    {
      schema: {
        params: z.object({ token: simText(100) }),
        body: z.object({
          chat_id: z.union([z.number().int(), simText(64)]),
          text: text().min(1).max(TELEGRAM_TEXT_MAX),
          disable_web_page_preview: z.boolean().optional(),
        }),
      },
    },
    async (req, reply) => {
      if (mode === 'down')
        return reply.code(502).send({ ok: false, error_code: 502, description: 'Bad Gateway' });
      const chat = String(req.body.chat_id);
      keep({ channel: 'telegram', chat, text: req.body.text });
      return {
        ok: true,
        result: {
          message_id: inbox.length,
          date: Math.floor(opts.clock.now().getTime() / 1000),
          chat: { id: Number(chat) || chat, type: 'supergroup' },
          text: req.body.text,
        },
      };
    },
  );

  app.post(
    '/line/v2/bot/message/push',
    {
      schema: {
        headers: z.object({
          authorization: text().regex(/^Bearer \S{8,}$/),
          'x-line-retry-key': text().uuid().optional(),
        }),
        body: z.object({
          to: simText(64),
          messages: z
            .array(z.object({ type: z.literal('text'), text: text().min(1).max(LINE_TEXT_MAX) }))
            .min(1)
            .max(5),
        }),
      },
    },
    async (req, reply) => {
      if (mode === 'down') return reply.code(500).send({ message: 'An error occurred' });
      const key = req.headers['x-line-retry-key'];
      // LINE's answer to a retry key it accepted before: nothing is sent again.
      if (key && retryKeys.has(key))
        return reply.code(409).send({ message: 'The retry key is already accepted', sentMessages: [] });
      if (key) retryKeys.add(key);
      for (const m of req.body.messages) keep({ channel: 'line', chat: req.body.to, text: m.text });
      return {
        sentMessages: req.body.messages.map(() => ({
          id: BigInt(`0x${randomBytes(7).toString('hex')}`).toString(),
          quoteToken: randomBytes(12).toString('base64url'),
        })),
      };
    },
  );

  app.get('/inbox', async () => inbox);
  app.post('/config', { schema: { body: z.object({ mode: z.enum(['ok', 'down']) }) } }, async (req) => {
    mode = req.body.mode;
    return { mode };
  });
};
