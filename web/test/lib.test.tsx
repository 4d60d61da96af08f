import {
  accounts,
  lookups,
  REQUEST_TIMEOUT_MS,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  UPLOAD_TIMEOUT_MS,
} from '@krapao/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../src/app/providers';
import { pageCount } from '../src/components/Pager';
import { changeLocale, i18n, initI18n } from '../src/i18n';
import { ApiError, callApi } from '../src/lib/api-client';
import { bankName } from '../src/lib/banks';
import { bahtToMinor, formatDateTime, formatMoney, parseMoneyInput } from '../src/lib/format';
import { notifyError } from '../src/lib/notify';
import { createQueryClient } from '../src/lib/query-client';
import { clearSession, getToken, saveToken } from '../src/lib/session';
import { fail, json, mockApi } from './api';
import { errorEn } from './render';

describe('api client', () => {
  it('[SH-18] sends X-Requested-With always and the bearer token when logged in', async () => {
    const api = mockApi();
    await callApi(lookups.active);
    expect(api.calls[0]?.headers.get(REQUESTED_WITH_HEADER)).toBe(REQUESTED_WITH_VALUE);
    expect(api.calls[0]?.headers.get('Authorization')).toBeNull();
    saveToken('tok_1', false);
    await callApi(accounts.getProfile);
    expect(api.calls[1]?.headers.get('Authorization')).toBe('Bearer tok_1');
  });

  it('[SH-18] parses answers with the contract schema and throws a typed ApiError with the code', async () => {
    mockApi({ 'GET /api/lookup/active': () => fail('TOO_MANY_REQUESTS', 429) });
    const error = await callApi(lookups.active).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('TOO_MANY_REQUESTS');
    expect((error as ApiError).status).toBe(429);
    mockApi({ 'GET /api/lookup/active': () => json({ active: 'yes' }) });
    await expect(callApi(lookups.active)).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it('[SH-18] times out after 60 s with REQUEST_TIMEOUT (uploads may wait 5 min)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = callApi(lookups.active).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    const upload = callApi(lookups.active, undefined, { timeoutMs: UPLOAD_TIMEOUT_MS }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    let uploadSettled = false;
    void upload.then(() => (uploadSettled = true));
    await Promise.resolve();
    expect(uploadSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS);
    expect(await upload).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await initI18n('en');
    expect(i18n.t('errors.REQUEST_TIMEOUT')).not.toBe('errors.REQUEST_TIMEOUT');
  });

  it('[SH-18] a network failure becomes NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(lookups.active)).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('session storage', () => {
  it('[SH-12] remember keeps the token in localStorage, otherwise in sessionStorage; clear forgets both', () => {
    saveToken('a', true);
    expect(localStorage.getItem('token')).toBe('a');
    saveToken('b', false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('b');
    expect(getToken()).toBe('b');
    clearSession();
    expect(getToken()).toBeNull();
  });
});

describe('formatting', () => {
  it('[SH-16] money: minor units in, two decimals and the currency out, in the member locale', () => {
    expect(formatMoney(123456, 'en')).toBe('฿1,234.56');
    expect(formatMoney(0, 'th')).toMatch(/฿\s?0\.00/);
    expect(formatMoney(5, 'en')).toBe('฿0.05');
    expect(formatMoney(100_000n, 'en', 'LAK')).toMatch(/1,000\.00/);
    expect(formatMoney(150, 'en', null)).toBe('1.50');
    expect(bahtToMinor(19.99)).toBe(1999);
    expect(parseMoneyInput('1,234.5', 'en')).toBe(123450);
    expect(parseMoneyInput('abc', 'en')).toBeNull();
    expect(parseMoneyInput('1.000', 'th')).toBeNull(); // three decimals: refused, not read as a thousand
  });

  it('[laos-2] money typed on a Lao screen: dots or commas group, the last one before one or two digits starts the decimals', () => {
    expect(parseMoneyInput('100.000', 'la')).toBe(10_000_000);
    expect(parseMoneyInput('100,000', 'la')).toBe(10_000_000);
    expect(parseMoneyInput('1.234.567,5', 'la')).toBe(123_456_750);
    expect(parseMoneyInput('1,234,567.50', 'la')).toBe(123_456_750);
    expect(parseMoneyInput('100,50', 'la')).toBe(10_050);
    expect(parseMoneyInput('100,505', 'la')).toBe(10_050_500);
    expect(parseMoneyInput('100.5', 'la')).toBe(10_050);
    expect(parseMoneyInput(' 60 000 ', 'la')).toBe(6_000_000);
    expect(parseMoneyInput('60000', 'la')).toBe(6_000_000);
    for (const wrong of ['1.000.50', '1,00,000', '1.0000', '100,5055', '1,000,5.00', '.50', '', 'abc'])
      expect(parseMoneyInput(wrong, 'la'), wrong).toBeNull();
  });

  it('[SH-16] dates: DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 4, 7, 9))).toBe('05/03/2024 04:07:09');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('[SH-16] Thai dates count the Buddhist year (+543) as Thai bank apps do; Lao and English the Gregorian', async () => {
    const at = new Date(2026, 0, 2, 3, 4, 5);
    try {
      await changeLocale('th');
      expect(formatDateTime(at)).toBe('02/01/2569 03:04:05');
      await changeLocale('la');
      expect(formatDateTime(at)).toBe('02/01/2026 03:04:05');
      await changeLocale('en');
      expect(formatDateTime(at)).toBe('02/01/2026 03:04:05');
    } finally {
      await changeLocale('en');
    }
  });

  it("[SH-1] [trust-18] a bank is named in the reader's language; in Lao, in English where it has no Lao name", () => {
    const scb = { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' };
    expect(bankName(scb, 'th')).toBe('ธนาคารไทยพาณิชย์');
    expect(bankName(scb, 'la')).toBe('Siam Commercial Bank');
    expect(bankName(scb, 'en')).toBe('Siam Commercial Bank');
    const bcel = { nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameEN: 'BCEL', nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ' };
    expect(bankName(bcel, 'la')).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ');
    expect(bankName(bcel, 'th')).toBe('ธนาคารการค้าต่างประเทศลาว');
    expect(bankName(bcel, 'en')).toBe('BCEL');
  });

  it('[ST-1] [SLIP-3] page count: an empty list keeps one page; a part page counts', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});

describe('error toasts', () => {
  it('[ERR-1] a red toast shows the translated code, or the raw message when none exists', async () => {
    await initI18n('en');
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <div />
      </Providers>,
    );
    await act(async () => notifyError(new ApiError('MONEY_NOT_ENOUGH', 400)));
    expect(await screen.findByText(errorEn('MONEY_NOT_ENOUGH'))).toBeTruthy();
    expect(errorEn('MONEY_NOT_ENOUGH')).not.toBe('MONEY_NOT_ENOUGH');
    await act(async () => notifyError(new ApiError('SOMETHING_UNHEARD_OF', 400)));
    const raw = await screen.findByText('SOMETHING_UNHEARD_OF');
    expect(raw.closest('[class*="Notification-root"]')?.getAttribute('style') ?? '').toContain('red');
  });
});
