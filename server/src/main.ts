// The entry: reads config, opens the database, migrates, seeds, listens, and shuts down cleanly.
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { connect } from './db/connect.ts';
import { shiftableClock } from './lib/clock.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_MEMBER, LAO_DEMO_MEMBER } from './db/seed.ts';
import { seed } from './seed.ts';

/** After the grace, how long stopping the jobs and closing the database may take before the process exits anyway. */
const AFTER_GRACE_MS = 10_000;

const config = loadConfig();
const db = await connect({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
});
await migrate(db);
await seed(db, { demoMember: config.simulate, region: config.region });

// The simulated world's time can be moved by browser tests (POST /sim/clock); a real start keeps the system's.
const clock = config.simulate && !config.simUrl ? shiftableClock() : undefined;
const app = await buildApp({ config, db, ...(clock ? { clock } : {}) });
let closing = false;
// SIGTERM and SIGINT drain the server (http/drain.ts): readiness 503 at once, requests in flight finish
// within SHUTDOWN_GRACE_MS, then the jobs stop and the database closes. Exit 0 when all finished in time,
// 1 when the grace ran out or the rest of the shutdown hung.
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + AFTER_GRACE_MS).unref();
  let code = 0;
  try {
    if ((await app.drain(config.shutdownGraceMs)).forced) code = 1;
    await db.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    code = 1;
  }
  process.exit(code);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\n  Krapao is running: ${url}`);
console.log(`  Database: ${db.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`);
if (config.simulate) {
  console.log(`  Demo login: ${DEMO_MEMBER.phone} / ${DEMO_MEMBER.password}`);
  // A Laos build seeds a kip member too (paid out to BCEL); the baht one stays for the Thai rails.
  if (config.region === 'la') {
    console.log(`  Lao demo member (kip): ${LAO_DEMO_MEMBER.phone} / ${LAO_DEMO_MEMBER.password}`);
  }
  console.log(`  Simulated SMS inbox: ${url}/sim/sms/inbox\n`);
}
