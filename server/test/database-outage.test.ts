// PostgreSQL goes away under a running server and comes back, through a TCP proxy the test cuts (a
// restart, a failover or a network cut look the same to the server). The process must stay up, answer 503
// SERVICE_UNAVAILABLE meanwhile (readiness saying the database failed), and recover by itself with
// nothing lost: the money request refused during the outage moved nothing and goes through once when sent
// again with its Idempotency-Key, the bank's report the server could not take is credited once when the
// bank sends it again, and the realtime reader nudges the member again. PGlite runs in the process: there
// is no outage to have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_PATH, type MoneyEvent } from '@krapao/contract';
import { io as openSocket } from 'socket.io-client';
import {
  bankTransfer,
  baseUrl,
  call,
  eventually,
  expectError,
  expectLedgerSound,
  makeApp,
  newKey,
  onPostgres,
  registerAndLogin,
  THAI_HOUSE_ACCOUNT,
  walletAmount,
  withdraw,
  type TestApp,
} from './helpers.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

describe.skipIf(!onPostgres)('[prod] a database outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    const direct = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    t = await makeApp({}, { through: { host: '127.0.0.1', port: proxy.port } });
  });
  afterAll(async () => {
    proxy.restore();
    await t?.close();
    await proxy?.close();
  });

  it('[prod] while PostgreSQL is away the process stays up and answers 503 SERVICE_UNAVAILABLE; once it is back everything answers again, a refused withdrawal goes through once with its Idempotency-Key and a deposit the bank sent meanwhile is credited once', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    await bankTransfer(t.app, reg, 1000);
    expect(await walletAmount(t.app, token)).toBe(1000);
    const socket = openSocket(baseUrl(t.app), {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    });
    const events: MoneyEvent[] = [];
    socket.on(REALTIME_EVENTS.money, (event: MoneyEvent) => events.push(event));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    try {
      proxy.cut();
      const down = await eventually(
        () => t.app.inject({ url: '/readyz' }),
        (r) => r.statusCode === 503,
      );
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        ready: false,
        failed: ['database'],
        checks: { server: 'ok', database: 'unavailable', schema: 'unknown' },
      });
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expectError(await call(t.app, 'GET', '/api/wallet', { token }), 503, 'SERVICE_UNAVAILABLE');
      const key = newKey();
      expectError(await withdraw(t.app, token, 300, key), 503, 'SERVICE_UNAVAILABLE');
      // The bank's report of a transfer is refused the same way, and the bank sends it again later.
      const reported = await fetch(`${baseUrl(t.app)}/sim/bank/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fromBankCode: reg.bankCode,
          fromAccountNo: reg.bankAccountNo,
          toAccountNo: THAI_HOUSE_ACCOUNT,
          amount: 500,
        }),
      });
      expect(((await reported.json()) as { feed: unknown }).feed).toEqual({ message: 'SERVICE_UNAVAILABLE' });

      proxy.restore();
      const up = await eventually(
        () => t.app.inject({ url: '/readyz' }),
        (r) => r.statusCode === 200,
      );
      expect(up.json()).toMatchObject({ ready: true, failed: [] });
      const credited = await eventually(
        () => walletAmount(t.app, token),
        (amount) => amount === 1500,
      );
      expect(credited).toBe(1500);
      const paid = await withdraw(t.app, token, 300, key);
      expect(paid.status).toBe(200);
      expect(await withdraw(t.app, token, 300, key)).toEqual(paid);
      expect(await walletAmount(t.app, token)).toBe(1200);
      // The realtime reader, failing while the database was away, reads again: the member hears of it.
      const heard = await eventually(
        async () => events.filter((e) => e.type === 'deposit' && e.amount === 500),
        (deposits) => deposits.length > 0,
        10_000,
      );
      expect(heard.length).toBeGreaterThan(0);
      await expectLedgerSound(t.db);
    } finally {
      proxy.restore();
      socket.close();
    }
  });
});
