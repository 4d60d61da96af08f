import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { getSetting } from '../db/settings.ts';
import type { Clock } from '../lib/clock.ts';

/** How long the service's on/off switch (SH-6) is trusted before it is read again. */
const ACTIVE_CACHE_MS = 5_000;

/** SH-6: when the operator ends the service every API answer is 410 { message: 'gone' }. */
export function registerTermination(app: FastifyInstance, db: Db, clock: Clock) {
  let cached: { active: boolean; at: number } | undefined;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/lookup/active')) return;
    const now = clock.now().getTime();
    if (!cached || now - cached.at > ACTIVE_CACHE_MS) {
      cached = { active: (await getSetting<boolean>(db, 'site.active')) ?? true, at: now };
    }
    if (!cached.active) return reply.code(410).send({ message: 'gone' });
  });
}
