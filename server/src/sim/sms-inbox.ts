import type { FastifyPluginAsync } from 'fastify';

interface Sms {
  to: string;
  text: string;
  at: string;
}

/** The simulated SMS gateway: keeps what was sent so a person or a test can read it. */
export const smsInbox: FastifyPluginAsync<{ failing?: () => boolean }> = async (app, opts) => {
  const inbox: Sms[] = [];
  const MAX = 1_000;
  app.post<{ Body: { to?: unknown; text?: unknown } }>('/messages', async (req, reply) => {
    // Fault injection: tests make the gateway fail to prove OTP_SEND_FAIL.
    if (opts.failing?.()) return reply.code(503).send({ message: 'SMS gateway unavailable' });
    const { to, text } = req.body ?? {};
    if (typeof to !== 'string' || typeof text !== 'string')
      return reply.code(400).send({ message: 'bad sms' });
    inbox.unshift({ to, text, at: new Date().toISOString() });
    inbox.length = Math.min(inbox.length, MAX);
    return reply.code(202).send({ accepted: true });
  });
  app.get<{ Querystring: { phone?: string } }>('/inbox', async (req) =>
    inbox.filter((m) => !req.query.phone || m.to === req.query.phone),
  );
};
