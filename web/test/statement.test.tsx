import { deposits, statement, type StatementEntry } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepositNoticeForm } from '../src/features/deposits/components/DepositNoticeForm';
import { pageWindow } from '../src/features/statement/api/get-statement';
import { formatDateTime, formatTime, formatTimeAgo, laoTimeAgo } from '../src/lib/format';
import { json, mockApi, type Call, logIn } from './api';
import { errorEn, renderApp, renderUi } from './render';

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
      { activity: 'Deposit notice', amount: '+฿1,000.00', status: 'Waiting for your transfer' },
      { activity: 'Deposit by QR code', amount: '+฿10.50', status: 'Failed' },
    ]);
    const dates = screen.getAllByTestId('statement-date').map((d) => d.textContent);
    expect(dates[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it("[ST-2] a staff credit and debit read as our staff's, signed as money in and out, not as a bank withdrawal", async () => {
    logIn();
    mockApi({
      'POST /api/statement': answer(2, [
        entry({ statementType: 'withdraw', channel: 'ADJUSTMENT', amount: 100 }),
        entry({ statementType: 'deposit', channel: 'ADJUSTMENT', amount: 250.5 }),
      ]),
    });
    const { user } = await renderApp('/user/statement');
    await screen.findByText('Debit by our staff');
    expect(rows()).toEqual([
      { activity: 'Debit by our staff', amount: '-฿100.00', status: 'Successful' },
      { activity: 'Credit by our staff', amount: '+฿250.50', status: 'Successful' },
    ]);
    await user.click(screen.getByText('Debit by our staff'));
    const detail = await screen.findByTestId('statement-detail');
    expect(within(detail).getByText('Balance correction by our staff')).toBeTruthy();
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

  it('[trust-9] [WD-2] a withdrawal the bank refused shows the money back in the wallet and a neutral reason', async () => {
    logIn();
    mockApi({
      'POST /api/statement': answer(4, [
        entry({
          statementType: 'withdraw',
          amount: 100,
          status: 'FAILED',
          reason: 'DEST_ACC_INVALID',
          outcome: 'RETURNED',
        }),
        entry({
          statementType: 'withdraw',
          amount: 70,
          status: 'FAILED',
          reason: 'E1234',
          outcome: 'RETURNED',
        }),
        entry({
          statementType: 'withdraw',
          amount: 150,
          status: 'FAILED',
          reason: 'REJECTED_BY_OPERATOR',
          outcome: 'REJECTED',
        }),
        entry({ statementType: 'deposit', channel: 'BANK', amount: 100 }),
      ]),
    });
    await renderApp('/user/statement');
    await screen.findByText('Deposit by bank transfer');
    const items = screen.getAllByRole('listitem');
    const read = (li: HTMLElement) => ({
      amount: within(li).getByTestId('statement-amount').textContent,
      status: within(li).getByTestId('statement-status').textContent,
      returned: within(li).queryByTestId('statement-returned')?.textContent ?? null,
      note: within(li).queryByTestId('statement-note')?.textContent ?? null,
    });
    expect(items.slice(0, 3).map(read)).toEqual([
      {
        amount: '-฿100.00',
        status: 'Returned',
        returned: '+฿100.00 returned to your wallet',
        note: 'The receiving bank did not accept this transfer. If your account details have changed, update them in your profile, or contact us.',
      },
      {
        amount: '-฿70.00',
        status: 'Returned',
        returned: '+฿70.00 returned to your wallet',
        note: 'The bank did not complete this transfer. You can withdraw again, or contact us if it happens again.',
      },
      {
        amount: '-฿150.00',
        status: 'Declined',
        returned: '+฿150.00 returned to your wallet',
        note: 'Our team did not approve this withdrawal. Contact us for the details.',
      },
    ]);
    // Not the bank's words, which read as the member's mistake, nor a bare failure.
    expect(screen.queryByText(/Wrong destination account/)).toBeNull();
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('[trust-9] [WD-2] the returned withdrawal reads in Thai and Lao too', async () => {
    const refused = entry({
      statementType: 'withdraw',
      amount: 100,
      status: 'FAILED',
      reason: 'DEST_ACC_INVALID',
      outcome: 'RETURNED',
    });
    logIn();
    mockApi({ 'POST /api/statement': answer(1, [refused]) });
    const th = await renderApp('/user/statement', { locale: 'th' });
    expect((await screen.findByTestId('statement-status')).textContent).toBe('คืนเงินแล้ว');
    expect(screen.getByTestId('statement-returned').textContent).toBe('+฿100.00 คืนเข้ากระเป๋าของคุณแล้ว');
    expect(screen.getByTestId('statement-note').textContent).toMatch(/^ธนาคารปลายทางไม่รับรายการโอนนี้/);
    th.unmount();

    logIn();
    mockApi({ 'POST /api/statement': answer(1, [refused]) });
    await renderApp('/user/statement', { locale: 'la' });
    expect((await screen.findByTestId('statement-status')).textContent).toBe('ສົ່ງເງິນຄືນແລ້ວ');
    expect(screen.getByTestId('statement-returned').textContent).toMatch(/ສົ່ງຄືນເຂົ້າກະເປົາຂອງທ່ານແລ້ວ$/);
    expect(screen.getByTestId('statement-note').textContent).toMatch(/^ທະນາຄານປາຍທາງບໍ່ຮັບລາຍການໂອນນີ້/);
  });

  it('[trust-9] [DEP-12] a waiting notice says until when, an expired one says so, a matched one is one credited line', async () => {
    logIn();
    const expiresAt = new Date(Date.now() + 40 * 60_000).toISOString();
    mockApi({
      'POST /api/statement': answer(3, [
        entry({ channel: 'NOTICE', amount: 300, status: 'PENDING', expiresAt }),
        entry({ channel: 'BANK', amount: 500, noticeId: 'D7' }),
        entry({ channel: 'NOTICE', amount: 250, status: 'FAILED', outcome: 'EXPIRED' }),
      ]),
    });
    await renderApp('/user/statement');
    await screen.findByText('Deposit by bank transfer');
    const items = screen.getAllByRole('listitem');
    const read = (li: HTMLElement) => ({
      activity: within(li).getByTestId('statement-activity').textContent,
      amount: within(li).getByTestId('statement-amount').textContent,
      status: within(li).getByTestId('statement-status').textContent,
      note: within(li).queryByTestId('statement-note')?.textContent ?? null,
    });
    expect(items.map(read)).toEqual([
      {
        activity: 'Deposit notice',
        amount: '+฿300.00',
        status: 'Waiting for your transfer',
        note: `We look for your transfer until ${formatTime(expiresAt)}.`,
      },
      {
        activity: 'Deposit by bank transfer',
        amount: '+฿500.00',
        status: 'Successful',
        note: 'Matches your deposit notice',
      },
      {
        activity: 'Deposit notice',
        amount: '+฿250.00',
        status: 'Expired',
        note: 'No transfer matching this notice reached us in time. If you did transfer, upload the slip or contact us.',
      },
    ]);
    expect(screen.queryByText('In progress')).toBeNull();
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('[trust-9] [DEP-12] a notice whose transfer had already arrived says it is in the wallet', async () => {
    logIn();
    const api = mockApi({
      'POST /api/wallet/add': () =>
        json(
          deposits.addDepositNotice.response.parse({
            depositId: 'D9',
            amount: 700,
            status: 'SUCCESS',
            createdAt: new Date().toISOString(),
          }),
        ),
    });
    const { user } = await renderUi(
      <DepositNoticeForm onSent={() => undefined} onCancel={() => undefined} />,
    );
    // More than the API takes is said at once, and nothing is sent.
    await user.type(screen.getByLabelText('Amount transferred'), '999999999');
    await user.click(screen.getByRole('button', { name: 'Send notice' }));
    expect(await screen.findByText('At most ฿100,000,000.00')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/add')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Amount transferred'));
    await user.type(screen.getByLabelText('Amount transferred'), '700');
    await user.click(screen.getByRole('button', { name: 'Send notice' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you. Your transfer has already arrived in your wallet: ฿700.00',
    );
  });
});
