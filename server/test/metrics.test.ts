import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { systemClock } from '../src/lib/clock.ts';
import { registerMetrics } from '../src/metrics/serve.ts';
import {
  bankTransfer,
  baseUrl,
  call,
  eventually,
  newKey,
  onPostgres,
  registerAndLogin,
  setPayoutMode,
  useTestApp,
  withdraw,
} from './helpers.ts';
import { scrapeMetrics, valueOf } from './metrics-helpers.ts';

const TOKEN = 'metrics-token-for-the-tests';
/** The token app's log, at info: /metrics must leave nothing there. */
const logged: string[] = [];
const t = useTestApp(
  { METRICS_TOKEN: TOKEN },
  { deps: { logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } } } },
);
const onPort = useTestApp({ METRICS_PORT: '0', HOST: '127.0.0.1' });

const scrape = () => scrapeMetrics(t.app, TOKEN);

describe('metrics', () => {
  it('[prod] /metrics is off without METRICS_PORT or METRICS_TOKEN: 404 like any unknown path', async () => {
    const app = Fastify({ logger: false });
    const metrics = registerMetrics(app, { config: loadConfig({}), db: {} as Db, clock: systemClock });
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'NOT_FOUND' }));
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    metrics.money('deposit_bank', 'ok', { minor: 100n, currency: 'BAHT' }); // a no-op, not a failure
    await app.close();
  });

  it('[prod] METRICS_PORT and METRICS_TOKEN are checked at start: a port apart from PORT, a token of 16 or more', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })).toMatchObject({
      metricsPort: 9464,
      metricsToken: TOKEN,
    });
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
  });

  it('[prod] with METRICS_TOKEN, /metrics answers 401 without the bearer token or with a wrong one, 200 with it, and logs none of it at info', async () => {
    const before = logged.length;
    expect((await call(t.app, 'GET', '/metrics')).status).toBe(401);
    const wrong = await call(t.app, 'GET', '/metrics', { token: `${TOKEN}x` });
    expect(wrong).toEqual({ status: 401, body: { message: 'UNAUTHORIZED' } });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE krapao_money_movements_total counter');
    expect(res.body).toContain('nodejs_eventloop_lag_p99_seconds');
    const lines = logged
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; req?: { url?: string } });
    expect(lines.filter((l) => l.req?.url === '/metrics' || l.msg === 'request refused')).toEqual([]);
    // The log is on: the same calls to another route are there.
    await call(t.app, 'GET', '/api/wallet');
    expect(logged.slice(before).some((line) => line.includes('"url":"/api/wallet"'))).toBe(true);
  });

  it('[prod] with METRICS_PORT, /metrics is served on that port and not on the main one', async () => {
    const address = onPort.app.metricsAddress();
    expect(address).toMatchObject({ address: '127.0.0.1', port: expect.any(Number) });
    expect(address?.port).not.toBe((onPort.app.server.address() as { port: number }).port);
    const res = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE krapao_http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${address!.port}/other`)).status).toBe(404);
    const main = await fetch(`${baseUrl(onPort.app)}/metrics`);
    expect(main.status).toBe(404);
  });

  it('[prod] a deposit through the bank and a withdrawal show in the money movements with their kind, outcome and amount', async () => {
    await setPayoutMode(t.app, 'pay');
    const before = await scrape();
    const { reg, token } = await registerAndLogin(t.app);
    const sent = await bankTransfer(t.app, reg, 1_500);
    expect(sent.feed.results[0]?.outcome).toBe('CREDITED');
    const key = newKey();
    expect((await withdraw(t.app, token, 400, key)).status).toBe(200);
    // The same request again is a replay: counted as one, and its money not again.
    expect((await withdraw(t.app, token, 400, key)).status).toBe(200);

    const moved = 'krapao_money_movements_total';
    const amount = 'krapao_money_amount_minor_total';
    let after = before;
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    // The payout is sent after the answer; it is counted once the bank's answer is settled.
    await eventually(
      async () => (after = await scrape()),
      () => delta(moved, { kind: 'payout', outcome: 'ok' }) > 0,
    );
    expect(delta(moved, { kind: 'deposit_bank', outcome: 'ok' })).toBe(1);
    expect(delta(amount, { kind: 'deposit_bank', currency: 'BAHT' })).toBe(150_000);
    expect(delta(moved, { kind: 'withdrawal', outcome: 'ok' })).toBe(1);
    expect(delta(moved, { kind: 'withdrawal', outcome: 'duplicate' })).toBe(1);
    expect(delta(amount, { kind: 'withdrawal', currency: 'BAHT' })).toBe(40_000);
    expect(delta(moved, { kind: 'payout', outcome: 'ok' })).toBe(1);
    expect(delta(amount, { kind: 'payout', currency: 'BAHT' })).toBe(40_000);
  });

  it('[prod] the route label is the URL pattern, never the raw URL; whatever no route took is one label', async () => {
    await call(t.app, 'GET', '/api/qrcode/KBANK');
    await call(t.app, 'GET', '/api/qrcode/PAYTIMZ');
    await call(t.app, 'GET', '/no/such/page/12345');
    const samples = await scrape();
    const counts = samples.filter((s) => s.name === 'krapao_http_request_duration_seconds_count');
    expect(
      valueOf(counts, 'krapao_http_request_duration_seconds_count', { route: '/api/qrcode/:provider' }),
    ).toBeGreaterThanOrEqual(2);
    expect(counts.find((s) => s.labels.route === 'unmatched')).toMatchObject({
      labels: { method: 'GET', status: '4xx' },
    });
    for (const s of counts) expect(s.labels.route).not.toMatch(/KBANK|PAYTIMZ|12345/);
  });

  it('[prod] the Grafana dashboard and the alert rules parse and name only metrics the server exposes', async () => {
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    const exposed = new Set<string>();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exposed.add(name!);
      if (type === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(name! + suffix);
    }
    // PGlite has no connection pool to report (gauges.ts); PostgreSQL has them all.
    const postgresOnly = (name: string) => !onPostgres && name.startsWith('krapao_db_pool_');
    const namesIn = (expr: string) => [...expr.matchAll(/\b(?:krapao|nodejs|process)_\w+/g)].map(([n]) => n);

    const dashboard = JSON.parse(
      readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
    );
    const variable = dashboard.templating.list.find((v: { type: string }) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const panels = dashboard.panels.filter((p: { type: string }) => p.type !== 'row');
    expect(panels.length).toBeGreaterThanOrEqual(10);
    const exprs: string[] = [];
    for (const panel of panels) {
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets.length).toBeGreaterThan(0);
      exprs.push(...panel.targets.map((target: { expr: string }) => target.expr));
    }
    for (const v of dashboard.templating.list) if (v.type === 'query') exprs.push(v.query);

    const alerts = parseYaml(readFileSync(new URL('../../docs/alerts.yml', import.meta.url), 'utf8'));
    const rules = alerts.groups.flatMap((g: { name: string; rules: unknown[] }) => {
      expect(g.name).toBeTruthy();
      return g.rules;
    });
    expect(rules.length).toBeGreaterThanOrEqual(3);
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^Krapao\w+$/),
        expr: expect.any(String),
        for: expect.stringMatching(/^\d+[smh]$/),
        labels: { severity: expect.stringMatching(/^(critical|warning)$/) },
        annotations: { summary: expect.any(String), description: expect.any(String) },
      });
      exprs.push(rule.expr);
    }

    const named = new Set(exprs.flatMap(namesIn));
    expect(named).toContain('krapao_reconciler_oldest_seconds');
    expect([...named].filter((name) => !exposed.has(name) && !postgresOnly(name))).toEqual([]);
  });
});
