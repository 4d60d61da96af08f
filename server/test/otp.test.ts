import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_INTERVAL_S, OTP_TTL_S } from '@krapao/contract';
import { DEMO_MEMBER } from '../src/db/seed.ts';
import { call, expectError, freshPhone, useTestApp } from './helpers.ts';

const t = useTestApp();

const send = (phoneNumber: string) => call(t.app, 'POST', '/api/otp/send', { body: { phoneNumber } });
const verify = (otpToken: unknown, otpCode: unknown) =>
  call(t.app, 'POST', '/api/otp/verify', { body: { otpToken, otpCode } });

describe('OTP', () => {
  it('[REG-3] sends a 6-digit code by SMS and verifies it with the token', async () => {
    const phone = freshPhone();
    const sent = await send(phone);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ otpRef: expect.stringMatching(/^[A-Z0-9]{4}$/), resendAfterS: 60 });
    expect(sent.body.code).toMatch(/^\d{6}$/);
    // The simulated SMS gateway received it over HTTP.
    const inbox = await (
      await fetch(
        `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/sim/sms/inbox?phone=${phone}`,
      )
    ).json();
    expect(inbox[0].text).toContain(sent.body.code as string);
    expect(inbox[0].text).toContain(sent.body.otpRef as string);
    expect((await verify(sent.body.otpToken, sent.body.code)).body).toEqual({ message: 'OTP_CODE_VALID' });
  });

  it("[REG-3] the SMS is in the language of the screen that asked (lang), else the region's: Thai in a Thai build", async () => {
    const inboxOf = async (phone: string) =>
      (await (
        await fetch(
          `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/sim/sms/inbox?phone=${phone}`,
        )
      ).json()) as Array<{ text: string }>;
    for (const [lang, words] of [
      ['th', 'สำหรับสมัครสมาชิก'],
      ['la', 'ສຳລັບສະໝັກສະມາຊິກ'],
      ['en', 'is your registration code'],
      [undefined, 'สำหรับสมัครสมาชิก'],
    ] as const) {
      const phone = freshPhone();
      const sent = await call(t.app, 'POST', '/api/otp/send', {
        body: { phoneNumber: phone, ...(lang ? { lang } : {}) },
      });
      expect(sent.status).toBe(200);
      const [sms] = await inboxOf(phone);
      expect(sms!.text).toContain(words);
      expect(sms!.text).toContain(sent.body.code as string);
    }
  });

  it('[REG-3] a phone that already holds a verified code gets OTP_VERIFIED, so the wizard skips ahead', async () => {
    const phone = freshPhone();
    const sent = await send(phone);
    await verify(sent.body.otpToken, sent.body.code);
    t.clock.advance(OTP_RESEND_INTERVAL_S * 1000);
    expectError(await send(phone), 409, 'OTP_VERIFIED');
    expectError(await verify(sent.body.otpToken, sent.body.code), 409, 'OTP_VERIFIED');
  });

  it('[REG-9] resending within a minute is refused with REQUEST_LIMIT_1MIN, and allowed after', async () => {
    const phone = freshPhone();
    const first = await send(phone);
    expect(first.status).toBe(200);
    t.clock.advance(30_000);
    expectError(await send(phone), 429, 'REQUEST_LIMIT_1MIN');
    t.clock.advance(OTP_RESEND_INTERVAL_S * 1000);
    const second = await send(phone);
    expect(second.status).toBe(200);
    // The new code replaces the old one.
    expectError(await verify(first.body.otpToken, first.body.code), 400, 'OTP_TOKEN_INVALID');
  });

  it('[REG-9] wrong codes lock the OTP with OTP_BLOCK, after which even the right code fails', async () => {
    const sent = await send(freshPhone());
    const wrong = sent.body.code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
      expectError(await verify(sent.body.otpToken, wrong), 400, 'OTP_CODE_INVALID');
    expectError(await verify(sent.body.otpToken, wrong), 429, 'OTP_BLOCK');
    expectError(await verify(sent.body.otpToken, sent.body.code), 429, 'OTP_BLOCK');
  });

  it('[REG-9] a code expires after its lifetime with OTP_EXPIRED', async () => {
    const sent = await send(freshPhone());
    t.clock.advance(OTP_TTL_S * 1000 + 1);
    expectError(await verify(sent.body.otpToken, sent.body.code), 400, 'OTP_EXPIRED');
  });

  it('[REG-9] an unknown token fails with OTP_NOT_EXIST', async () => {
    expectError(await verify('no-such-token-anywhere', '123456'), 400, 'OTP_NOT_EXIST');
  });

  it('[REG-9] stores neither the code nor the token in clear', async () => {
    const sent = await send(freshPhone());
    const rows = await t.db.query<Record<string, unknown>>('select * from otps');
    const dump = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(dump).not.toContain(sent.body.otpToken as string);
    expect(rows.every((r) => !Object.values(r).includes(sent.body.code))).toBe(true);
  });

  it('[REG-7] a registered phone gets EXISTING_USER before any SMS is sent', async () => {
    expectError(await send(DEMO_MEMBER.phone), 409, 'EXISTING_USER');
  });

  it('[REG-2] a phone that is not 10 digits gets PHONE_NUMBER_REQUIRE_10_DIGIT', async () => {
    expectError(await send('081234567'), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
  });

  it('[REG-3] when the SMS gateway fails the member gets OTP_SEND_FAIL and may retry at once', async () => {
    const phone = freshPhone();
    t.faults.smsDown = true;
    try {
      expectError(await send(phone), 502, 'OTP_SEND_FAIL');
    } finally {
      t.faults.smsDown = false;
    }
    expect((await send(phone)).status).toBe(200);
  });
});
