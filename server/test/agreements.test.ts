import { describe, expect, it } from 'vitest';
import { agreements, lookups } from '@krapao/contract';
import { call, expectError, registerAndLogin, useTestApp } from './helpers.ts';

const OPS_TOKEN = 'agreements-test-operator-token';
const t = useTestApp({ OPS_TOKEN });

const lookup = async () =>
  lookups.agreements.response.parse((await call(t.app, 'GET', '/api/lookup/agreements')).body);
const status = async (token: string) => {
  const res = await call(t.app, 'GET', '/api/agreements/status', { token });
  expect(res.status).toBe(200);
  return agreements.getStatus.response.parse(res.body);
};
const accept = (token: string, version: string) =>
  call(t.app, 'POST', '/api/agreements/accept', { token, body: { version } });

/** The operator edits one agreement's English text (a new version). */
async function editAgreements(en: string) {
  await t.db.query(
    `update settings set value = jsonb_set(value, '{0,content,en}', to_jsonb($1::text)) where key = 'site.agreements'`,
    [en],
  );
}

describe('agreements', () => {
  it('[HOME-2] the seeded agreements are in th, la and en (age 18+, one account per person, responsible play) with a version', async () => {
    const { version, agreements: list } = await lookup();
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(list.map((a) => a.id)).toEqual(['age', 'one-account', 'responsible-play']);
    for (const a of list) {
      expect(a.title.th).toMatch(/[\u0E00-\u0E7F]/);
      expect(a.title.la).toMatch(/[\u0E80-\u0EFF]/);
      expect(a.content.la).toMatch(/[\u0E80-\u0EFF]/);
      expect(a.content.en.length).toBeGreaterThan(40);
    }
    // Reading twice gives the same version: it is the content's, not a clock's.
    expect((await lookup()).version).toBe(version);
  });

  it('[HOME-2] a new member has not accepted; accepting keeps the time and the version on the server', async () => {
    const { token } = await registerAndLogin(t.app);
    const { version } = await lookup();
    expect(await status(token)).toEqual({ version, accepted: false, acceptedAt: null });

    const res = await accept(token, version);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version, accepted: true, acceptedAt: t.clock.now().toISOString() });
    expect(await status(token)).toEqual(res.body);
  });

  it('[HOME-2] accepting is idempotent: a repeat answers the first acceptance and stores nothing more', async () => {
    const { token, id } = await registerAndLogin(t.app);
    const { version } = await lookup();
    const first = await accept(token, version);
    t.clock.advance(60_000);
    const again = await Promise.all([accept(token, version), accept(token, version)]);
    for (const res of again) expect(res).toEqual(first);
    const [{ n }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from agreement_acceptances a join members m on m.id = a.member_id
       where m.public_id = $1`,
      [id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('[HOME-2] a new version asks again; accepting the stale one is refused with AGREEMENTS_CHANGED', async () => {
    const { token } = await registerAndLogin(t.app);
    const old = (await lookup()).version;
    expect((await accept(token, old)).status).toBe(200);

    const before = (await lookup()).agreements[0]!.content.en;
    await editAgreements(`${before} Updated.`);
    try {
      const next = (await lookup()).version;
      expect(next).not.toBe(old);
      expect(await status(token)).toEqual({ version: next, accepted: false, acceptedAt: null });

      expectError(await accept(token, old), 409, 'AGREEMENTS_CHANGED');
      expect((await status(token)).accepted).toBe(false);

      expect((await accept(token, next)).status).toBe(200);
      expect(await status(token)).toMatchObject({ version: next, accepted: true });
      // The text each version said is kept, so what a member agreed to can be shown later.
      const kept = await t.db.query<{ version: string; en: string }>(
        `select version, agreements -> 0 -> 'content' ->> 'en' as en from agreement_versions
         where version in ($1, $2) order by first_accepted_at, version`,
        [old, next],
      );
      expect(kept.find((k) => k.version === old)?.en).toBe(before);
      expect(kept.find((k) => k.version === next)?.en).toBe(`${before} Updated.`);
    } finally {
      await editAgreements(before);
    }
    // Back to the old text is the old version again: this member accepted it already.
    expect(await status(token)).toMatchObject({ version: old, accepted: true });
  });

  it("[HOME-2] one member's acceptance leaves another member unaffected", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const { version } = await lookup();
    expect((await accept(a.token, version)).status).toBe(200);
    expect((await status(a.token)).accepted).toBe(true);
    expect(await status(b.token)).toEqual({ version, accepted: false, acceptedAt: null });
  });

  it('[HOME-2] status and accept need a session; a malformed version is INVALID_REQUEST', async () => {
    const { version } = await lookup();
    expectError(await call(t.app, 'GET', '/api/agreements/status'), 401, 'UNAUTHORIZED');
    expectError(
      await call(t.app, 'POST', '/api/agreements/accept', { body: { version } }),
      401,
      'UNAUTHORIZED',
    );
    const { token } = await registerAndLogin(t.app);
    expectError(await accept(token, ''), 400, 'INVALID_REQUEST');
  });

  it('[HOME-2] the operator replaces the agreements through the operator API: a new version asks every member again; audited', async () => {
    const m = await registerAndLogin(t.app);
    const before = await lookup();
    expect((await accept(m.token, before.version)).status).toBe(200);

    // Without the operator's token nothing is read or written.
    expect((await call(t.app, 'GET', '/api/ops/agreements')).status).toBe(401);
    const seen = await call(t.app, 'GET', '/api/ops/agreements', { token: OPS_TOKEN });
    expect(seen.body).toMatchObject({ version: before.version });

    const text = (s: string) => ({ th: `ข้อ ${s}`, la: `ຂໍ້ ${s}`, en: `Rule ${s}` });
    const next = [{ id: 'house-rules', title: text('1'), content: text('<p>Play fair.</p>') }];
    const set = await call(t.app, 'PUT', '/api/ops/agreements', {
      token: OPS_TOKEN,
      body: { agreements: next },
    });
    expect(set.status).toBe(200);
    expect(set.body.version).not.toBe(before.version);
    expect((await lookup()).agreements.map((a) => a.id)).toEqual(['house-rules']);
    expect(await status(m.token)).toMatchObject({ version: set.body.version, accepted: false });

    // The same texts again are the same version; a bad body changes nothing.
    const again = await call(t.app, 'PUT', '/api/ops/agreements', {
      token: OPS_TOKEN,
      body: { agreements: next },
    });
    expect(again.body.version).toBe(set.body.version);
    const bad = await call(t.app, 'PUT', '/api/ops/agreements', {
      token: OPS_TOKEN,
      body: { agreements: [{ id: 'Bad Id', title: text('x'), content: text('y') }] },
    });
    expect(bad.status).toBe(400);
    expect((await lookup()).version).toBe(set.body.version);

    const actions = (await call(t.app, 'GET', '/api/ops/actions', { token: OPS_TOKEN }))
      .body as unknown as Array<Record<string, unknown>>;
    expect(actions.filter((a) => a.action === 'agreements.set')).toHaveLength(2);
  });
});
