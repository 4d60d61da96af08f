// Member care: the sign-in history, the notice of a new device and ending the other sessions.
import { describe, expect, it } from 'vitest';
import { baseUrl, call, expectError, registerAndLogin, useTestApp } from './helpers.ts';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const inbox = async (phone: string) =>
  (await (await fetch(`${baseUrl(t.app)}/sim/sms/inbox?phone=${phone}`)).json()) as Array<{ text: string }>;

async function signIn(m: Member, userAgent: string, extra: { lang?: string; remoteAddress?: string } = {}) {
  const res = await call(t.app, 'POST', '/api/login', {
    body: { username: m.reg.username, password: m.reg.password, ...(extra.lang ? { lang: extra.lang } : {}) },
    headers: { 'user-agent': userAgent },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.token as string;
}
const history = async (token: string) =>
  (await call(t.app, 'GET', '/api/account/signins', { token })).body.items as Array<Record<string, unknown>>;

describe('sign-ins', () => {
  it('[care] lists recent sign-ins newest first: time, device, masked address, area unknown, this device marked', async () => {
    const m = await registerAndLogin(t.app);
    t.clock.advance(60_000);
    const phone = await signIn(m, ANDROID_CHROME, { remoteAddress: '203.0.113.45' });
    t.clock.advance(60_000);
    const items = await history(phone);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      browser: 'Chrome',
      os: 'Android',
      address: '203.0.113.x',
      area: null,
      current: true,
      active: true,
    });
    expect(items[1]).toMatchObject({ current: false, active: true });
    // Seen from the other session, the marks change places.
    const other = await history(m.token);
    expect(other.map((i) => i.current)).toEqual([false, true]);
  });

  it('[care] a sign-in from a new device sends an SMS in the screen language; the same device again sends none', async () => {
    const m = await registerAndLogin(t.app);
    const before = (await inbox(m.reg.username)).length;
    await signIn(m, IPHONE_SAFARI, { lang: 'en' });
    const [notice] = await inbox(m.reg.username);
    expect((await inbox(m.reg.username)).length).toBe(before + 1);
    expect(notice!.text).toContain('signed in from a new device (Safari on iOS)');

    await signIn(m, IPHONE_SAFARI, { lang: 'en' });
    expect((await inbox(m.reg.username)).length).toBe(before + 1);

    await signIn(m, ANDROID_CHROME, { lang: 'la' });
    const [lao] = await inbox(m.reg.username);
    expect(lao!.text).toContain('ອຸປະກອນໃໝ່ (Chrome ເທິງ Android)');
    await signIn(m, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0');
    const [thai] = await inbox(m.reg.username);
    expect(thai!.text).toContain('อุปกรณ์ใหม่ (Firefox บน Windows)');
    expect((await inbox(m.reg.username)).length).toBe(before + 3);
  });

  it('[care] a member’s very first sign-in is no new device: nothing to compare with, no SMS', async () => {
    const m = await registerAndLogin(t.app);
    const texts = await inbox(m.reg.username);
    expect(texts.some((s) => s.text.includes('อุปกรณ์ใหม่'))).toBe(false);
  });

  it('[care] ending the other sessions signs them out and keeps the one asking', async () => {
    const m = await registerAndLogin(t.app);
    const phone = await signIn(m, ANDROID_CHROME);
    const tablet = await signIn(m, IPHONE_SAFARI);
    const ended = await call(t.app, 'DELETE', '/api/account/sessions/others', { token: phone });
    expect(ended.body).toEqual({ ended: 2 });
    expectError(await call(t.app, 'GET', '/api/account/profile', { token: m.token }), 401, 'invalid-token');
    expectError(await call(t.app, 'GET', '/api/account/profile', { token: tablet }), 401, 'invalid-token');
    expect((await call(t.app, 'GET', '/api/account/profile', { token: phone })).status).toBe(200);
    const items = await history(phone);
    expect(items.map((i) => [i.current, i.active])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    expect((await call(t.app, 'DELETE', '/api/account/sessions/others', { token: phone })).body).toEqual({
      ended: 0,
    });
  });
});
