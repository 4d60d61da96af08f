import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { statement, walletSchema } from '@krapao/contract';
import { answerEncoding, COMPRESS_FROM_BYTES } from '../src/http/compress-answers.ts';
import { bankTransfer, call, useTestApp, newKey, registerAndLogin } from './helpers.ts';

const t = useTestApp();

describe('wallet and statement', () => {
  it('[BAL-1] the wallet answers profile, bank account, wallet, invite and game accounts; total = wallet + games', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    await bankTransfer(t.app, reg, 1234.56);
    const w = walletSchema.parse((await call(t.app, 'GET', '/api/wallet', { token })).body);
    expect(w.wallet).toEqual({ amount: 1234.56, currency: 'BAHT' });
    expect(w.bankAccount).toMatchObject({ bankCode: reg.bankCode, bankAccountNo: reg.bankAccountNo });
    expect(w.profile.username).toBe(reg.username);
    // INV-1: no invitee yet, so nothing to collect; the seeded invite reward's exits.
    expect(w.invite).toEqual({ amount: 0, success: 100, fail: 10 });
    expect(w.total).toBe(w.wallet.amount + w.slots.reduce((s, g) => s + g.amount, 0));
    expect(w.lastSyncAt).toBeNull();
  });

  it('[BAL-2] refresh asks for every game balance and records the sync time', async () => {
    const { token } = await registerAndLogin(t.app);
    const res = await call(t.app, 'GET', '/api/wallet/refresh/slot', { token });
    expect(res.status).toBe(200);
    expect(res.body.lastSyncAt).toBe(t.clock.now().toISOString());
    expect((await call(t.app, 'GET', '/api/wallet', { token })).body.lastSyncAt).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('[ST-1] [ST-2] the statement pages newest first with types, statuses and amounts', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    for (let i = 1; i <= 12; i++) {
      await bankTransfer(t.app, reg, 100 + i);
      t.clock.advance(1_000);
    }
    await call(t.app, 'POST', '/api/wallet/withdraw', {
      token,
      body: { amount: 150 },
      headers: { 'idempotency-key': newKey() },
    });
    const page1 = statement.getStatement.response.parse(
      (await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } })).body,
    );
    expect(page1.total).toBe(13);
    expect(page1.statements).toHaveLength(10);
    expect(page1.statements[0]).toMatchObject({ statementType: 'withdraw', amount: 150, channel: 'BANK' });
    expect(page1.statements[1]).toMatchObject({
      statementType: 'deposit',
      amount: 112,
      status: 'SUCCESS',
      channel: 'BANK',
    });
    const page2 = (await call(t.app, 'POST', '/api/statement', { token, body: { page: 2, limit: 10 } })).body;
    expect((page2.statements as Array<{ amount: number }>).map((s) => s.amount)).toEqual([103, 102, 101]);
    expect(page2.total).toBe(13);
    // A page past the end is empty but still tells how many there are.
    const page9 = (await call(t.app, 'POST', '/api/statement', { token, body: { page: 9, limit: 10 } })).body;
    expect(page9).toEqual({ total: 13, statements: [] });
    // Another member sees none of it.
    const other = await registerAndLogin(t.app);
    expect(
      (await call(t.app, 'POST', '/api/statement', { token: other.token, body: { page: 1 } })).body.total,
    ).toBe(0);
  });
});

describe('answers as a phone downloads them', () => {
  const get = (url: string, token: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('[trust-11] [BAL-1] the wallet goes brotli to a browser that takes it, gzip to one that takes only gzip, plain to one that asks for neither: the same answer each way', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    await bankTransfer(t.app, reg, 250);
    const plain = await get('/api/wallet', token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const answer = plain.json();
    expect(walletSchema.parse(answer).wallet).toEqual({ amount: 250, currency: 'BAHT' });

    const br = await get('/api/wallet', token, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    // The wallet with its sixteen game accounts: a fraction of its size.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(answer);

    const gzip = await get('/api/wallet', token, 'gzip;q=1.0, identity; q=0.5, *;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(answer);
  });

  it('[trust-11] a short answer, and any answer to a browser that refuses both encodings, goes as it is', async () => {
    const { token } = await registerAndLogin(t.app);
    const profile = await get('/api/account/profile', token, 'br, gzip');
    expect(profile.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(profile.headers['content-encoding']).toBeUndefined();
    expect(profile.json().username).toBeTruthy();
    const refused = await get('/api/wallet', token, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(walletSchema.parse(refused.json()).wallet.amount).toBe(0);
  });

  it('[trust-11] Accept-Encoding is read with its weights: brotli first, a zero weight refuses, * stands for the rest', () => {
    expect(answerEncoding(undefined)).toBeUndefined();
    expect(answerEncoding('')).toBeUndefined();
    expect(answerEncoding('identity')).toBeUndefined();
    expect(answerEncoding('gzip, br')).toBe('br');
    expect(answerEncoding('BR;Q=0.1, gzip')).toBe('br');
    expect(answerEncoding('br;q=0, gzip')).toBe('gzip');
    expect(answerEncoding('deflate, *')).toBe('br');
    expect(answerEncoding('*;q=0')).toBeUndefined();
    expect(answerEncoding('gzip;q=0, *')).toBe('br');
    expect(answerEncoding('br;q=0, *')).toBe('gzip');
  });
});
