import {
  accounts,
  lookups,
  slips,
  statement,
  withdrawals,
  type Locale,
  type StatementEntry,
} from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pictureEnv, type PictureContext } from '../src/features/deposits/qr-picture';
import { lookupQueries } from '../src/features/lookups/api/lookups';
import { json, logIn, mockApi, profileFixture, walletFixture, type Handler } from './api';
import { liveQr, qrRecord } from './deposit-modal';
import { realtimeStub } from './realtime';
import { renderApp } from './render';
import { confirmWithPin, pinStatus, TEST_PIN } from './pin';

// Kip on the web: everything a kip member sees is in kip (SH-16), and the deposit modal offers a kip
// member the kip channels only (BCEL with its instruction image, DEP-3; the ONEPAY QR).
// The lookup below answers every channel, as a server that did not filter by currency would: what the
// member is shown is the screen's own line.

const BCEL_NAMES = {
  nameTH: 'ธนาคารการค้าต่างประเทศลาว',
  nameEN: 'Banque pour le Commerce Extérieur Lao',
  nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
};

const kipProfile = accounts.getProfile.response.parse({
  ...profileFixture,
  _id: 'u_la0001',
  name: 'Souksavanh Phommachanh',
  username: '02055512345',
  bankCode: 'BCEL',
  bankAccountName: 'SOUKSAVANH PHOMMACHANH',
  bankAccountNo: '0101000765432',
  bank: BCEL_NAMES,
  currency: 'LAK',
});

const kipWallet = (amount: number) =>
  walletFixture({
    profile: kipProfile,
    bankAccount: {
      bankCode: 'BCEL',
      bankAccountName: kipProfile.bankAccountName,
      bankAccountNo: kipProfile.bankAccountNo,
      bank: BCEL_NAMES,
    },
    wallet: { amount, currency: 'LAK' },
    total: amount,
  });

const channel = (
  bankCode: string,
  bankType: 'BANK' | 'PAYMENT',
  currency: 'BAHT' | 'LAK',
  bankAccountNo: string,
  mode = '',
  bank: { nameTH: string; nameEN: string; nameLA?: string } = {
    nameTH: `ช่องทาง ${bankCode}`,
    nameEN: `${bankCode} Pay`,
  },
) => ({ bankCode, bankType, mode, bank, bankAccountName: 'krapao co ltd', bankAccountNo, currency });

/** Every channel of a Laos build, kip and baht, and the operator's True Wallet. */
const everyChannel = lookups.deposit.response.parse({
  banks: [
    channel('BCEL', 'BANK', 'LAK', '0101000123456', '', BCEL_NAMES),
    channel('ONEPAY', 'PAYMENT', 'LAK', 'OP-0001', '', {
      nameTH: 'วันเพย์ (ลาว)',
      nameEN: 'OnePay (Laos)',
      nameLA: 'ວັນເພ',
    }),
    channel('KBANK', 'BANK', 'BAHT', '1234567890', 'AUTO'),
    channel('KBANK', 'BANK', 'BAHT', '4445556667', 'QR'),
    channel('WW', 'PAYMENT', 'BAHT', 'WW-0001'),
  ],
  wallets: [{ mode: 'AUTO', walletAccountName: 'KRAPAO TW', walletPhone: '0891234567' }],
  isManual: false,
});

const KIP_LIMITS = lookups.withdraw.response.parse({ withdrawMin: 50_000, withdrawMax: 50_000_000 });

/** A kip member's API: profile and wallet in LAK, the limits of LAK, no QR yet at any gateway. */
function kipApi(handlers: Record<string, Handler> = {}, balance = 1_234_567.5) {
  return mockApi({
    'GET /api/account/profile': () => json(kipProfile),
    'GET /api/wallet': () => json(kipWallet(balance)),
    'GET /api/lookup/withdraw': () => json(KIP_LIMITS),
    'GET /api/lookup/deposit': () => json(everyChannel),
    'GET /api/qrcode/ONEPAY': () => json(qrRecord()),
    'GET /api/qrcode/KBANK': () => json(qrRecord()),
    'GET /api/qrcode/WW': () => json(qrRecord()),
    ...handlers,
  });
}

/** The member's home, then the action drawer's `action` (deposit or withdraw), as a member opens it. */
async function openFromHome(action: 'deposit' | 'withdraw', locale: Locale = 'en') {
  const app = await renderApp('/user/home', { locale });
  await app.user.click(await screen.findByRole('button', { name: app.t('nav.actions') }));
  const drawer = await screen.findByRole('dialog', { name: app.t('actions.title') });
  await app.user.click(within(drawer).getByRole('button', { name: app.t(`actions.${action}`) }));
  const dialog = await screen.findByRole('dialog', { name: app.t(`${action}.title`) });
  return { ...app, dialog };
}

const tabs = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

const picks = (root: HTMLElement, label: string) =>
  within(within(root).getByRole('group', { name: label }))
    .getAllByRole('button')
    .map((b) => b.textContent);

const bearer = (calls: Array<{ headers: Headers }>) => calls.map((c) => c.headers.get('Authorization'));

afterEach(() => vi.restoreAllMocks());

describe('a kip member', () => {
  it('[SH-16] [laos-2] the home card, the drawer and the "received" toast are in kip', async () => {
    logIn();
    kipApi();
    const { user } = await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() =>
      expect(within(card).getByLabelText('Total balance').textContent).toBe('₭1,234,567.50'),
    );
    expect(within(card).getByTestId('wallet-main').textContent).toBe('₭1,234,567.50');
    expect(within(card).getByTestId('wallet-games').textContent).toBe('₭0.00');

    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await waitFor(() =>
      expect(within(drawer).getByTestId('drawer-sync').textContent).toMatch(/^₭1,234,567\.50/),
    );

    // Money heard on the socket is announced in the member's currency.
    await waitFor(() => expect(realtimeStub.isOpen()).toBe(true));
    realtimeStub.connect();
    realtimeStub.send({
      type: 'deposit',
      depositId: 'D1',
      channel: 'BANK',
      status: 'SUCCESS',
      amount: 250_000,
    });
    expect(await screen.findByText('₭250,000.00 received')).toBeTruthy();
    expect(screen.queryByText(/฿/)).toBeNull();
  });

  it('[SH-16] [laos-2] in Lao the balance reads in kip, two decimals', async () => {
    logIn();
    kipApi();
    await renderApp('/user/home', { locale: 'la' });
    // ICU's Lao groups with dots (Node's); a browser without Lao data uses its root format: either way kip.
    await waitFor(() =>
      expect(screen.getByTestId('wallet-main').textContent).toMatch(/^₭\s?1[.,]234[.,]567[.,]50$/),
    );
  });

  it('[DEP-3] [laos-2] deposit offers BCEL and OnePay only: no True Wallet, no KBANK, no Thai gateway', async () => {
    logIn();
    const api = kipApi();
    const { dialog, user } = await openFromHome('deposit');
    await within(dialog).findByRole('tab', { name: 'Bank transfer' });
    expect(tabs(dialog)).toEqual(['Bank transfer', 'QR code']);

    // Bank transfer: BCEL alone, with its Lao and English names, the currency and the instruction image.
    const panels = [...dialog.querySelectorAll<HTMLElement>('[data-panel]')];
    expect(panels.map((p) => p.dataset.panel)).toEqual(['bcel']);
    const bcel = within(dialog).getByRole('group', { name: /Banque pour le Commerce Extérieur Lao/ });
    expect(within(bcel).getByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ').getAttribute('lang')).toBe('lo');
    expect(within(bcel).getByTestId('deposit-account-no').textContent).toBe('0101000123456');
    expect(within(bcel).getByTestId('deposit-currency').textContent).toBe('Kip (LAK)');
    const steps = within(bcel).getByRole('figure', { name: 'How to transfer with BCEL One' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.bcel-steps__caption')?.textContent),
    ).toEqual([
      '1Open BCEL One and tap Transfer',
      '2Paste this account number and type the amount in kip',
      '3Confirm, then keep the receipt with its QR code',
    ]);
    // The picture's phone shows this very account number and an amount in kip.
    const drawn = [...steps.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(drawn).toEqual(['0101000123456', '₭100,000']);
    expect(within(bcel).getByTestId('deposit-instruction').textContent).toMatch(/BCEL One.*in kip\./);
    expect(within(dialog).queryByText(/KBANK|1234567890|123-456-7890/)).toBeNull();
    expect(within(dialog).queryByText('True Wallet')).toBeNull();

    // QR: OnePay alone (no channel picker), scanned with Lao banking apps.
    await user.click(within(dialog).getByRole('tab', { name: 'QR code' }));
    const onepay = await within(dialog).findByRole('group', { name: 'OnePay (Laos)' });
    expect(onepay.dataset.provider).toBe('ONEPAY');
    expect(within(dialog).queryByRole('radiogroup', { name: 'QR channels' })).toBeNull();
    expect(
      within(dialog).getByText('Scan the QR code with BCEL One or any Lao banking app (LAPNet).'),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/ONEPAY')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/qrcode/KBANK')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/qrcode/WW')).toHaveLength(0);

    // The lookup was asked as this member, so the server answers the accounts of the member's currency.
    expect(bearer(api.callsTo('GET', '/api/lookup/deposit'))).toEqual(['Bearer tok_member']);
  });

  it('[laos-2] [DEP-8] [DEP-9] the OnePay QR: quick picks and minimum in kip, the QR and the saved picture in kip', async () => {
    logIn();
    const qrAnswer = liveQr(100_000, 540_000, { qrcodeId: 'QLA1', payload: '00020101021238' });
    const api = kipApi({ 'POST /api/qrcode/ONEPAY': () => json(qrAnswer) });
    const texts: string[] = [];
    vi.spyOn(pictureEnv, 'loadImage').mockResolvedValue({} as CanvasImageSource);
    vi.spyOn(pictureEnv, 'fontFamily').mockReturnValue('sans-serif');
    vi.spyOn(pictureEnv, 'createCanvas').mockImplementation(
      (width, height) =>
        ({
          width,
          height,
          getContext: () =>
            ({
              fillRect: () => {},
              drawImage: () => {},
              fillText: (text: string) => void texts.push(text),
            }) as unknown as PictureContext,
          toBlob: (done: (blob: Blob) => void, type: string) => done(new Blob(['png'], { type })),
        }) as unknown as HTMLCanvasElement,
    );
    const { dialog, user } = await openFromHome('deposit');
    await user.click(await within(dialog).findByRole('tab', { name: 'QR code' }));
    const panel = await within(dialog).findByRole('group', { name: 'OnePay (Laos)' });
    const amount = await within(panel).findByLabelText(/^Amount/);
    expect(within(panel).getByText('Minimum ₭50,000.00')).toBeTruthy();
    expect(picks(panel, 'Quick amounts')).toEqual([
      '₭50,000',
      '₭100,000',
      '₭200,000',
      '₭500,000',
      '₭1,000,000',
    ]);
    const create = within(panel).getByRole('button', { name: 'Create QR code' });
    await user.type(amount, '49999.99');
    expect(create).toHaveProperty('disabled', true);
    await user.clear(amount);
    await user.type(amount, '50000');
    expect(create).toHaveProperty('disabled', false);

    await user.click(within(panel).getByRole('button', { name: '₭100,000' }));
    expect((amount as HTMLInputElement).value).toBe('100000');
    await user.click(create);
    expect(await within(panel).findByTestId('qr-amount')).toHaveProperty('textContent', '₭100,000.00');
    expect(within(panel).getByRole('img', { name: 'QR code to pay ₭100,000.00' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/qrcode/ONEPAY').map((c) => c.body)).toEqual([{ amount: 100_000 }]);
    // The saved picture says the amount in kip, and names the gateway.
    await waitFor(() => expect(texts).toContain('₭100,000.00'));
    expect(texts).toContain('OnePay (Laos)');
  });

  it('[laos-2] a paid OnePay QR says the kip received', async () => {
    logIn();
    kipApi({
      'GET /api/qrcode/ONEPAY': () =>
        json(qrRecord({ qrcodeId: 'QLA1', amount: 100_000, paidAt: Date.now() })),
    });
    const { dialog, user } = await openFromHome('deposit');
    await user.click(await within(dialog).findByRole('tab', { name: 'QR code' }));
    const received = await within(dialog).findByTestId('qr-received');
    expect(within(received).getByText('₭100,000.00 received')).toBeTruthy();
  });

  it('[laos-2] [WD-1] the withdrawal limits, the balance and the refusals are in kip', async () => {
    logIn();
    const api = kipApi({
      'GET /api/account/pin': pinStatus(true),
      'POST /api/wallet/withdraw': () =>
        json(
          withdrawals.withdraw.response.parse({
            withdrawalId: 'wd_la1',
            amount: 60_000,
            status: 'PENDING',
            balance: 1_174_567.5,
            createdAt: new Date().toISOString(),
          }),
        ),
    });
    const { dialog, user } = await openFromHome('withdraw');
    expect((await within(dialog).findByTestId('withdraw-limits')).textContent).toBe(
      'Minimum ₭50,000.00 · Maximum ₭50,000,000.00',
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('withdraw-available').textContent).toBe('₭1,234,567.50'),
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Withdraw everything (₭1,234,567.50)' }),
    ).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '49999.99');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('The minimum withdrawal is ₭50,000.00')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    const review = await confirmWithPin(user, dialog);
    expect(within(review).getByTestId('review-amount').textContent).toBe('₭60,000.00');
    expect(await within(dialog).findByTestId('withdrawn-amount')).toHaveProperty('textContent', '₭60,000.00');
    expect(within(dialog).getByText('₭1,174,567.50')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/withdraw').map((c) => c.body)).toEqual([
      { amount: 60_000, pin: TEST_PIN },
    ]);
    expect(bearer(api.callsTo('GET', '/api/lookup/withdraw'))).toEqual(['Bearer tok_member']);
  });

  it('[laos-2] [WD-1] on a Lao screen "100.000" is a hundred thousand kip and "100,50" a hundred and a half; "1.000.50" is refused', async () => {
    logIn();
    const api = kipApi({
      'GET /api/account/pin': pinStatus(true),
      'POST /api/wallet/withdraw': () =>
        json(
          withdrawals.withdraw.response.parse({
            withdrawalId: 'wd_la2',
            amount: 100_000,
            status: 'PENDING',
            balance: 1_134_567.5,
            createdAt: new Date().toISOString(),
          }),
        ),
    });
    const { dialog, user, t } = await openFromHome('withdraw', 'la');
    const amount = within(dialog).getByLabelText(t('withdraw.amount'));
    await user.type(amount, '1.000.50');
    await user.click(within(dialog).getByRole('button', { name: t('withdraw.submit') }));
    expect(await within(dialog).findByText(t('withdraw.amountInvalid'))).toBeTruthy();
    await user.clear(amount);
    // Under the minimum of 50,000 read as the decimals it is: refused in words, nothing sent.
    await user.type(amount, '100,50');
    await user.click(within(dialog).getByRole('button', { name: t('withdraw.submit') }));
    expect(await within(dialog).findByText(/^ຖອນຕ່ຳສຸດ ₭\s?50[.,]000[.,]00$/)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '100.000');
    await user.click(within(dialog).getByRole('button', { name: t('withdraw.submit') }));
    await confirmWithPin(user, dialog);
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/wallet/withdraw').map((c) => c.body)).toEqual([
        { amount: 100_000, pin: TEST_PIN },
      ]),
    );
  });

  it('[SH-16] [laos-2] the statement and the slip table are in kip', async () => {
    logIn();
    const entry = (over: Partial<StatementEntry>) =>
      statement.statementEntrySchema.parse({
        _id: `st_${over.statementType}`,
        statementType: 'deposit',
        status: 'SUCCESS',
        amount: 0,
        channel: 'BANK',
        reason: null,
        createdAt: new Date(Date.now() - 3_600_000).toISOString(),
        ...over,
      });
    kipApi({
      'POST /api/statement': () =>
        json(
          statement.getStatement.response.parse({
            total: 2,
            statements: [
              entry({ statementType: 'deposit', channel: 'QR', amount: 100_000 }),
              entry({ statementType: 'withdraw', amount: 60_000, status: 'PENDING' }),
            ],
          }),
        ),
      'POST /api/statement/slip': () =>
        json(
          slips.listSlips.response.parse({
            total: 1,
            slips: [
              {
                slipId: 'sl_la1',
                reference: 'BCEL-REF-1',
                amount: 250_000,
                status: 'SUCCESS',
                note: null,
                createdAt: new Date().toISOString(),
              },
            ],
          }),
        ),
    });
    const { user } = await renderApp('/user/statement');
    await waitFor(() =>
      expect(screen.getAllByTestId('statement-amount').map((a) => a.textContent)).toEqual([
        '+₭100,000.00',
        '-₭60,000.00',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Deposit slips' }));
    const table = await screen.findByRole('dialog', { name: 'Deposit slips' });
    expect((await within(table).findByTestId('slip-amount')).textContent).toBe('₭250,000.00');
  });
});

describe('a baht member, unchanged', () => {
  it('[SH-16] [laos-2] baht on the home card; bank transfer, the Thai QR gateways and True Wallet, no kip channel', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () =>
        json(walletFixture({ wallet: { amount: 1500, currency: 'BAHT' }, total: 1500 })),
      'GET /api/lookup/deposit': () => json(everyChannel),
      'GET /api/qrcode/KBANK': () => json(qrRecord()),
      'GET /api/qrcode/WW': () => json(qrRecord()),
    });
    const { dialog, user } = await openFromHome('deposit');
    expect(screen.getByTestId('wallet-main').textContent).toBe('฿1,500.00');
    await within(dialog).findByRole('tab', { name: 'Bank transfer' });
    expect(tabs(dialog)).toEqual(['Bank transfer', 'QR code', 'True Wallet']);
    expect([...dialog.querySelectorAll<HTMLElement>('[data-panel]')].map((p) => p.dataset.panel)).toEqual([
      'kbank-auto',
    ]);
    expect(within(dialog).queryByText(/BCEL|Banque pour le Commerce/)).toBeNull();
    await user.click(within(dialog).getByRole('tab', { name: 'QR code' }));
    const channels = await within(dialog).findByRole('radiogroup', { name: 'QR channels' });
    expect(
      within(channels)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['KBANKKBANK', 'WWWW']);
    expect(within(dialog).getByText('Scan the QR code with any Thai banking app.')).toBeTruthy();
    expect(
      await within(within(dialog).getByRole('group', { name: 'Quick amounts' })).findByRole('button', {
        name: '฿1,000',
      }),
    ).toBeTruthy();
    expect(api.callsTo('GET', '/api/qrcode/ONEPAY')).toHaveLength(0);
  });

  it('[laos-2] the member-dependent lookups are cached per session, never under the token itself', () => {
    const keyOf = () => [lookupQueries.deposit().queryKey, lookupQueries.withdraw().queryKey];
    const visitor = keyOf();
    expect(visitor.map((k) => k.at(-1))).toEqual(['visitor', 'visitor']);
    localStorage.setItem('token', 'tok_member_one');
    const one = keyOf();
    localStorage.setItem('token', 'tok_member_two');
    const two = keyOf();
    expect(one[0]).not.toEqual(visitor[0]);
    expect(two[0]).not.toEqual(one[0]);
    expect(two[1]).not.toEqual(one[1]);
    expect(JSON.stringify([one, two])).not.toMatch(/tok_member/);
    // The operator's public lookups stay shared.
    expect(lookupQueries.banks().queryKey).toEqual(['lookups', 'banks']);
  });
});
