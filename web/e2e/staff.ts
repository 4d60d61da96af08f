// Staff of the browser tests' server as the console makes them: `npm run ops -- staff-add` (POST
// /api/ops/staff) answers a one-time password and the TOTP key's otpauth URI; the staff member signs in
// with both and a code (RFC 6238, as an authenticator app computes it), then chooses a password.
// Free of vitest's inject so that the global setup can use it before any test runs.
import { stepAt, totpCode } from '../../server/src/modules/staff/totp.ts';

/**
 * The code of an authenticator app (the server's own RFC 6238, modules/staff/totp.ts) for the time step
 * `ahead` steps from now: the server takes a code of a step within one of its clock and newer than the
 * last it took, so a second code for one staff member soon after the first is the next step's.
 */
export const totp = (secret: string, ahead = 0): string => totpCode(secret, stepAt(new Date()) + ahead);

/** The key of an otpauth:// URI, as the console's QR carries it. */
export const totpSecret = (totpUri: unknown) => new URL(String(totpUri)).searchParams.get('secret')!;

/** A JSON call with a bearer token; throws with the status and body unless it answers 2xx. */
export async function bearerCall(
  base: string,
  token: string,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * A staff member made by the operator's token, signed in through the API with a TOTP code and with the
 * password `password` chosen: the console session's token (what the sign-in page keeps in the tab).
 */
export async function signedInStaff(
  base: string,
  opsToken: string,
  staff: { username: string; role: string; password: string },
): Promise<string> {
  const made = await bearerCall(base, opsToken, 'POST', '/api/ops/staff', {
    username: staff.username,
    role: staff.role,
  });
  const signIn = await fetch(`${base}/api/console/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: staff.username,
      password: made.oneTimePassword,
      code: totp(totpSecret(made.totpUri)),
    }),
  });
  if (!signIn.ok) throw new Error(`console sign-in: ${signIn.status} ${await signIn.text()}`);
  const token = String(((await signIn.json()) as { token: string }).token);
  await bearerCall(base, token, 'POST', '/api/console/password', {
    oldPassword: made.oneTimePassword,
    newPassword: staff.password,
  });
  return token;
}
