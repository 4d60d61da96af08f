import { deposits, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, lookups } from '@krapao/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type Handler } from './api';
import { openDepositFromHome } from './deposit-modal';

const account = (
  bankCode: string,
  bankAccountNo: string,
  extra: Partial<{ bankType: 'BANK' | 'PAYMENT'; mode: string; currency: 'BAHT' | 'LAK' }> = {},
) => ({
  bankCode,
  bankType: 'BANK' as const,
  mode: 'MANUAL',
  // Thai banks have Lao names too (for Lao screens): a baht account's panel still names it in Thai.
  bank: { nameTH: `ธนาคาร ${bankCode}`, nameEN: `${bankCode} Bank`, nameLA: `ທະນາຄານ ${bankCode}` },
  bankAccountName: 'krapao co ltd',
  bankAccountNo,
  currency: 'BAHT' as const,
  ...extra,
});

const depositLookup = (isManual = false) =>
  lookups.deposit.response.parse({
    banks: [
      account('SCB', '1112223334'),
      account('KBANK', '1234567890', { mode: 'AUTO' }),
      account('GSB', '5556667778'),
      account('BCEL', '010120000123456', { currency: 'LAK' }),
      account('KTB', '9990001112'),
      account('KBANK', '4445556667', { mode: 'QR' }),
      account('WW', '0000000001', { bankType: 'PAYMENT', mode: 'AUTO' }),
    ],
    wallets: [{ mode: 'AUTO', walletAccountName: 'KRAPAO TW', walletPhone: '0891234567' }],
    isManual,
  });

async function openDeposit(handlers: Record<string, Handler> = {}, isManual = false) {
  const app = await openDepositFromHome(depositLookup(isManual), handlers);
  await within(app.dialog).findByRole('tab', { name: 'Bank transfer' });
  return app;
}

const panels = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('[data-panel]')].map((el) => ({
    kind: el.dataset.panel,
    no: within(el).getByTestId('deposit-account-no').textContent,
  }));

describe('deposit', () => {
  it('[DEP-1] the deposit modal has bank transfer, QR code and True Wallet sections', async () => {
    const { dialog, user } = await openDeposit();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Bank transfer', 'QR code', 'True Wallet']);
    await user.click(within(dialog).getByRole('tab', { name: 'True Wallet' }));
    const wallet = await within(dialog).findByRole('group', { name: 'True Wallet' });
    expect(within(wallet).getByTestId('wallet-name').textContent).toBe('KRAPAO TW');
  });

  it('[DEP-2] in manual mode every account shows the one generic panel', async () => {
    const { dialog } = await openDeposit({}, true);
    const shown = panels(dialog);
    // Every account of the member's currency: the baht member is not offered BCEL's kip account.
    expect(shown).toHaveLength(6);
    expect(new Set(shown.map((p) => p.kind))).toEqual(new Set(['generic']));
  });

  // BCEL's panel for a kip member, with its instruction image and the currency: laos-money.test.tsx.
  it('[DEP-3] the panel follows the bank code: SCB and GSB plain, KBANK AUTO; a kip account is not offered to a baht member', async () => {
    const { dialog } = await openDeposit();
    expect(panels(dialog)).toEqual([
      { kind: 'plain', no: '111-222-3334' },
      { kind: 'kbank-auto', no: '123-456-7890' },
      { kind: 'plain', no: '555-666-7778' },
      { kind: 'generic', no: '999-000-1112' },
    ]);
    const kbank = within(dialog).getByRole('group', { name: 'KBANK Bank 123-456-7890' });
    expect(within(kbank).getByText('Automatic')).toBeTruthy();
    expect(within(kbank).getByRole('button', { name: 'Copy account number' })).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: /BCEL Bank/ })).toBeNull();
  });

  it('[DEP-4] KBANK when not AUTO and payment providers go to the QR section', async () => {
    const { dialog, user } = await openDeposit();
    expect(within(dialog).queryByText('444-555-6667')).toBeNull();
    expect(within(dialog).queryByText('WW Bank')).toBeNull();
    await user.click(within(dialog).getByRole('tab', { name: 'QR code' }));
    const channels = await within(dialog).findByRole('radiogroup', { name: 'QR channels' });
    expect(within(channels).getAllByRole('radio')).toEqual([
      within(channels).getByRole('radio', { name: 'KBANK' }),
      within(channels).getByRole('radio', { name: 'WW' }),
    ]);
  });

  it('[DEP-5] names, upper-cased holder, formatted number, copy toasts and the registered account', async () => {
    const { dialog, user } = await openDeposit();
    const scb = within(dialog).getByRole('group', { name: 'SCB Bank 111-222-3334' });
    // In the reader's language first (English here), then as the bank's own app names it.
    const [first, second] = [within(scb).getByText('SCB Bank'), within(scb).getByText('ธนาคาร SCB')];
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(scb).getByTestId('deposit-account-name').textContent).toBe('KRAPAO CO LTD');
    expect(within(scb).getByTestId('deposit-account-no').textContent).toBe('111-222-3334');
    await user.click(within(scb).getByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByText('Copied: 1112223334')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('1112223334');
    // user-event installs its own clipboard on every action, so click without it here.
    const original = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
    Object.defineProperty(window.navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    fireEvent.click(within(scb).getByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    if (original) Object.defineProperty(window.navigator, 'clipboard', original);
    expect(
      within(dialog).getByText(
        'Transfer from your registered account and your wallet is credited within 1 minute.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByTestId('deposit-from').textContent).toContain('123-456-7890'),
    );
    expect(within(dialog).getByTestId('deposit-from').textContent).toContain('SOMCHAI JAIDEE');
  });

  it('[DEP-12] "I have transferred" records a notice with an Idempotency-Key', async () => {
    const { dialog, user, api } = await openDeposit({
      'POST /api/wallet/add': () =>
        json(
          deposits.addDepositNotice.response.parse({
            depositId: 'dep_1',
            amount: 500,
            status: 'PENDING',
            createdAt: new Date().toISOString(),
          }),
        ),
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have transferred' }));
    await user.type(within(dialog).getByLabelText('Amount transferred'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Send notice' }));
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toMatch(/looking for your transfer.*฿500\.00/);
    const [call] = api.callsTo('POST', '/api/wallet/add');
    expect(call?.body).toEqual({ amount: 500 });
    expect(call?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
