// The simulated outside world as its own process, for a server started with SIM_URL (the crash test does
// the same in-process). Environment: SIM_PORT (3100), HOST (127.0.0.1), KRAPAO_URL (where the bank feed and
// gateway callbacks go, http://127.0.0.1:3000), and the server's BANK_FEED_SECRET, QR_GATEWAY_SECRET and
// GAMES_SECRET.
import Fastify from 'fastify';
import { systemClock } from '../lib/clock.ts';
import { simWorld } from './world.ts';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] || fallback;
  if (value === undefined) {
    console.error(`${name} must be set (the same value as the server's).`);
    process.exit(2);
  }
  return value;
};

const port = Number(env('SIM_PORT', '3100'));
const krapaoUrl = env('KRAPAO_URL', 'http://127.0.0.1:3000').replace(/\/$/, '');
const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'warn' } });
await app.register(simWorld, {
  prefix: '/sim',
  krapaoUrl: () => krapaoUrl,
  bankFeedSecret: env('BANK_FEED_SECRET'),
  qrGatewaySecret: env('QR_GATEWAY_SECRET'),
  gamesSecret: process.env.GAMES_SECRET,
  clock: systemClock,
});
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port, host: env('HOST', '127.0.0.1') });
console.log(`Simulated world: http://127.0.0.1:${port}/sim (start the server with SIM_URL set to it)`);
