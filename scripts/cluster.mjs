// npm run cluster: HAProxy in front of three instances of the compiled server (NODE_ENV=production) on one
// PostgreSQL and one Redis, the simulated outside world in a process of its own. Prints the load
// balancer's address; Ctrl-C stops everything. The instances drain on SIGTERM like production ones: stop
// one (kill <pid>) and the load balancer sends its members elsewhere.
// Settings: DATABASE_URL (postgres://postgres@127.0.0.1:5432/krapao_cluster, created when missing),
// REDIS_URL (redis://127.0.0.1:6379), REDIS_PREFIX (krapao-cluster), CLUSTER_INSTANCES (3), CLUSTER_PORT
// (8080), BUILD (1: rebuild server/dist first; it is built anyway when missing).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { compiledServer, findHaproxy, HAPROXY_MISSING, startCluster } from './cluster-lib.mjs';
import { run, webDist } from './lib.mjs';

if (!findHaproxy()) {
  console.error(HAPROXY_MISSING);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/krapao_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

// The database of the cluster, made on first use when it is the default one.
if (!process.env.DATABASE_URL) {
  const admin = databaseUrl.replace(/\/[^/]*$/, '/postgres');
  const exists = execFileSync(
    'psql',
    [admin, '-qtAc', "select 1 from pg_database where datname = 'krapao_cluster'"],
    {
      encoding: 'utf8',
    },
  ).trim();
  if (!exists) execFileSync('psql', [admin, '-qc', 'create database krapao_cluster']);
}
if (process.env.BUILD === '1' || !existsSync(compiledServer())) {
  console.log('Building the server and the web app (npm run build) ...');
  if ((await run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);
}

const cluster = await startCluster({
  databaseUrl,
  redisUrl,
  instances: Number(process.env.CLUSTER_INSTANCES || 3),
  port: Number(process.env.CLUSTER_PORT || 8080),
  quiet: false,
  env: {
    REDIS_PREFIX: process.env.REDIS_PREFIX || 'krapao-cluster',
    // The region's own build (web/dist/th, or web/dist/la under REGION=la), as npm run build made it.
    WEB_DIST: process.env.WEB_DIST || webDist(),
  },
});
console.log(`\n  Krapao cluster (load balancer): ${cluster.lbUrl}`);
for (const i of cluster.instances) console.log(`    ${i.name}: ${i.base}`);
console.log(`  Simulated world: ${cluster.simUrl} (SMS inbox: ${cluster.simUrl}/sms/inbox)`);
console.log(`  HAProxy configuration: ${cluster.configFile}`);
console.log('  Ctrl-C stops all.\n');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster ...');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
