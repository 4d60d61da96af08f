import { deposits, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, lookups } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DepositModal } from '../src/features/deposits/components/DepositModal';
import { fail, json, mockApi, type Handler } from './api';
import { errorEn, renderApp, renderUi } from './render';

const GIFT_LINK = 'https://gift.truemoney.com/campaign/?v=019a3c5e7f2b4d6e8a0c1e3f5a7b9d1f';

const lookupWith = (mode: string) =>
  lookups.deposit.response.parse({
    banks: [],
    wallets: [
      { mode, walletAccountName: 'KRAPAO WALLET', walletPhone: '0991234567' },
      { mode: 'AUTO', walletAccountName: 'SECOND WALLET', walletPhone: '0990000000' },
    ],
    isManual: false,
  });

const redeemed =
  (amount: number): Handler =>
  () =>
    json(deposits.redeemTruelink.response.parse({ depositId: 'dep_tw1', amount, status: 'SUCCESS' }));

async function openWallet(mode: string, handlers: Record<string, Handler> = {}) {
  const api = mockApi(handlers);
  const onDeposited = vi.fn();
  const app = await renderUi(
    <DepositModal
      opened
      onClose={() => {}}
      lookup={lookupWith(mode)}
      loading={false}
      error={null}
      registeredAccount={undefined}
      memberPhone="0812345678"
      onNoticeSent={() => {}}
      onDeposited={onDeposited}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
  await app.user.click(within(dialog).getByRole('tab', { name: 'True Wallet' }));
  const panel = await within(dialog).findByRole('group', { name: 'True Wallet' });
  return { ...app, api, dialog, panel, onDeposited };
}

describe('True Wallet', () => {
  it('[DEP-10] an AUTO wallet shows its name, its phone with copy, and the registered-phone rule', async () => {
    const { panel, user } = await openWallet('AUTO');
    expect(within(panel).getByTestId('wallet-name').textContent).toBe('KRAPAO WALLET');
    expect(within(panel).getByTestId('wallet-phone').textContent).toBe('099-123-4567');
    expect(within(panel).getByTestId('wallet-rule').textContent).toBe(
      'Transfer from your registered phone 081-234-5678, minimum ฿2.00. Your wallet is credited automatically.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Copy phone number' }));
    expect(await screen.findByText('Copied: 0991234567')).toBeTruthy();
    expect(within(panel).queryByLabelText('Gift voucher link')).toBeNull();
  });

  it('[DEP-10] otherwise a gift link: empty cannot be sent; a redeemed link credits with a toast', async () => {
    const { panel, user, api, onDeposited } = await openWallet('', {
      'POST /api/wallet/truelink': redeemed(150),
    });
    const submit = within(panel).getByRole('button', { name: 'Deposit with this link' });
    const input = within(panel).getByLabelText('Gift voucher link');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(input, '   ');
    expect(submit).toHaveProperty('disabled', true);
    await user.clear(input);
    await user.paste(GIFT_LINK);
    expect(submit).toHaveProperty('disabled', false);
    await user.click(submit);
    expect(await screen.findByText('฿150.00 has been added to your wallet.')).toBeTruthy();
    expect(onDeposited).toHaveBeenCalledTimes(1);
    expect((input as HTMLInputElement).value).toBe('');
    const [call] = api.callsTo('POST', '/api/wallet/truelink');
    expect(call?.body).toEqual({ link: GIFT_LINK });
    expect(call?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it("[DEP-10] TRUELINK_DUPLICATE and TRUELINK_INVALID are shown in the member's words", async () => {
    const answers = [fail('TRUELINK_DUPLICATE'), fail('TRUELINK_INVALID')];
    const { panel, user, api, onDeposited } = await openWallet('', {
      'POST /api/wallet/truelink': () => answers.shift() ?? fail('INTERNAL_SERVER_ERROR', 500),
    });
    const input = within(panel).getByLabelText('Gift voucher link');
    await user.click(input);
    await user.paste(GIFT_LINK);
    await user.click(within(panel).getByRole('button', { name: 'Deposit with this link' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(errorEn('TRUELINK_DUPLICATE'));
    await user.clear(input);
    expect(within(panel).queryByRole('alert')).toBeNull();
    await user.paste('019a3c5e7f');
    await user.click(within(panel).getByRole('button', { name: 'Deposit with this link' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(errorEn('TRUELINK_INVALID'));
    expect(onDeposited).not.toHaveBeenCalled();
    // A refusal is a final answer: the next link goes with a new key.
    const [first, second] = api.callsTo('POST', '/api/wallet/truelink');
    expect(second?.body).toEqual({ link: '019a3c5e7f' });
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(first?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('[DEP-10] [SH-11] from the quick actions, a redeemed link refreshes the wallet balance', async () => {
    localStorage.setItem('token', 'tok_member');
    const api = mockApi({
      'GET /api/lookup/deposit': () => json(lookupWith('')),
      'POST /api/wallet/truelink': redeemed(20),
    });
    const { user } = await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    await user.click(await within(dialog).findByRole('tab', { name: 'True Wallet' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(0));
    const before = api.callsTo('GET', '/api/wallet').length;
    await user.click(within(dialog).getByLabelText('Gift voucher link'));
    await user.paste(GIFT_LINK);
    await user.click(within(dialog).getByRole('button', { name: 'Deposit with this link' }));
    expect(await screen.findByText('฿20.00 has been added to your wallet.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBe(before + 1));
  });
});
