// Findings of a security probe: API answers kept by caches, invisible characters in names, and the
// refusals Fastify and Node answer before any route (414, 400 FST_ERR_BAD_URL, 431) without the error
// contract or the security headers. Those are sent over a real socket: light-my-request skips the parser.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  expectError,
  registerAndLogin,
  registration,
  useTestApp,
  verifyPhone,
} from './helpers.ts';

const t = useTestApp();

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over its own connection, as a browser or a scanner would send it. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(baseUrl(t.app));
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectContractAnswer(a: RawAnswer, status: number) {
  expect(a.status).toBe(status);
  expect(JSON.parse(a.body)).toEqual({ message: 'INVALID_REQUEST' });
  expect(a.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['strict-transport-security']).toBeDefined();
  expect(a.headers['cache-control']).toBe('no-store');
}

describe('security probe', () => {
  it('[care] API answers with personal data or secrets, and every other API answer, are Cache-Control: no-store', async () => {
    const { token } = await registerAndLogin(t.app);
    for (const url of ['/api/wallet', '/api/account/profile', '/api/lookup/info']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/wallet' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '0812345678', password: 'krapao-demo-1' },
    });
    expect(loggedIn.headers['cache-control']).toBe('no-store');
  });

  it('[care] names refuse bidi overrides, zero-width characters and line breaks', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const bad = ['\u202eEVIL', 'x\r\ny', 'a\nb', 'Som\u200bchai', 'Som\u2066chai', 'a\u2028b', 'a\tb'];
    for (const name of bad) {
      const r = registration({ name });
      expectError(await call(t.app, 'POST', '/api/account/validate', { body: r }), 400, 'INVALID_REQUEST');
      expectError(
        await call(t.app, 'POST', '/api/account/validate', {
          body: { ...registration(), bankAccountName: name },
        }),
        400,
        'INVALID_REQUEST',
      );
      expectError(
        await call(t.app, 'PUT', '/api/account/profile', {
          token,
          body: {
            name,
            bankCode: reg.bankCode,
            bankAccountName: reg.bankAccountName,
            bankAccountNo: reg.bankAccountNo,
          },
        }),
        400,
        'INVALID_REQUEST',
      );
      expectError(
        await call(t.app, 'PUT', '/api/account/bankAccountName', {
          token,
          body: { bankCode: reg.bankCode, bankAccountName: name },
        }),
        400,
        'INVALID_REQUEST',
      );
    }
    // Thai, Lao and plain names still pass.
    for (const name of ['สมชาย ใจดี', 'ສົມພອນ', "O'Brien-Smith"]) {
      const r = registration({ name });
      await verifyPhone(t.app, r.username);
      expect((await call(t.app, 'POST', '/api/account', { body: r })).status, name).toBe(200);
    }
  });

  it("[care] a 200-character path parameter: 414 in the contract's shape, with the security headers", async () => {
    expectContractAnswer(await rawGet(`/api/qrcode/${'a'.repeat(200)}`), 414);
  });

  it('[care] a URL that does not decode: 400 INVALID_REQUEST, the URL not echoed back', async () => {
    const a = await rawGet('/api/qrcode/%zz%3Cscript%3E');
    expectContractAnswer(a, 400);
    expect(a.body).not.toContain('%zz');
    expect(a.body).not.toContain('FST_ERR');
  });

  it("[care] 20 KB of headers: 431 in the contract's shape, with the security headers", async () => {
    expectContractAnswer(await rawGet('/api/lookup/info', { 'x-padding': 'a'.repeat(20_000) }), 431);
    // The server still answers.
    expect((await rawGet('/api/lookup/info')).status).toBe(200);
  });
});
