// Staff for console tests: made on the command line's route (`npm run ops -- staff-add`), signed in, their
// one-time password changed, as a new staff member would. One copy for the console's test files.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '@krapao/contract';
import { stepAt, totpCode } from '../src/modules/staff/totp.ts';
import { call, type Answer, type TestApp } from './helpers.ts';

export interface ConsoleStaff {
  username: string;
  password: string;
  secret: string;
  token: string;
}

/** A console call: a staff bearer token, or none; the body as JSON when given. */
export async function consoleCall(
  app: FastifyInstance,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = /json/.test(String(res.headers['content-type'])) && res.body;
  return { status: res.statusCode, body: json ? JSON.parse(res.body) : {} };
}

let seq = 0;

/** Staff of `role`, ready to work (password changed; the clock moved to the next TOTP step). */
export async function newStaff(t: TestApp, opsToken: string, role: StaffRole): Promise<ConsoleStaff> {
  const username = `c${role}${++seq}`;
  const made = await call(t.app, 'POST', '/api/ops/staff', { token: opsToken, body: { username, role } });
  expect(made.status).toBe(200);
  const secret = new URL(made.body.totpUri as string).searchParams.get('secret')!;
  const first = await consoleCall(t.app, 'POST', '/api/console/session', undefined, {
    username,
    password: made.body.oneTimePassword,
    code: totpCode(secret, stepAt(t.clock.now())),
  });
  const token = first.body.token as string;
  const password = `a long passphrase ${username}`;
  const changed = await consoleCall(t.app, 'POST', '/api/console/password', token, {
    oldPassword: made.body.oneTimePassword,
    newPassword: password,
  });
  expect(changed.status).toBe(200);
  t.clock.advance(30_000);
  return { username, password, secret, token };
}
