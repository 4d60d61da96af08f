import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, json, logIn, mockApi, profileFixture, walletFixture, type Handler } from './api';
import { gamesWallet, slotFixture, transferAnswer } from './games';
import { realtimeStub } from './realtime';
import { errorEn, renderApp } from './render';

// The action menu's transfer (TRF-1 to TRF-4) and the game balances beside the refresh tile (BAL-2), as a
// member uses them.

const pg = slotFixture('PG', { active: true, amount: 250 });
const ufabet = slotFixture('UFABET', { active: true, amount: 40 });

async function openTransfer(handlers: Record<string, Handler>) {
  logIn();
  const api = mockApi(handlers);
  const app = await renderApp('/user/home');
  await screen.findByRole('region', { name: 'Wallet' });
  await app.user.click(screen.getByRole('button', { name: 'Open quick actions' }));
  const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
  await app.user.click(within(drawer).getByRole('button', { name: 'Transfer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
  return { ...app, api, dialog };
}

const pick = (dialog: HTMLElement, label: 'From' | 'To') =>
  within(dialog).getByLabelText(label) as HTMLSelectElement;

describe('transfer modal', () => {
  it('[TRF-1] lists the wallet and the game accounts with their balances; says what is missing, the same account, the minimum', async () => {
    const { dialog, user, api } = await openTransfer({
      'GET /api/wallet': () => json(gamesWallet(500, [pg, ufabet, slotFixture('JOKER')])),
    });
    const from = pick(dialog, 'From');
    await waitFor(() =>
      expect(Array.from(from.options, (o) => o.textContent)).toEqual([
        'Choose an account',
        'Main wallet · ฿500.00',
        'PG · ฿250.00',
        'UFABET · ฿40.00',
      ]),
    );
    const submit = within(dialog).getByRole('button', { name: 'Transfer' });
    // No destination chosen.
    await user.click(submit);
    expect(within(dialog).getByText('Choose both accounts')).toBeTruthy();
    await user.selectOptions(pick(dialog, 'To'), 'WALLET');
    await user.click(submit);
    expect(within(dialog).getByText('Choose two different accounts')).toBeTruthy();
    await user.selectOptions(pick(dialog, 'To'), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '0.99');
    await user.click(submit);
    expect(within(dialog).getByText('The minimum transfer is ฿1.00')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
  });

  it('[TRF-1] [TRF-2] moves the amount with an Idempotency-Key and shows it done', async () => {
    const { dialog, user, api } = await openTransfer({
      'GET /api/wallet': () => json(gamesWallet(500, [pg, ufabet])),
      'POST /api/wallet/transfer': transferAnswer('SUCCESS', 450),
    });
    await user.selectOptions(pick(dialog, 'From'), 'PG');
    await user.selectOptions(pick(dialog, 'To'), 'UFABET');
    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    const done = await within(dialog).findByRole('status');
    expect(within(done).getByText('Transfer complete')).toBeTruthy();
    expect(within(done).getByTestId('transferred-amount').textContent).toBe('฿50.00');
    expect(within(done).getByText('PG → UFABET')).toBeTruthy();
    const [call] = api.callsTo('POST', '/api/wallet/transfer');
    expect(call?.body).toEqual({ from: 'PG', to: 'UFABET', amount: 50 });
    expect(call?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('[TRF-3] transfer everything: the whole wallet to a game, or a whole game back', async () => {
    const { dialog, user, api } = await openTransfer({
      'GET /api/wallet': () => json(gamesWallet(500, [pg])),
      'POST /api/wallet/transferAll': transferAnswer('SUCCESS', 0),
    });
    await user.selectOptions(pick(dialog, 'To'), 'PG');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Transfer everything (฿500.00)' }));
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('500');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await within(dialog).findByText('Transfer complete');
    expect(api.callsTo('POST', '/api/wallet/transferAll')[0]?.body).toEqual({ to: 'PG' });
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Transfer' }));
    const again = await screen.findByRole('dialog', { name: 'Transfer' });
    await user.selectOptions(pick(again, 'From'), 'PG');
    await user.selectOptions(pick(again, 'To'), 'WALLET');
    await user.click(within(again).getByRole('checkbox', { name: 'Transfer everything (฿250.00)' }));
    await user.click(within(again).getByRole('button', { name: 'Transfer' }));
    await within(again).findByText('Transfer complete');
    const calls = api.callsTo('POST', '/api/wallet/transferAll');
    expect(calls[1]?.body).toEqual({ to: 'WALLET', from: 'PG' });
    expect(calls[1]?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(calls[0]?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('[TRF-2] a refused transfer says the money is back in the wallet and the balances are read again', async () => {
    const { dialog, user, api } = await openTransfer({
      'GET /api/wallet': () => json(gamesWallet(500, [pg])),
      'POST /api/wallet/transfer': () => fail('TRANSFER_FAIL', 502),
    });
    const reads = api.callsTo('GET', '/api/wallet').length;
    await user.selectOptions(pick(dialog, 'To'), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText(errorEn('TRANSFER_FAIL'))).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(reads));
  });

  it('[TRF-4] TRANSFER_MINIMUM, NO_GAME and MONEY_NOT_ENOUGH are said in the member words', async () => {
    let code = 'MONEY_NOT_ENOUGH';
    const { dialog, user } = await openTransfer({
      'GET /api/wallet': () => json(gamesWallet(500, [pg])),
      'POST /api/wallet/transfer': () => fail(code, code === 'NO_GAME' ? 404 : 409),
    });
    await user.selectOptions(pick(dialog, 'To'), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '1000');
    for (const next of ['MONEY_NOT_ENOUGH', 'NO_GAME', 'TRANSFER_MINIMUM']) {
      code = next;
      await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
      expect(await within(dialog).findByText(errorEn(next))).toBeTruthy();
    }
  });

  it('[TRF-2] a transfer the game has not confirmed shows processing until the wallet says it settled', async () => {
    let settled = false;
    const { dialog, user } = await openTransfer({
      'GET /api/wallet': () =>
        json(
          settled
            ? gamesWallet(400, [{ ...pg, amount: 350 }])
            : gamesWallet(400, [pg], { pendingTransfers: 100 }),
        ),
      'POST /api/wallet/transfer': transferAnswer('PENDING', 400),
    });
    await user.selectOptions(pick(dialog, 'To'), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    const note = await within(dialog).findByTestId('transfer-processing');
    expect(note.textContent).toMatch(/has not confirmed yet/);
    expect(within(dialog).getByRole('heading', { name: 'Processing' })).toBeTruthy();
    // The reconciler settles it; the server tells the member's screen, which reads the wallet again.
    settled = true;
    realtimeStub.send({ type: 'balance' });
    await waitFor(() => expect(note.textContent).toMatch(/has settled/));
    expect(within(dialog).getByRole('heading', { name: 'Transfer complete' })).toBeTruthy();
  });

  it('[TRF-1] [SH-16] a kip member transfers kip: balances and the minimum in kip', async () => {
    const kip = { ...profileFixture, currency: 'LAK' as const };
    const { dialog, user } = await openTransfer({
      'GET /api/account/profile': () => json(kip),
      'GET /api/wallet': () =>
        json(
          walletFixture({
            profile: kip,
            wallet: { amount: 250000, currency: 'LAK' },
            slots: [pg],
            total: 250250,
          }),
        ),
    });
    await waitFor(() =>
      expect(pick(dialog, 'From').options[1]?.textContent).toBe('Main wallet · ₭250,000.00'),
    );
    await user.selectOptions(pick(dialog, 'To'), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('The minimum transfer is ₭1.00')).toBeTruthy();
  });
});

describe('refresh tile', () => {
  it('[BAL-2] the drawer lists each game balance, refreshed by the tile, a silent provider marked', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(gamesWallet(500, [pg, ufabet, slotFixture('JOKER')])),
      'GET /api/wallet/refresh/slot': () =>
        json(
          gamesWallet(500, [{ ...pg, amount: 310.5 }, { ...ufabet, stale: true }, slotFixture('JOKER')], {
            lastSyncAt: new Date().toISOString(),
          }),
        ),
    });
    const { user } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    const list = await within(drawer).findByTestId('game-balances');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByTestId('game-balance-PG').textContent).toBe('฿250.00');
    await user.click(within(drawer).getByRole('button', { name: /Refresh balances/ }));
    await waitFor(() => expect(within(list).getByTestId('game-balance-PG').textContent).toBe('฿310.50'));
    expect(within(list).getByText('Not updated')).toBeTruthy();
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1);
  });
});
