// The one place production code reaches server/src/sim: with SIMULATE on and no SIM_URL, the simulated
// outside world (bank, QR gateways, True Wallet, SMS inbox, game aggregator) is mounted under /sim of this
// server. Imported only when asked for, so a production start never loads the simulator; the lint's
// production-code zone (eslint.config.js) excepts this file alone.
import type { FastifyInstance } from 'fastify';
import type { SimWorldOptions } from './sim/world.ts';

export async function mountSimulatedWorld(app: FastifyInstance, opts: SimWorldOptions): Promise<void> {
  const { simWorld } = await import('./sim/world.ts');
  await app.register(simWorld, { prefix: '/sim', ...opts });
}
