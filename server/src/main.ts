// The entry: reads config, opens the database, migrates, seeds, listens, and shuts down cleanly.
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_MEMBER, LAO_DEMO_MEMBER } from './db/seed.ts';
import { seed } from './seed.ts';

const config = loadConfig();
const db = await connect({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
});
await migrate(db);
await seed(db, { demoMember: config.simulate, region: config.region });

const app = await buildApp({ config, db });
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await db.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
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
