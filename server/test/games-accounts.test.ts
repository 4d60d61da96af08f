// GAME-1, GAME-4: a member's accounts at the providers, in the member's currency; GAME-2: launching one.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  baseUrl,
  BCEL_HOUSE_ACCOUNT,
  call,
  expectError,
  expectLedgerSound,
  registerAndLogin,
  useTestApp,
} from './helpers.ts';
import {
  activate,
  GAME_TEST_ENV,
  gameTransfer,
  setGameMode,
  simAccounts,
  walletOf,
} from './games-helpers.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const t = useTestApp(GAME_TEST_ENV, { deps: { logger: { level: 'info', stream: logStream } } });
const la = useTestApp({ ...GAME_TEST_ENV, REGION: 'la' });

describe('game accounts', () => {
  it('[GAME-4] [GAME-1] activation opens the account at the provider; the account shows username and password to its owner', async () => {
    const m = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'GET', '/api/wallet/account/PG', { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    const opened = await activate(t.app, m.token, 'PG');
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      code: 'PG',
      category: 'slot',
      isActive: true,
      amount: 0,
      iframe: false,
    });
    const { username, password } = opened.body as { username: string; password: string };
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    // The provider has that very account, with that password, in baht.
    const atProvider = (await simAccounts(t.app)).find((a) => a.provider === 'PG' && a.username === username);
    expect(atProvider).toMatchObject({ currency: 'BAHT', balance: '0.00' });
    const shown = await call(t.app, 'GET', '/api/wallet/account/pg', { token: m.token });
    expect(shown.body).toMatchObject({ code: 'PG', username, password, isActive: true });
    expectError(await activate(t.app, m.token, 'PG'), 409, 'SLOT_ALREADY_ACTIVE');
    const slots = (await walletOf(t.app, m.token)).slots;
    expect(slots.find((s) => s.code === 'PG')).toMatchObject({ active: true, amount: 0 });
    expect(slots.find((s) => s.code === 'JOKER')).toMatchObject({ active: false });
    expect(slots).toHaveLength(16);
  });

  it('[GAME-1] the password is kept encrypted, and only its owner sees it', async () => {
    const m = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const { password } = (await activate(t.app, m.token, 'JOKER')).body as { password: string };
    const [row] = await t.db.query<{ password_enc: string }>(
      `select g.password_enc from game_accounts g join members m on m.id = g.member_id
       where m.public_id = $1 and g.provider = 'JOKER'`,
      [m.id],
    );
    expect(row!.password_enc).toMatch(/^v1:/);
    expect(row!.password_enc).not.toContain(password);
    expect(Buffer.from(row!.password_enc.slice(3), 'base64').toString('latin1')).not.toContain(password);
    expectError(
      await call(t.app, 'GET', '/api/wallet/account/JOKER', { token: other.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    expect(logLines.join('')).not.toContain(password);
  });

  it('[GAME-4] reset password gives a new password at the provider; a refusal keeps the old one', async () => {
    const m = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'GET', '/api/wallet/resetpassword/BETFLIX', { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    const first = (await activate(t.app, m.token, 'BETFLIX')).body as { password: string };
    const reset = await call(t.app, 'GET', '/api/wallet/resetpassword/BETFLIX', { token: m.token });
    expect(reset.status).toBe(200);
    expect(reset.body.isActive).toBe(true);
    expect(reset.body.password).not.toBe(first.password);
    await setGameMode(t.app, 'BETFLIX', 'fail');
    expectError(
      await call(t.app, 'GET', '/api/wallet/resetpassword/BETFLIX', { token: m.token }),
      502,
      'SLOT_RESET_PASSWORD_FAIL',
    );
    await setGameMode(t.app, 'BETFLIX', 'ok');
    const kept = await call(t.app, 'GET', '/api/wallet/account/BETFLIX', { token: m.token });
    expect(kept.body.password).toBe(reset.body.password);
  });

  it('[GAME-4] a provider that refuses: SLOT_ACTIVATE_FAIL and no account; one whose answer was lost is found again on retry', async () => {
    const m = await registerAndLogin(t.app);
    await setGameMode(t.app, 'UFABET', 'fail');
    expectError(await activate(t.app, m.token, 'UFABET'), 502, 'SLOT_ACTIVATE_FAIL');
    await setGameMode(t.app, 'UFABET', 'lost');
    expectError(await activate(t.app, m.token, 'UFABET'), 502, 'SLOT_ACTIVATE_FAIL');
    expectError(
      await call(t.app, 'GET', '/api/wallet/account/UFABET', { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    await setGameMode(t.app, 'UFABET', 'ok');
    const retried = await activate(t.app, m.token, 'UFABET');
    expect(retried.status).toBe(200);
    const atProvider = (await simAccounts(t.app)).filter(
      (a) => a.provider === 'UFABET' && a.username === retried.body.username,
    );
    expect(atProvider).toHaveLength(1);
  });

  it('[GAME-4] NO_GAME for an unknown code; GAME_ACTIVATION_FAIL for a provider the operator switched off', async () => {
    const m = await registerAndLogin(t.app);
    expectError(await activate(t.app, m.token, 'NOPE'), 404, 'NO_GAME');
    await t.db.query(`update game_providers set active = false where code = 'SEXYGAME'`);
    expectError(await activate(t.app, m.token, 'SEXYGAME'), 409, 'GAME_ACTIVATION_FAIL');
    expect((await walletOf(t.app, m.token)).slots.map((s) => s.code)).not.toContain('SEXYGAME');
    await t.db.query(`update game_providers set active = true where code = 'SEXYGAME'`);
  });

  it("[GAME-2] autoLogin answers a single-use link for the member's own account; a password in the path is ignored and never logged", async () => {
    const m = await registerAndLogin(t.app);
    const { username } = (await activate(t.app, m.token, 'ASKMEBET')).body as { username: string };
    const plain = await call(t.app, 'GET', `/api/autoLogin/askmebet/${username}`, { token: m.token });
    expect(plain.status).toBe(200);
    const link = plain.body.link as string;
    expect(link).toMatch(/^\/sim\/games\/play\//);
    expect((await fetch(`${baseUrl(t.app)}${link}`)).status).toBe(200);
    expect((await fetch(`${baseUrl(t.app)}${link}`)).status).toBe(410);

    const secret = 'Sup3rSecretPathPassword';
    const withPassword = await call(t.app, 'GET', `/api/autoLogin/ASKMEBET/${username}/${secret}`, {
      token: m.token,
    });
    expect(withPassword.status).toBe(200);
    expect(withPassword.body.link).not.toBe(link);
    expect(logLines.join('')).toContain('/api/autoLogin/ASKMEBET/');
    expect(logLines.join('')).not.toContain(secret);

    expectError(
      await call(t.app, 'GET', '/api/autoLogin/ASKMEBET/someoneelse', { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    expectError(
      await call(t.app, 'GET', `/api/autoLogin/PG/${username}`, { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    expect((await call(t.app, 'GET', `/api/autoLogin/ASKMEBET/${username}`)).status).toBe(401);
  });

  it("[GAME-4] [laos-1] a kip member's account at the provider is in kip, and kip moves into it", async () => {
    const m = await registerAndLogin(la.app, { currency: 'LAK', bankCode: 'BCEL' });
    const opened = await activate(la.app, m.token, 'PG');
    expect(opened.status).toBe(200);
    const atProvider = (await simAccounts(la.app)).find((a) => a.username === opened.body.username);
    expect(atProvider?.currency).toBe('LAK');
    await bankTransfer(la.app, m.reg, 100_000, undefined, BCEL_HOUSE_ACCOUNT);
    const moved = await gameTransfer(la.app, m.token, { from: 'WALLET', to: 'PG', amount: 60_000 });
    expect(moved.body).toMatchObject({ status: 'SUCCESS', wallet: 40_000 });
    const after = (await simAccounts(la.app)).find((a) => a.username === opened.body.username);
    expect(after).toMatchObject({ currency: 'LAK', balance: '60000.00' });
    const accounts = await la.db.query<{ code: string; currency: string }>(
      `select a.code, a.currency from ledger_accounts a join members m on m.id = a.member_id
       where m.public_id = $1 order by a.code`,
      [m.id],
    );
    expect(accounts.map((a) => a.currency)).toEqual(accounts.map(() => 'LAK'));
    expect(accounts.map((a) => a.code.split(':').slice(2).join(':'))).toEqual([
      'game:PG',
      'transfer_pending',
      'wallet',
    ]);
    await expectLedgerSound(la.db);
  });
});
