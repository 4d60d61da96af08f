import { refund, type RefundCheck, type RefundLog } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RefundModal } from '../src/features/refund/components/RefundModal';
import { formatDateTime } from '../src/lib/format';
import { fail, json, logIn, mockApi, type Handler } from './api';
import { errorEn, renderApp, renderUi } from './render';

const checkAnswer = (overrides: Partial<RefundCheck> = {}, info: Partial<RefundCheck['info']> = {}) =>
  refund.check.response.parse({
    result: true,
    bonus: false,
    refundAmount: 42.5,
    refundSuccess: 300,
    refundFail: 10,
    ...overrides,
    info: {
      reason: null,
      period: 'daily',
      periodStart: '2026-11-21',
      periodEnd: '2026-11-21',
      turnover: 1_200,
      netLoss: 850,
      percent: 5,
      minimum: 1,
      addWallet: { amount: 25.5, percent: 3, percentSuccess: 0, percentFail: 0 },
      current: { periodStart: '2026-11-22', periodEnd: '2026-11-22', turnover: 100, netLoss: 60 },
      late: { turnover: 0, result: 0 },
      ...info,
    },
  });

const banners: Handler = () =>
  json(
    refund.banners.response.parse({
      active: true,
      banners: [{ image: '/programmes/refund-1.svg', html: { en: '<p>5% back every day</p>' } }],
    }),
  );

const logs = (total: number, page: number): RefundLog[] =>
  Array.from({ length: Math.min(10, total - (page - 1) * 10) }, (_, i) => ({
    refundAmount: 10 + i,
    createdAt: '2026-11-22T01:00:00.000Z',
    kind: i % 2 ? 'addWallet' : 'receive',
    periodStart: '2026-11-21',
    periodEnd: '2026-11-21',
  }));
const list =
  (total: number): Handler =>
  (call) =>
    json({ total, refunds: logs(total, (call.body as { page: number }).page) });

async function openModal(handlers: Record<string, Handler>, locale: 'th' | 'la' | 'en' = 'en') {
  const api = mockApi({
    'GET /api/refund/banners': banners,
    'GET /api/refund/check': () => json(checkAnswer()),
    'POST /api/refund': list(0),
    ...handlers,
  });
  const onReceived = vi.fn();
  const app = await renderUi(
    <RefundModal opened onClose={() => {}} currency="BAHT" onReceived={onReceived} />,
    { locale },
  );
  const dialog = await screen.findByRole('dialog', { name: TITLE[locale] });
  return { ...app, api, dialog, onReceived };
}

const TITLE = { en: 'Loss refund', th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ' } as const;

describe('refund modal', () => {
  it('[REF-1] banners, the check (period, turnover, net loss), receive and add to wallet each with its amount and success and fail percentages', async () => {
    const { dialog } = await openModal({});
    expect((await within(dialog).findAllByTestId('banner'))[0]!.textContent).toBe('5% back every day');
    const check = await within(dialog).findByTestId('refund-check');
    expect(within(check).getByText('Refund for 21/11/2026')).toBeTruthy();
    expect(within(check).getByTestId('refund-turnover').textContent).toMatch(/1,200\.00/);
    expect(within(check).getByTestId('refund-net-loss').textContent).toMatch(/850\.00/);
    const receive = within(check).getByTestId('refund-receive');
    expect(receive.textContent).toMatch(/42\.50/);
    expect(receive.textContent).toMatch(/5% of your loss/);
    expect(receive.textContent).toMatch(/Turnover 300%/);
    expect(receive.textContent).toMatch(/Ends below 10%/);
    const toWallet = within(check).getByTestId('refund-add-wallet');
    expect(toWallet.textContent).toMatch(/25\.50/);
    expect(toWallet.textContent).toMatch(/No turnover needed/);
    expect(toWallet.textContent).not.toMatch(/Ends below/);
    expect(within(check).getByTestId('refund-current').textContent).toMatch(
      /Today so far: net loss .*60\.00/,
    );
    expect(within(check).queryByTestId('refund-reason')).toBeNull();
    expect(within(check).queryByTestId('refund-late')).toBeNull();
    expect(await within(dialog).findByTestId('refunds-empty')).toBeTruthy();
  });

  it.each([
    ['en', -200, 'Includes ฿200.00 of net loss from bets settled after an earlier refund'],
    ['en', 75.5, 'Less ฿75.50 of net win from bets settled after an earlier refund'],
    ['th', -200, 'รวมยอดเสีย ฿200.00 จากเดิมพันที่สรุปผลหลังการคืนยอดเสียครั้งก่อน'],
    ['la', -200, 'ລວມຍອດເສຍ ฿200,00 ຈາກການເດີມພັນທີ່ສະຫຼຸບຜົນຫຼັງການຄືນຍອດເສຍຄັ້ງກ່ອນ'],
  ] as const)(
    '[REF-1] (%s) bets settled after an earlier refund show as a line of their own: result %d',
    async (locale, result, line) => {
      const { dialog } = await openModal(
        { 'GET /api/refund/check': () => json(checkAnswer({}, { late: { turnover: 1_000, result } })) },
        locale,
      );
      const check = await within(dialog).findByTestId('refund-check');
      expect(within(check).getByTestId('refund-late').textContent).toBe(line);
    },
  );

  it('[REF-1] receive (GET /api/refund/receive) and add to wallet (GET /api/refund/addWallet) pay and check again; refusals are said in the member’s words', async () => {
    let answer: Handler = (c) =>
      json({
        message: 'REFUND_SUCCESS',
        kind: c.path.endsWith('receive') ? 'receive' : 'addWallet',
        refundAmount: c.path.endsWith('receive') ? 42.5 : 25.5,
        percentSuccess: 300,
        percentFail: 10,
      });
    const { dialog, user, api, onReceived } = await openModal({
      'GET /api/refund/receive': (c) => answer(c),
      'GET /api/refund/addWallet': (c) => answer(c),
    });
    const check = await within(dialog).findByTestId('refund-check');
    await user.click(within(check).getByRole('button', { name: 'Receive as bonus' }));
    expect(await screen.findByText(/Refund received: .*42\.50/)).toBeTruthy();
    expect(onReceived).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/refund/check').length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'Add to wallet' }));
    expect(await screen.findByText(/Refund received: .*25\.50/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/refund/addWallet')).toHaveLength(1);

    for (const code of ['NO_REFUND', 'REFUND_CONDITION', 'REFUND_MINIMUM', 'REFUND_INACTIVE']) {
      answer = () => fail(code);
      await user.click(within(dialog).getByRole('button', { name: 'Receive as bonus' }));
      expect(await screen.findByText(errorEn(code))).toBeTruthy();
    }
    expect(onReceived).toHaveBeenCalledTimes(2);
  });

  it('[REF-1] while a bonus is active the check says REFUND_CONDITION and both choices wait; a weekly period shows its days', async () => {
    const { dialog } = await openModal({
      'GET /api/refund/check': () =>
        json(
          checkAnswer(
            { result: false, bonus: true },
            {
              reason: 'REFUND_CONDITION',
              period: 'weekly',
              periodStart: '2026-11-16',
              periodEnd: '2026-11-22',
            },
          ),
        ),
    });
    const check = await within(dialog).findByTestId('refund-check');
    expect(within(check).getByText('Refund for 16/11/2026 – 22/11/2026')).toBeTruthy();
    expect(within(check).getByTestId('refund-reason').textContent).toBe(errorEn('REFUND_CONDITION'));
    expect(within(check).getByRole('button', { name: 'Receive as bonus' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(check).getByRole('button', { name: 'Add to wallet' }).hasAttribute('disabled')).toBe(true);
    expect(within(check).getByTestId('refund-current').textContent).toMatch(/This week so far/);
  });

  it('[REF-1] the log: 10 a page, each with its date, period, choice and amount', async () => {
    const { dialog, user, api } = await openModal({ 'POST /api/refund': list(12) });
    await waitFor(() => expect(within(dialog).getAllByTestId('refund-row')).toHaveLength(10));
    expect(api.callsTo('POST', '/api/refund')[0]!.body).toEqual({ page: 1, limit: 10 });
    const [first, second] = within(dialog).getAllByTestId('refund-row');
    expect(within(first!).getByTestId('refund-date').textContent).toBe(
      formatDateTime('2026-11-22T01:00:00.000Z'),
    );
    expect(first!.textContent).toMatch(/21\/11\/2026Bonus/);
    expect(second!.textContent).toMatch(/21\/11\/2026Wallet/);
    expect(within(first!).getByTestId('refund-amount').textContent).toMatch(/10\.00/);
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('refund-row')).toHaveLength(2));
    expect(within(dialog).getByText('Page 2 of 2')).toBeTruthy();
  });

  it('[REF-1] the Refund tile of the action drawer opens the refund modal', async () => {
    logIn();
    mockApi({
      'GET /api/refund/banners': banners,
      'GET /api/refund/check': () => json(checkAnswer()),
      'POST /api/refund': list(1),
    });
    const { user } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loss refund' });
    expect(await within(dialog).findByTestId('refund-check')).toBeTruthy();
    expect(await within(dialog).findAllByTestId('refund-row')).toHaveLength(1);
  });
});
