import { invite, type Invitee } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InviteModal } from '../src/features/invite/components/InviteModal';
import { formatDateTime } from '../src/lib/format';
import { fail, json, logIn, mockApi, walletFixture, type Handler } from './api';
import { errorEn, renderApp, renderUi } from './render';

const banners: Handler = () =>
  json(
    invite.banners.response.parse({
      active: true,
      banners: [
        {
          image: '/programmes/invite-1.svg',
          html: {
            th: '<p>ชวนเพื่อน</p>',
            la: '<p>ຊວນໝູ່</p>',
            en: '<p><b>Invite friends</b>, earn 0.5%<script>window.hacked = 1</script></p>',
          },
        },
        { image: '/programmes/invite-2.svg', html: { en: '<p>Send your link</p>' } },
      ],
    }),
  );

const invitees = (total: number, page: number): Invitee[] =>
  Array.from({ length: Math.min(10, total - (page - 1) * 10) }, (_, i) => ({
    from: { name: `F*** ${(page - 1) * 10 + i + 1}` },
    amount: 1.25,
    createdAt: '2026-11-20T03:04:05.000Z',
  }));

const list =
  (total: number): Handler =>
  (call) => {
    const { page } = call.body as { page: number };
    return json(invite.list.response.parse({ total, invites: invitees(total, page) }));
  };

const summary = { amount: 12.5, success: 100, fail: 10 };

async function openModal(handlers: Record<string, Handler>) {
  const api = mockApi({ 'GET /api/invite/banners': banners, ...handlers });
  const onCollected = vi.fn();
  const app = await renderUi(
    <InviteModal
      opened
      onClose={() => {}}
      memberId="u_8f3a21"
      summary={summary}
      currency="BAHT"
      onCollected={onCollected}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
  return { ...app, api, dialog, onCollected };
}

describe('invite modal', () => {
  it('[INV-1] banners with the operator’s text (cleaned), the invite link /register?code=PR<id> with copy, the bonus with its success and fail percentages', async () => {
    const { dialog, user } = await openModal({ 'POST /api/invite': list(0) });
    const shown = await within(dialog).findAllByTestId('banner');
    expect(shown).toHaveLength(2);
    expect(shown[0]!.querySelector('img')!.getAttribute('src')).toBe('/programmes/invite-1.svg');
    expect(shown[0]!.textContent).toBe('Invite friends, earn 0.5%');
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByTestId('invite-link').textContent).toBe(
      `${window.location.origin}/register?code=PRu_8f3a21`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy invite link' }));
    expect(
      await screen.findByText(`Copied: ${window.location.origin}/register?code=PRu_8f3a21`),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('invite-amount').textContent).toMatch(/12\.50/);
    expect(within(dialog).getByTestId('invite-percents').textContent).toBe('Turnover 100%Ends below 10%');
    expect(await within(dialog).findByTestId('invitees-empty')).toBeTruthy();
  });

  it('[INV-1] invitees 10 a page: name, what they earned the member, when they joined', async () => {
    const { dialog, user, api } = await openModal({ 'POST /api/invite': list(23) });
    await waitFor(() => expect(within(dialog).getAllByTestId('invitee-row')).toHaveLength(10));
    expect(api.callsTo('POST', '/api/invite')[0]!.body).toEqual({ page: 1, limit: 10 });
    const first = within(dialog).getAllByTestId('invitee-row')[0]!;
    expect(within(first).getByTestId('invitee-name').textContent).toBe('F*** 1');
    expect(within(first).getByTestId('invitee-amount').textContent).toMatch(/1\.25/);
    expect(within(first).getByTestId('invitee-date').textContent).toBe(
      formatDateTime('2026-11-20T03:04:05.000Z'),
    );
    expect(within(dialog).getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('invitee-row')).toHaveLength(3));
    expect(within(dialog).getByText('Page 3 of 3')).toBeTruthy();
    expect(api.callsTo('POST', '/api/invite').map((c) => (c.body as { page: number }).page)).toEqual([
      1, 2, 3,
    ]);
  });

  it('[INV-1] receive collects the bonus (GET /api/invite/bonus) and says so; a refusal is said in the member’s words', async () => {
    let answer: Handler = () =>
      json({ message: 'INVITE_BONUS_SUCCESS', amount: 12.5, percentSuccess: 100, percentFail: 10 });
    const { dialog, user, api, onCollected } = await openModal({
      'POST /api/invite': list(0),
      'GET /api/invite/bonus': (c) => answer(c),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
    expect(await screen.findByText(/Invite bonus received: .*12\.50/)).toBeTruthy();
    expect(onCollected).toHaveBeenCalledTimes(1);
    expect(api.callsTo('GET', '/api/invite/bonus')).toHaveLength(1);
    // The invitee list is asked again after a collection.
    await waitFor(() => expect(api.callsTo('POST', '/api/invite').length).toBeGreaterThan(1));

    for (const code of [
      'INVITE_COLLECT',
      'NO_INVITE_BONUS',
      'NO_INVITEE_PLAY_INFO',
      'INVITE_BONUS_FAIL',
      'INVITE_INACTIVE',
    ]) {
      answer = () => fail(code);
      await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
      expect(await screen.findByText(errorEn(code))).toBeTruthy();
    }
    expect(onCollected).toHaveBeenCalledTimes(1);
  });

  it('[INV-1] the Invite friends tile of the action drawer opens the invite modal', async () => {
    logIn();
    mockApi({
      'GET /api/invite/banners': banners,
      'POST /api/invite': list(1),
      'GET /api/wallet': () => json(walletFixture({ invite: summary })),
    });
    const { user } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Invite friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(await within(dialog).findAllByTestId('invitee-row')).toHaveLength(1);
    expect(within(dialog).getByTestId('invite-link').textContent).toMatch(/\/register\?code=PRu_8f3a21$/);
  });
});

describe('invite bonus card', () => {
  it('[HOME-1] the home shows the invite bonus card with its receive button and a switch between the cash card and the bonus card', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(walletFixture({ invite: summary })),
      'GET /api/invite/bonus': () =>
        json({ message: 'INVITE_BONUS_SUCCESS', amount: 12.5, percentSuccess: 100, percentFail: 10 }),
    });
    const { user, container } = await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Invite bonus' });
    await waitFor(() => expect(within(card).getByTestId('invite-card-amount').textContent).toMatch(/12\.50/));
    expect(within(card).getByTestId('invite-card-percents').textContent).toBe(
      'Turnover 100% · Ends below 10%',
    );

    // The switch (shown on a phone): the cash card first, then the bonus card.
    const cards = container.querySelector('.home-cards')!;
    const choice = screen.getByRole('radiogroup', { name: 'Show' });
    expect(cards.getAttribute('data-shown')).toBe('cash');
    await user.click(within(choice).getByRole('radio', { name: 'Invite bonus' }));
    expect(cards.getAttribute('data-shown')).toBe('bonus');

    await user.click(within(card).getByRole('button', { name: 'Receive bonus' }));
    expect(await screen.findByText(/Invite bonus received/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/invite/bonus')).toHaveLength(1);
    // The wallet is asked again: the balance and the summary change.
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(1));
  });

  it('[HOME-1] with nothing to receive the card’s receive button is disabled', async () => {
    logIn();
    mockApi({
      'GET /api/wallet': () => json(walletFixture({ invite: { amount: 0, success: 100, fail: 10 } })),
    });
    await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Invite bonus' });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Receive bonus' }).hasAttribute('disabled')).toBe(true),
    );
  });
});
