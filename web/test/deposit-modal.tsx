import { deposits, lookups, type Locale, type QrcodeRecord } from '@krapao/contract';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { DepositModal } from '../src/features/deposits/components/DepositModal';
import { json, logIn, mockApi, type Handler } from './api';
import { renderApp, renderUi } from './render';

// The deposit modal as the tests open it (alone, or from the member shell's action drawer), with the
// operator's channels and the API's QR answers stubbed.

type DepositLookup = ReturnType<typeof lookups.deposit.response.parse>;

export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';

/** A QR answer (GET or POST /api/qrcode/{provider}): none unless `over` says otherwise. */
export const qrRecord = (over: Partial<QrcodeRecord> = {}): QrcodeRecord =>
  deposits.qrcodeRecordSchema.parse({
    qrcodeId: '',
    hasQrcode: false,
    qrcode: '',
    payload: '',
    amount: 0,
    expireIn: 0,
    message: '',
    ...over,
  });

/** A QR for `amount` baht, to be paid within `ttlMs` from now. */
export const liveQr = (amount: number, ttlMs: number, over: Partial<QrcodeRecord> = {}) =>
  qrRecord({
    qrcodeId: 'Q1',
    hasQrcode: true,
    qrcode: QR_SVG,
    payload: '000201',
    amount,
    expireIn: Date.now() + ttlMs,
    ...over,
  });

/** One of the operator's deposit channels; a gateway's ("WW Pay") unless told otherwise. */
export const depositChannel = (bankCode: string, bankType: 'BANK' | 'PAYMENT' = 'PAYMENT', mode = '') => ({
  bankCode,
  bankType,
  mode,
  bank: { nameTH: `ช่องทาง ${bankCode}`, nameEN: `${bankCode} Pay` },
  bankAccountName: 'krapao co ltd',
  bankAccountNo: `${bankCode}-0001`,
  currency: 'BAHT' as const,
});

/** GET /api/lookup/deposit with these channels and no True Wallet. */
export const depositLookup = (banks: Array<ReturnType<typeof depositChannel>>): DepositLookup =>
  lookups.deposit.response.parse({ banks, wallets: [], isManual: false });

/** The deposit modal as the action drawer opens it, without the member shell; closing it closes it. */
function DepositModalAlone({ lookup }: { lookup: DepositLookup }) {
  const [opened, setOpened] = useState(true);
  return (
    <DepositModal
      opened={opened}
      onClose={() => setOpened(false)}
      lookup={lookup}
      loading={false}
      error={null}
      registeredAccount={undefined}
      memberPhone="0812345678"
      onNoticeSent={() => {}}
      onDeposited={() => {}}
    />
  );
}

/** Renders the deposit modal alone (the network stubbed beforehand); answers the app and the dialog. */
export async function renderDepositModal(lookup: DepositLookup, { locale = 'en' as Locale } = {}) {
  const app = await renderUi(<DepositModalAlone lookup={lookup} />, { locale });
  const dialog = await screen.findByRole('dialog');
  return { ...app, dialog };
}

/**
 * The member's home with the deposit modal opened from the action drawer, as a member opens it;
 * GET /api/lookup/deposit answers `lookup`.
 */
export async function openDepositFromHome(lookup: DepositLookup, handlers: Record<string, Handler> = {}) {
  logIn();
  const api = mockApi({ 'GET /api/lookup/deposit': () => json(lookup), ...handlers });
  const app = await renderApp('/user/home');
  await app.user.click(await screen.findByRole('button', { name: 'Open quick actions' }));
  const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
  await app.user.click(within(drawer).getByRole('button', { name: 'Deposit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
  return { ...app, api, dialog };
}
