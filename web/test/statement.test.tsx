import { statement, type StatementEntry } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../src/features/statement/api/get-statement';
import { formatDateTime, formatTimeAgo, laoTimeAgo } from '../src/lib/format';
import { json, mockApi, type Call, logIn } from './api';
import { errorEn, renderApp } from './render';

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const entry = (overrides: Partial<StatementEntry>): StatementEntry =>
  statement.statementEntrySchema.parse({
    _id: `st_${Math.random().toString(36).slice(2)}`,
    statementType: 'deposit',
    status: 'SUCCESS',
    amount: 100,
    channel: 'BANK',
    reason: null,
    createdAt: ago(3 * HOUR_MS),
    ...overrides,
  });

const answer = (total: number, statements: StatementEntry[]) => () =>
  json(statement.getStatement.response.parse({ total, statements }));

const rows = () =>
  screen.getAllByRole('listitem').map((li) => ({
    activity: within(li).getByTestId('statement-activity').textContent,
    amount: within(li).getByTestId('statement-amount').textContent,
    status: within(li).getByTestId('statement-status').textContent,
  }));

describe('statement', () => {
  it('[ST-2] shows each entry with its activity, status and signed amount', async () => {
    logIn();
    mockApi({
      'POST /api/statement': answer(6, [
        entry({ statementType: 'deposit', channel: 'BANK', amount: 500 }),
        entry({
          statementType: 'withdraw',
          channel: 'BANK',
          amount: 300,
          status: 'FAILED',
          reason: 'TRANSFER_FAIL',
        }),
        entry({ statementType: 'transfer', channel: 'BANK', amount: 50, status: 'PENDING' }),
        entry({ statementType: 'bonus', channel: 'BANK', amount: 20 }),
        entry({ statementType: 'deposit', channel: 'NOTICE', amount: 1000, status: 'PENDING' }),
        entry({ statementType: 'deposit', channel: 'QR', amount: 10.5, status: 'FAILED', reason: null }),
      ]),
    });
    await renderApp('/user/statement');
    await screen.findByText('Deposit by bank transfer');
    expect(rows()).toEqual([
      { activity: 'Deposit by bank transfer', amount: '+฿500.00', status: 'Successful' },
      {
        activity: 'Withdrawal to bank account',
        amount: '-฿300.00',
        status: `Failed(${errorEn('TRANSFER_FAIL')})`,
      },
      { activity: 'Transfer', amount: '฿50.00', status: 'In progress' },
      { activity: 'Bonus received', amount: '+฿20.00', status: 'Successful' },
      { activity: 'Deposit notice', amount: '+฿1,000.00', status: 'In progress' },
      { activity: 'Deposit by QR code', amount: '+฿10.50', status: 'Failed' },
    ]);
    const dates = screen.getAllByTestId('statement-date').map((d) => d.textContent);
    expect(dates[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('[ST-1] asks 10 a page and shows 3 pages before and 1 after the current one', async () => {
    logIn();
    const api = mockApi({
      'POST /api/statement': (call: Call) => {
        const { page } = call.body as { page: number };
        return answer(95, [entry({ _id: `p${page}`, amount: page })])();
      },
    });
    const { user, router } = await renderApp('/user/statement?page=6');
    const nav = await screen.findByRole('navigation', { name: 'Statement pages' });
    const numbers = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    await waitFor(() => expect(numbers()).toEqual(['3', '4', '5', '6', '7']));
    expect(within(nav).getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo('POST', '/api/statement')[0]?.body).toEqual({ page: 6, limit: 10 });

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '2', '3', '4']));
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/statement').at(-1)?.body).toEqual({ page: 3, limit: 10 }),
    );

    await user.click(within(nav).getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '2']));
    expect((within(nav).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // 95 entries make 10 pages: the last one has no page after it.
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('[ST-1] an empty statement says so; the refresh button asks again', async () => {
    logIn();
    const api = mockApi();
    const { user } = await renderApp('/user/statement');
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refresh statement' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement')).toHaveLength(2));
  });

  it('[ST-3] in a browser without Lao data, time ago is still Lao, in the same words as ICU', () => {
    const icu = new Intl.RelativeTimeFormat('lo-LA', { numeric: 'auto' });
    for (const unit of ['year', 'month', 'day', 'hour', 'minute', 'second'] as const) {
      for (const n of [1, 2, 11]) expect(laoTimeAgo.format(-n, unit)).toBe(icu.format(-n, unit));
    }
    // Under a minute the statement says "now".
    expect(laoTimeAgo.format(0, 'second')).toBe(icu.format(0, 'second'));
  });

  it('[ST-3] time ago in years, months, days, hours and minutes, in the member language', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const at = (s: number) => new Date(now - s * 1000).toISOString();
    expect(formatTimeAgo(at(2 * 31_536_000), 'en', now)).toBe('2 years ago');
    expect(formatTimeAgo(at(31_536_000 - 1), 'en', now)).toBe('12 months ago');
    expect(formatTimeAgo(at(5 * 2_592_000), 'en', now)).toBe('5 months ago');
    expect(formatTimeAgo(at(2_592_000 - 1), 'en', now)).toBe('29 days ago');
    expect(formatTimeAgo(at(3 * 86_400), 'en', now)).toBe('3 days ago');
    expect(formatTimeAgo(at(5 * 3_600 + 59), 'en', now)).toBe('5 hours ago');
    expect(formatTimeAgo(at(7 * 60), 'en', now)).toBe('7 minutes ago');
    expect(formatTimeAgo(at(7 * 60), 'th', now)).toBe('7 นาทีที่ผ่านมา');
    expect(formatTimeAgo(at(7 * 60), 'la', now)).toBe('7 ນາທີກ່ອນ');

    logIn();
    mockApi({
      'POST /api/statement': answer(1, [entry({ createdAt: ago(3 * HOUR_MS + 60_000) })]),
    });
    await renderApp('/user/statement', { locale: 'th' });
    expect((await screen.findByTestId('statement-ago')).textContent).toBe('3 ชั่วโมงที่ผ่านมา');
    const created = Date.now() - 3 * HOUR_MS - 60_000;
    // DD/MM/YYYY HH:mm:ss of the entry (the minute may tick while the test runs).
    expect(screen.getByTestId('statement-date').textContent?.slice(0, 13)).toBe(
      formatDateTime(created).slice(0, 13),
    );
  });
  it('[ST-1] [SLIP-3] a slip verified while the slip table is open is on the statement when it closes', async () => {
    logIn();
    let verified = false;
    const api = mockApi({
      'POST /api/statement': () =>
        answer(1, [
          verified
            ? entry({ channel: 'SLIP', amount: 250, createdAt: ago(60_000) })
            : entry({ channel: 'BANK', amount: 100 }),
        ])(),
      'POST /api/statement/slip': () => json({ total: 0, slips: [] }),
    });
    const { user } = await renderApp('/user/statement');
    await screen.findByText('Deposit by bank transfer');
    await user.click(screen.getByRole('button', { name: 'Deposit slips' }));
    await screen.findByRole('dialog', { name: 'Deposit slips' });
    const asked = api.calls.filter((c) => c.path === '/api/statement').length;
    verified = true;
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Deposit by slip')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/statement').length).toBeGreaterThan(asked);
  });
});
