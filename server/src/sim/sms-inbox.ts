import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@krapao/contract';
import { simText } from './sim-http.ts';

interface Sms {
  to: string;
  text: string;
  at: string;
}

const SMS_MAX_LENGTH = 1_000;

/** The simulated SMS gateway: keeps what was sent so a person or a test can read it. */
export const smsInbox: FastifyPluginAsync<{ failing?: () => boolean }> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const inbox: Sms[] = [];
  const MAX = 1_000;
  app.post(
    '/messages',
    { schema: { body: z.object({ to: simText(20), text: text().min(1).max(SMS_MAX_LENGTH) }) } },
    async (req, reply) => {
      // Fault injection: tests make the gateway fail to prove OTP_SEND_FAIL.
      if (opts.failing?.()) return reply.code(503).send({ message: 'SMS gateway unavailable' });
      inbox.unshift({ to: req.body.to, text: req.body.text, at: new Date().toISOString() });
      inbox.length = Math.min(inbox.length, MAX);
      return reply.code(202).send({ accepted: true });
    },
  );
  app.get('/inbox', { schema: { querystring: z.object({ phone: simText(20).optional() }) } }, async (req) =>
    inbox.filter((m) => !req.query.phone || m.to === req.query.phone),
  );
};
