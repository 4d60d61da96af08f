import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookups, type LookupName } from '@krapao/contract';
import { seed } from '../src/seed.ts';
import { seedSite } from '../src/db/seed.ts';
import { call, expectError, makeApp, registerAndLogin, useTestApp, type TestApp } from './helpers.ts';

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
      nameLA: 'ທະນາຄານກະສິກອນໄທ',
      country: 'TH',
    });
    expect(banks.every((b) => b.country === 'TH')).toBe(true);
  });

  it("[LK-1] the bank coded TMB is named ttb in Thai and English (and Lao, which shows the English name); a database seeded with the old names gets the new ones, an operator's names stay", async () => {
    const tmb = async () =>
      ((await call(t.app, 'GET', '/api/lookup/banks')).body as unknown as Array<Record<string, string>>).find(
        (b) => b.code === 'TMB',
      )!;
    expect(await tmb()).toMatchObject({
      nameTH: 'ttb ธนาคารทหารไทยธนชาต',
      nameEN: 'ttb (TMBThanachart Bank)',
    });
    expect((await tmb()).nameLA).toBeUndefined();
    await t.db.query(
      `update banks set name_th = 'ธนาคารทหารไทยธนชาต', name_en = 'TMBThanachart Bank' where code = 'TMB'`,
    );
    await t.db.tx((q) => seedSite(q, {}));
    expect(await tmb()).toMatchObject({ nameEN: 'ttb (TMBThanachart Bank)' });
    await t.db.query(`update banks set name_en = 'ttb by the operator' where code = 'TMB'`);
    await t.db.tx((q) => seedSite(q, {}));
    expect((await tmb()).nameEN).toBe('ttb by the operator');
    await t.db.tx((q) => q.query(`update banks set name_en = 'ttb (TMBThanachart Bank)' where code = 'TMB'`));
  });

  it("[LK-1] [trust-18] a member's bank carries its Lao name where it has one, in the profile and the wallet", async () => {
    const { token } = await registerAndLogin(t.app, { bankCode: 'KBANK' });
    const auth = { token };
    const profile = (await call(t.app, 'GET', '/api/account/profile', auth)).body as { bank: unknown };
    expect(profile.bank).toEqual({
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
      nameLA: 'ທະນາຄານກະສິກອນໄທ',
    });
    const wallet = (await call(t.app, 'GET', '/api/wallet', auth)).body as { bankAccount: { bank: unknown } };
    expect(wallet.bankAccount.bank).toEqual(profile.bank);
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

  it('[LK-1] [trust-18] Lao banks have Lao names; a bank without one has no nameLA', async () => {
    const banks = (await call(la.app, 'GET', '/api/lookup/banks')).body as unknown as Array<
      Record<string, string>
    >;
    const nameLA = (code: string) => banks.find((b) => b.code === code)?.nameLA;
    expect(nameLA('BCEL')).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ');
    expect(nameLA('LDB')).toBe('ທະນາຄານພັດທະນາລາວ');
    expect(nameLA('APB')).toBe('ທະນາຄານສົ່ງເສີມກະສິກຳ');
    expect(nameLA('JDB')).toBe('ທະນາຄານຮ່ວມພັດທະນາ');
    for (const bank of banks.filter((b) => b.country === 'LA'))
      expect(bank.nameLA).toMatch(/[\u0E80-\u0EFF]/);
    expect(banks.find((b) => b.code === 'SCB')).not.toHaveProperty('nameLA');
  });

  it("[trust-18] seeding a database from before Lao names fills them, and keeps an operator's own", async () => {
    await la.db.query(`update banks set name_la = null where code = 'LDB'`);
    await la.db.query(`update banks set name_la = 'ທະນາຄານ ຈີດີບີ' where code = 'JDB'`);
    await seed(la.db, { demoMember: false });
    const rows = await la.db.query<{ code: string; name_la: string }>(
      `select code, name_la from banks where code in ('LDB', 'JDB') order by code`,
    );
    expect(rows).toEqual([
      { code: 'JDB', name_la: 'ທະນາຄານ ຈີດີບີ' },
      { code: 'LDB', name_la: 'ທະນາຄານພັດທະນາລາວ' },
    ]);
  });
});
