import { deposits, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, type QrcodeRecord } from '@krapao/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { qrRules } from '../src/features/deposits/qr';
import { noteServerDate } from '../src/lib/clock';
import { json, mockApi, type Handler } from './api';
import { depositChannel, depositLookup, liveQr, QR_SVG, qrRecord, renderDepositModal } from './deposit-modal';
import { errorEn } from './render';

// DEP-4: the AUTO KBANK and SCB are bank transfers; KBANK by QR and the four gateways are QR channels.
const lookup = depositLookup([
  depositChannel('KBANK', 'BANK', 'AUTO'),
  depositChannel('SCB', 'BANK'),
  depositChannel('KBANK', 'BANK', 'QR'),
  depositChannel('WW'),
  depositChannel('PAYTIMZ'),
  depositChannel('PAYONEX'),
  depositChannel('ZPAY'),
]);
const PROVIDERS = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'];

async function openQr(handlers: Record<string, Handler> = {}) {
  const none = Object.fromEntries(PROVIDERS.map((p) => [`GET /api/qrcode/${p}`, () => json(qrRecord())]));
  const api = mockApi({ ...none, ...handlers });
  const app = await renderDepositModal(lookup);
  await app.user.click(within(app.dialog).getByRole('tab', { name: 'QR code' }));
  await within(app.dialog).findByRole('radiogroup', { name: 'QR channels' });
  return { ...app, api };
}

const channel = (dialog: HTMLElement, provider: string) =>
  within(dialog).getByRole('radio', { name: new RegExp(`^${provider}`) });
const panel = (dialog: HTMLElement, provider: string) =>
  within(dialog).getByRole('group', { name: `${provider} Pay` });
const createButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Create QR code' });
const picks = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Quick amounts' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

/** The QR countdown's clock: Date and setInterval move only when the test says. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  return (ms: number) => act(() => vi.advanceTimersByTime(ms));
}

describe('QR deposits', () => {
  it('[DEP-4] [DEP-6] one channel per QR account, each asking for its existing QR on load', async () => {
    const { dialog, api } = await openQr();
    expect(within(dialog).getAllByRole('radio')).toEqual(
      PROVIDERS.map((name) => within(dialog).getByRole('radio', { name })),
    );
    await waitFor(() => {
      for (const p of PROVIDERS) expect(api.callsTo('GET', `/api/qrcode/${p}`), p).toHaveLength(1);
    });
    expect(within(dialog).getByText('Scan the QR code with any Thai banking app.')).toBeTruthy();
    expect(channel(dialog, 'KBANK').getAttribute('aria-checked')).toBe('true');
    expect(await within(panel(dialog, 'KBANK')).findByText('Minimum ฿1.00')).toBeTruthy();
  });

  it('[DEP-8] [DEP-9] quick picks and minimums per provider; below 1 baht nothing is offered', async () => {
    const { dialog, user, api } = await openQr();
    const expected: Record<string, { picks: string[]; below: string[]; atMin: string }> = {
      KBANK: { picks: ['฿10', '฿20', '฿50', '฿100', '฿500', '฿1,000'], below: ['0', '0.5'], atMin: '1' },
      WW: { picks: ['฿100', '฿200', '฿300', '฿500', '฿1,000'], below: ['99.99'], atMin: '100' },
      PAYTIMZ: { picks: ['฿10', '฿50', '฿100', '฿500', '฿1,000'], below: ['9'], atMin: '10' },
      PAYONEX: { picks: ['฿100', '฿200', '฿300', '฿500', '฿1,000'], below: ['99'], atMin: '100' },
      ZPAY: { picks: ['฿10', '฿50', '฿100', '฿500', '฿1,000'], below: ['9.99'], atMin: '10' },
    };
    for (const [provider, rule] of Object.entries(expected)) {
      await user.click(channel(dialog, provider));
      const box = panel(dialog, provider);
      const amount = await within(box).findByLabelText(/^Amount/);
      expect(picks(box), provider).toEqual(rule.picks);
      expect(createButton(box)).toHaveProperty('disabled', true);
      for (const below of rule.below) {
        await user.clear(amount);
        await user.paste(below);
        expect(createButton(box), `${provider} ${below}`).toHaveProperty('disabled', true);
      }
      await user.clear(amount);
      await user.paste(rule.atMin);
      expect(createButton(box), `${provider} ${rule.atMin}`).toHaveProperty('disabled', false);
    }
    // A quick pick fills the amount and shows itself chosen.
    await user.click(within(panel(dialog, 'ZPAY')).getByRole('button', { name: '฿500' }));
    expect((within(panel(dialog, 'ZPAY')).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('500');
    expect(
      within(panel(dialog, 'ZPAY')).getByRole('button', { name: '฿500' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(api.callsTo('POST', '/api/qrcode/ZPAY')).toHaveLength(0);
  });

  it('[DEP-8] an amount above what the API takes says its maximum and offers no QR', async () => {
    const { dialog, user, api } = await openQr();
    await user.click(channel(dialog, 'KBANK'));
    const box = panel(dialog, 'KBANK');
    const amount = await within(box).findByLabelText(/^Amount/);
    await user.clear(amount);
    await user.paste('100000000.01');
    expect(createButton(box)).toHaveProperty('disabled', true);
    expect(within(box).getByText('At most ฿100,000,000.00')).toBeTruthy();
    await user.clear(amount);
    await user.paste('100000000');
    expect(createButton(box)).toHaveProperty('disabled', false);
    expect(within(box).queryByText(/At most/)).toBeNull();
    expect(api.callsTo('POST', '/api/qrcode/KBANK')).toHaveLength(0);
  });

  it('[DEP-9] VITE_PAYTIMZ_MIN_DEPOSIT and VITE_ZPAY_MIN_DEPOSIT set the minimum and the first pick', async () => {
    vi.stubEnv('VITE_PAYTIMZ_MIN_DEPOSIT', '20');
    vi.stubEnv('VITE_ZPAY_MIN_DEPOSIT', '30');
    const { dialog, user } = await openQr();
    await user.click(channel(dialog, 'PAYTIMZ'));
    let box = panel(dialog, 'PAYTIMZ');
    expect(await within(box).findByText('Minimum ฿20.00')).toBeTruthy();
    expect(picks(box)).toEqual(['฿20', '฿50', '฿100', '฿500', '฿1,000']);
    await user.type(within(box).getByLabelText(/^Amount/), '19');
    expect(createButton(box)).toHaveProperty('disabled', true);
    await user.type(within(box).getByLabelText(/^Amount/), '{Backspace}{Backspace}20');
    expect(createButton(box)).toHaveProperty('disabled', false);
    await user.click(channel(dialog, 'ZPAY'));
    box = panel(dialog, 'ZPAY');
    expect(await within(box).findByText('Minimum ฿30.00')).toBeTruthy();
    expect(picks(box)).toEqual(['฿30', '฿50', '฿100', '฿500', '฿1,000']);
    // The others keep the contract's rules; a minimum above some picks leaves only the picks it allows.
    expect(qrRules('WW').min).toBe(100);
    vi.stubEnv('VITE_PAYTIMZ_MIN_DEPOSIT', '200');
    expect(qrRules('PAYTIMZ')).toEqual({ currency: 'BAHT', min: 200, quickPicks: [200, 500, 1000] });
    vi.stubEnv('VITE_ZPAY_MIN_DEPOSIT', 'ten');
    expect(qrRules('ZPAY').min).toBe(10);
  });

  it('[DEP-6] [DEP-7] create shows the QR image, the amount and a countdown ticking each second; cancel goes back to the entry', async () => {
    const tick = fakeClock();
    // The server keeps the QR it made: the panel polls it while no realtime socket is connected.
    let made: QrcodeRecord | undefined;
    const { dialog, user, api } = await openQr({
      'POST /api/qrcode/WW': () => json((made = liveQr(500, 600_000, { qrcodeId: 'QWW1' }))),
      'GET /api/qrcode/WW': () => json(made ?? qrRecord()),
      'DELETE /api/qrcode/QWW1': () => {
        made = undefined;
        return json(deposits.cancelQrcode.response.parse({ qrcodeId: 'QWW1', status: 'CANCELLED' }));
      },
    });
    await user.click(channel(dialog, 'WW'));
    const box = panel(dialog, 'WW');
    await user.click(await within(box).findByRole('button', { name: '฿500' }));
    await user.click(createButton(box));

    const img = await within(box).findByRole('img', { name: 'QR code to pay ฿500.00' });
    const src = img.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(QR_SVG);
    // The markup is an image source, never put into the page.
    expect(box.querySelector('path[d="M0 0h7v7H0z"]')).toBeNull();
    expect(within(box).getByTestId('qr-amount').textContent).toBe('฿500.00');
    expect(within(box).getByRole('timer').textContent).toBe('10:00');
    tick(1_000);
    expect(within(box).getByRole('timer').textContent).toBe('09:59');
    tick(61_000);
    expect(within(box).getByRole('timer').textContent).toBe('08:58');

    const [create] = api.callsTo('POST', '/api/qrcode/WW');
    expect(create?.body).toEqual({ amount: 500 });
    expect(create?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);

    await user.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(await within(box).findByRole('button', { name: 'Create QR code' })).toBeTruthy();
    expect(within(box).queryByRole('timer')).toBeNull();
    expect(api.callsTo('DELETE', '/api/qrcode/QWW1')).toHaveLength(1);
  });

  it('[DEP-7] on a phone whose clock is 5 minutes slow the countdown still starts at 10:00 and ends on time', async () => {
    const tick = fakeClock();
    const slowBy = 5 * 60_000;
    // The server's answers carry its own time, 5 minutes ahead of this phone's.
    const fromServer = (body: QrcodeRecord) => {
      const res = json(body);
      res.headers.set('Date', new Date(Date.now() + slowBy).toUTCString());
      return res;
    };
    try {
      const { dialog, user } = await openQr({
        'POST /api/qrcode/WW': () => fromServer(liveQr(500, slowBy + 600_000, { qrcodeId: 'QW5' })),
      });
      await user.click(channel(dialog, 'WW'));
      const box = panel(dialog, 'WW');
      await user.click(await within(box).findByRole('button', { name: '฿500' }));
      await user.click(createButton(box));
      expect((await within(box).findByRole('timer')).textContent).toBe('10:00');
      tick(600_000);
      expect(await within(box).findByRole('button', { name: 'Create QR code' })).toBeTruthy();
    } finally {
      noteServerDate(new Date().toUTCString());
    }
  });

  it('[DEP-7] an existing QR is shown on load, its channel marked; at 00:00 it goes back to the entry', async () => {
    const tick = fakeClock();
    const { dialog } = await openQr({ 'GET /api/qrcode/PAYONEX': () => json(liveQr(250, 3_000)) });
    const box = await waitFor(() => panel(dialog, 'PAYONEX'));
    expect(channel(dialog, 'PAYONEX').getAttribute('aria-checked')).toBe('true');
    expect(within(channel(dialog, 'PAYONEX')).getByTestId('qr-live').textContent).toBe('QR ready');
    expect((await within(box).findByRole('timer')).textContent).toBe('00:03');
    tick(2_000);
    expect(within(box).getByRole('timer').textContent).toBe('00:01');
    tick(1_000);
    expect(within(box).queryByRole('timer')).toBeNull();
    expect(within(box).getByRole('button', { name: 'Create QR code' })).toBeTruthy();
    expect(within(channel(dialog, 'PAYONEX')).queryByTestId('qr-live')).toBeNull();
  });

  it('[DEP-7] a create answered with hasQrcode false shows its message as an error toast', async () => {
    const { dialog, user } = await openQr({
      'POST /api/qrcode/KBANK': () => json(qrRecord({ message: 'QR_FAIL' })),
    });
    const box = panel(dialog, 'KBANK');
    await user.type(await within(box).findByLabelText(/^Amount/), '300');
    await user.click(createButton(box));
    expect(await screen.findByText(errorEn('QR_FAIL'))).toBeTruthy();
    expect(within(box).queryByRole('img')).toBeNull();
    expect(createButton(box)).toBeTruthy();
  });

  it("[DEP-7] creating one provider's QR makes the other providers ask for theirs again", async () => {
    const { dialog, user, api } = await openQr({
      'POST /api/qrcode/PAYTIMZ': () => json(liveQr(50, 600_000, { qrcodeId: 'QPT1' })),
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/ZPAY')).toHaveLength(1));
    await user.click(channel(dialog, 'PAYTIMZ'));
    const box = panel(dialog, 'PAYTIMZ');
    await user.click(await within(box).findByRole('button', { name: '฿50' }));
    await user.click(createButton(box));
    await within(box).findByRole('timer');
    await waitFor(() => {
      for (const p of ['KBANK', 'WW', 'PAYONEX', 'ZPAY'])
        expect(api.callsTo('GET', `/api/qrcode/${p}`), p).toHaveLength(2);
    });
    // Its own QR came with the answer: nothing to ask.
    expect(api.callsTo('GET', '/api/qrcode/PAYTIMZ')).toHaveLength(1);
  });

  it("[DEP-7] 'Transfer done' asks the member to refresh the balance and closes the modal", async () => {
    const { dialog, user } = await openQr({ 'GET /api/qrcode/KBANK': () => json(liveQr(100, 600_000)) });
    const box = panel(dialog, 'KBANK');
    await user.click(await within(box).findByRole('button', { name: 'Transfer done' }));
    expect(
      await screen.findByText('Thank you! Refresh your balance in a moment to see your deposit.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull());
  });
});
