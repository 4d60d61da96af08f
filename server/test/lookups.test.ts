import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookups, type LookupName } from '@krapao/contract';
import { call, expectError, makeApp, useTestApp, type TestApp } from './helpers.ts';

const t = useTestApp();

describe('lookups', () => {
  it('[LK-1] every lookup answers without a session, in the shape of the contract', async () => {
    for (const [name, e] of Object.entries(lookups) as Array<[LookupName, (typeof lookups)[LookupName]]>) {
      const res = await call(t.app, 'GET', e.path);
      expect(res.status, name).toBe(200);
      expect(() => e.response.parse(res.body), name).not.toThrow();
    }
  });

  it('[LK-1] banks carry short code, 3-digit code and Thai and English names; a Thai build lists Thai banks', async () => {
    const banks = (await call(t.app, 'GET', '/api/lookup/banks')).body as unknown as Array<
      Record<string, string>
    >;
    expect(banks.find((b) => b.code === 'KBANK')).toEqual({
      code: 'KBANK',
      clearingCode: '004',
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
      country: 'TH',
    });
    expect(banks.every((b) => b.country === 'TH')).toBe(true);
  });

  it('[LK-1] withdraw limits are baht, info has name and website, OTP is on', async () => {
    expect((await call(t.app, 'GET', '/api/lookup/withdraw')).body).toEqual({
      withdrawMin: 100,
      withdrawMax: 50000,
    });
    expect((await call(t.app, 'GET', '/api/lookup/info')).body).toMatchObject({ name: 'Krapao' });
    expect((await call(t.app, 'GET', '/api/lookup/registerOTP')).body).toEqual({ enabled: true });
    expect((await call(t.app, 'GET', '/api/lookup/active')).body).toEqual({ active: true });
  });

  it('[LK-1] operator HTML is sanitised: no script or event handler reaches the client', async () => {
    await t.db.query(`update settings set value = $1 where key = 'site.conditions'`, [
      JSON.stringify({
        content: {
          th: '<b>ok</b><script>alert(1)</script>',
          la: '<img src=x onerror="alert(1)">',
          en: 'plain',
        },
      }),
    ]);
    const { content } = (await call(t.app, 'GET', '/api/lookup/conditions')).body as {
      content: Record<string, string>;
    };
    expect(content.th).toContain('<b>ok</b>');
    expect(content.th).not.toContain('<script>');
    expect(content.la).not.toMatch(/onerror/i);
  });

  it('[SH-6] when the service is ended, active says so and every other call answers 410 gone', async () => {
    await t.db.query(`update settings set value = 'false' where key = 'site.active'`);
    t.clock.advance(5_001); // the switch is cached for 5 s
    try {
      expect((await call(t.app, 'GET', '/api/lookup/active')).body).toEqual({ active: false });
      expectError(await call(t.app, 'GET', '/api/lookup/banks'), 410, 'gone');
      expectError(
        await call(t.app, 'POST', '/api/login', { body: { username: 'a', password: 'b' } }),
        410,
        'gone',
      );
    } finally {
      await t.db.query(`update settings set value = 'true' where key = 'site.active'`);
      t.clock.advance(5_001);
    }
  });
});

describe('lookups in a Laos build', () => {
  let la: TestApp;
  beforeAll(async () => {
    la = await makeApp({ REGION: 'la' });
  });
  afterAll(() => la.close());

  it('[SH-3] [LK-1] a Laos build lists Lao banks first, then Thai ones', async () => {
    const banks = (await call(la.app, 'GET', '/api/lookup/banks')).body as unknown as Array<{ code: string }>;
    expect(banks[0]?.code).toBe('BCEL');
    expect(banks.some((b) => b.code === 'KBANK')).toBe(true);
  });
});
