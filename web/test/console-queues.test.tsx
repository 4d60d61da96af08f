// The console's queue tiles (live through the staff socket's nudge) and the chat console. socket.io-client
// is replaced by a recorder: the test fires the server's "queues changed" itself.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consoleQueues, QUEUES_CHANGED_EVENT, type QueuedWithdrawal, type QueueTile } from '@krapao/contract';
import { fail, json } from './api';
import { approvalFixture, FIRST_LOAD, meFixture, renderConsole, STAFF_TOKEN } from './console';

type Listener = (...args: unknown[]) => void;
const sockets: Array<{ auth: unknown; fire: (event: string, ...args: unknown[]) => void; closed: boolean }> =
  [];
vi.mock('socket.io-client', () => ({
  io: (opts: { auth: unknown }) => {
    const listeners = new Map<string, Set<Listener>>();
    const made = {
      auth: opts.auth,
      closed: false,
      fire: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args)),
    };
    sockets.push(made);
    const socket = {
      on(event: string, fn: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(fn);
        return socket;
      },
      close() {
        made.closed = true;
      },
    };
    return socket;
  },
}));

const tile = (queue: QueueTile['queue'], count: number, amount: number): QueueTile =>
  consoleQueues.queueTileSchema.parse({
    queue,
    count,
    oldestAt: '2026-11-26T02:00:00.000Z',
    oldestAgeS: 75 * 60,
    sums: queue === 'chats' ? [] : [{ currency: 'BAHT', amount }],
  });

/** A slip the verifier refused: the member was told it could not be read. */
const refusedSlip = consoleQueues.queuedSlipSchema.parse({
  slipId: 'S1',
  memberId: 'm1',
  phone: '0812345678',
  status: 'FAILED',
  note: 'CANNOT_READ_CROPPED_IMAGE',
  amount: null,
  currency: 'BAHT',
  createdAt: '2026-11-26T02:00:00.000Z',
  reference: null,
  hasPicture: true,
});

/** A withdrawal waiting in the queue, as the server lists it. */
const queuedWithdrawal = (
  w: { withdrawalId: string; amount: number } & Partial<Pick<QueuedWithdrawal, 'sinceDeposit'>>,
) =>
  consoleQueues.queuedWithdrawalSchema.parse({
    sinceDeposit: { at: '2026-11-26T01:00:00.000Z', amount: 1000, bets: 2500, net: -150.5 },
    ...w,
    memberId: 'm1',
    phone: '0812345678',
    name: 'Somchai Jaidee',
    currency: 'BAHT',
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    bankAccountName: 'SOMCHAI JAIDEE',
    createdAt: '2026-11-26T02:00:00.000Z',
    heldFor: null,
    approvalId: null,
    needsSecondApproval: false,
  });

describe('console queues', () => {
  it('[console] the home tiles show count, oldest age and sum, change live on the staff socket (the approvals tile too), and open their queue', async () => {
    let count = 2;
    const view = await renderConsole('/console', 'finance', {
      'GET /api/console/queues': () =>
        json({ tiles: [tile('bankLines', count, count * 100.25)], at: '2026-11-26T03:15:00.000Z' }),
      'GET /api/console/approvals': () => json({ items: count > 2 ? [approvalFixture()] : [] }),
      'GET /api/console/queues/bank-lines': () =>
        json({
          items: [
            {
              reference: 'REF1',
              fromBankCode: 'KBANK',
              fromAccountNo: 'xxx1234',
              toAccountNo: '0481234567',
              amount: 300,
              currency: 'BAHT',
              receivedAt: '2026-11-26T02:00:00.000Z',
              candidates: [
                {
                  memberId: 'm1',
                  phone: '0812345678',
                  name: 'Somchai',
                  why: ['notice'],
                  noticeId: 'D9',
                  noticeAmount: 302,
                },
              ],
            },
          ],
        }),
      'POST /api/console/queues/bank-lines/REF1/match': () =>
        json({ reference: 'REF1', memberId: 'm1', depositId: 'D9' }),
    });
    const card = await screen.findByTestId('queue-bankLines', {}, FIRST_LOAD);
    expect(within(card).getByText('2')).toBeTruthy();
    expect(within(card).getByText('Oldest waiting 1 h 15 min')).toBeTruthy();
    expect(within(card).getByText('200.50 THB')).toBeTruthy();
    // The staff socket authenticates with the staff token, never a member's.
    await waitFor(() => expect(sockets.at(-1)?.auth).toEqual({ staffToken: STAFF_TOKEN }));
    count = 3;
    sockets.at(-1)!.fire(QUEUES_CHANGED_EVENT);
    await waitFor(() => expect(within(screen.getByTestId('queue-bankLines')).getByText('3')).toBeTruthy());
    expect(within(screen.getByTestId('queue-bankLines')).getByText('300.75 THB')).toBeTruthy();
    // Another staff member's request for a second person reaches the approvals tile with the same nudge.
    await waitFor(() => expect(screen.getByTestId('tile-approvals').textContent).toBe('1'));

    await view.user.click(screen.getByTestId('queue-bankLines'));
    await screen.findByText('Somchai · 0812345678', {}, FIRST_LOAD);
    await view.user.click(screen.getByRole('button', { name: 'Credit' }));
    // Money moves only once the staff member has seen how much and to whom.
    const confirm = await screen.findByRole('dialog', { name: 'Credit this money to the member?' });
    expect(within(confirm).getByTestId('confirm-amount').textContent).toBe('300.00 THB');
    expect(within(confirm).getByTestId('confirm-member').textContent).toBe('Somchai · 081-234-5678');
    expect(view.api.callsTo('POST', '/api/console/queues/bank-lines/REF1/match')).toEqual([]);
    await view.user.click(within(confirm).getByRole('button', { name: 'Credit' }));
    await waitFor(() =>
      expect(view.api.callsTo('POST', '/api/console/queues/bank-lines/REF1/match')[0]?.body).toEqual({
        phone: '0812345678',
        noticeId: 'D9',
      }),
    );
  });

  it('[console] a credit to a typed phone names its member first; a phone no member has cannot be confirmed', async () => {
    const line = {
      reference: 'REF2',
      fromBankCode: 'SCB',
      fromAccountNo: 'xxx9876',
      toAccountNo: '0481234567',
      amount: 777,
      currency: 'BAHT',
      receivedAt: '2026-11-26T02:00:00.000Z',
      candidates: [],
    };
    const somchai = {
      memberId: 'm1',
      phone: '0812345678',
      name: 'Somchai Jaidee',
      status: 'ACTIVE',
      currency: 'BAHT',
      createdAt: '2024-03-05T14:07:09.000Z',
    };
    const view = await renderConsole('/console/queues/bankLines', 'finance', {
      'GET /api/console/queues/bank-lines': () => json({ items: [line] }),
      'GET /api/console/members': ({ query }) =>
        json({ items: query.get('q') === '0812345678' ? [somchai] : [] }),
      'POST /api/console/queues/bank-lines/REF2/match': () =>
        json({ reference: 'REF2', memberId: 'm1', depositId: 'D10' }),
    });
    const phone = await screen.findByLabelText('Member phone', {}, FIRST_LOAD);
    await view.user.type(phone, '081-999-0000');
    await view.user.click(screen.getByRole('button', { name: 'Credit to phone' }));
    let confirm = await screen.findByRole('dialog', { name: 'Credit this money to the member?' });
    expect(await within(confirm).findByText('No account was found for this phone number.')).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'Credit' })).toHaveProperty('disabled', true);
    await view.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await view.user.clear(phone);
    await view.user.type(phone, '081-234-5678');
    await view.user.click(screen.getByRole('button', { name: 'Credit to phone' }));
    confirm = await screen.findByRole('dialog', { name: 'Credit this money to the member?' });
    await waitFor(() =>
      expect(within(confirm).getByTestId('confirm-member').textContent).toBe('Somchai Jaidee · 081-234-5678'),
    );
    expect(within(confirm).getByTestId('confirm-amount').textContent).toBe('777.00 THB');
    await view.user.click(within(confirm).getByRole('button', { name: 'Credit' }));
    await waitFor(() =>
      expect(view.api.callsTo('POST', '/api/console/queues/bank-lines/REF2/match')[0]?.body).toEqual({
        phone: '081-234-5678',
      }),
    );
  });

  it('[console] a tile whose waiting money is not known yet (slips never read) shows no 0.00 sum', async () => {
    await renderConsole('/console', 'finance', {
      'GET /api/console/queues': () =>
        json({ tiles: [tile('slips', 2, 0), tile('withdrawals', 1, 160.5)], at: '2026-11-26T03:15:00.000Z' }),
      'GET /api/console/approvals': () => json({ items: [] }),
    });
    const slips = await screen.findByTestId('queue-slips', {}, FIRST_LOAD);
    expect(within(slips).getByText('2')).toBeTruthy();
    expect(within(slips).queryByText(/0\.00/)).toBeNull();
    expect(within(screen.getByTestId('queue-withdrawals')).getByText('160.50 THB')).toBeTruthy();
  });

  it("[console] the slips queue says a slip's state and why it was refused in words, and opens its member", async () => {
    const { user, router } = await renderConsole('/console/queues/slips', 'finance', {
      'GET /api/console/queues/slips': () => json({ items: [refusedSlip] }),
      'GET /api/console/members/m1': () => fail('NO_USER', 404),
    });
    expect(await screen.findByText('Refused', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Incorrect slip')).toBeTruthy();
    expect(screen.queryByText('CANNOT_READ_CROPPED_IMAGE')).toBeNull();
    await user.click(screen.getByRole('link', { name: '081-234-5678' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/members/m1'));
  });

  it("[console] [SLIP-4] a slip's picture opens from the queue; a refused one marked handled leaves it", async () => {
    let handled = false;
    const { user, api } = await renderConsole('/console/queues/slips', 'finance', {
      'GET /api/console/queues/slips': () => json({ items: handled ? [] : [refusedSlip] }),
      'GET /api/console/queues/slips/S1/picture': () =>
        json({ url: '/api/statement/slip/image/S1?exp=1&sig=abc' }),
      'POST /api/console/queues/slips/S1/handled': () => {
        handled = true;
        return json({ slipId: 'S1', handledBy: 'finance.one' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Picture' }, FIRST_LOAD));
    const picture = await screen.findByRole('dialog', { name: 'Slip picture' });
    expect((await within(picture).findByRole('img')).getAttribute('src')).toBe(
      '/api/statement/slip/image/S1?exp=1&sig=abc',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Handled' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark this slip as handled?' });
    await user.type(within(confirm).getByLabelText('Reason (optional)'), 'credited from the bank line');
    await user.click(within(confirm).getByRole('button', { name: 'Handled' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/console/queues/slips/S1/handled')[0]?.body).toEqual({
        reason: 'credited from the bank line',
      }),
    );
    expect(await screen.findByText('Nothing waiting')).toBeTruthy();
  });

  it('[console] approving a withdrawal under the second-approval amount asks to approve and pay, and pays it', async () => {
    let paid = false;
    const withdrawal = queuedWithdrawal({ withdrawalId: 'W2', amount: 300 });
    const view = await renderConsole('/console/queues/withdrawals', 'finance', {
      'GET /api/console/queues/withdrawals': () => json({ items: paid ? [] : [withdrawal] }),
      'POST /api/console/queues/withdrawals/W2/approve': () => {
        paid = true;
        return json({ withdrawalId: 'W2', status: 'PAID' });
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Approve' }, FIRST_LOAD));
    expect(screen.queryByText('Needs two approvals')).toBeNull();
    const confirm = await screen.findByRole('dialog', { name: 'Approve and pay this withdrawal?' });
    expect(within(confirm).queryByTestId('confirm-note')).toBeNull();
    await view.user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(view.api.callsTo('POST', '/api/console/queues/withdrawals/W2/approve')).toHaveLength(1),
    );
    expect(await screen.findByText('Nothing waiting')).toBeTruthy();
  });

  it('[console] each queued withdrawal says what came before it: the last deposit and the play since, unplayed money flagged', async () => {
    await renderConsole('/console/queues/withdrawals', 'finance', {
      'GET /api/console/queues/withdrawals': () =>
        json({
          items: [
            queuedWithdrawal({ withdrawalId: 'W1', amount: 300 }),
            queuedWithdrawal({
              withdrawalId: 'W2',
              amount: 500,
              sinceDeposit: { at: '2026-11-26T01:30:00.000Z', amount: 500, bets: 0, net: 0 },
            }),
            queuedWithdrawal({ withdrawalId: 'W3', amount: 50, sinceDeposit: null }),
          ],
        }),
    });
    expect(
      await screen.findByRole('columnheader', { name: 'Since the last deposit' }, FIRST_LOAD),
    ).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('since-deposit').textContent).toBe(
      'Deposited 1,000.00 THB · 26/11/2026 08:00:00Bets 2,500.00 THB · result -150.50 THB',
    );
    expect(within(rows[1]!).getByTestId('since-deposit').textContent).toBe(
      'Deposited 500.00 THB · 26/11/2026 08:30:00Not played since',
    );
    expect(within(rows[2]!).getByText('No deposit yet')).toBeTruthy();
  });

  it('[console] approving a withdrawal above the second-approval amount says it waits for another person, and its row says so', async () => {
    let asked = false;
    const withdrawal = queuedWithdrawal({ withdrawalId: 'W1', amount: 1200 });
    const view = await renderConsole('/console/queues/withdrawals', 'finance', {
      'GET /api/console/queues/withdrawals': () =>
        json({ items: [{ ...withdrawal, approvalId: asked ? 'A1' : null, needsSecondApproval: !asked }] }),
      'POST /api/console/queues/withdrawals/W1/approve': () => {
        asked = true;
        return json({ withdrawalId: 'W1', status: 'AWAITING_APPROVAL', approvalId: 'A1' });
      },
    });
    // The row and the question say that yes asks another person, and pays nothing yet.
    expect(await screen.findByText('Needs two approvals', {}, FIRST_LOAD)).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve and send for a second approval?' });
    expect(within(confirm).getByTestId('confirm-note').textContent).toBe(
      'This amount needs two approvals: another staff member decides it in Approvals, and only then is it paid.',
    );
    expect(within(confirm).getByTestId('confirm-amount').textContent).toBe('1,200.00 THB');
    expect(within(confirm).getByTestId('confirm-member').textContent).toBe('Somchai Jaidee · 081-234-5678');
    expect(within(confirm).getByText('KBANK 1234567890 · SOMCHAI JAIDEE')).toBeTruthy();
    await view.user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Sent for a second approval: another staff member decides it in Approvals.'),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Waiting for a second approval' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByText('Needs two approvals')).toBeNull();
  });

  it('[console] the chat console: longest waiting first, the member beside the thread, an edited quick reply, assign', async () => {
    const conversation = (id: string, name: string, waitingSince: string | null) => ({
      id,
      memberId: `m${id}`,
      guestId: null,
      name,
      phone: `08100000${id}`,
      unread: 1,
      waitingSince,
      lastMessageAt: '2026-11-26T02:00:00.000Z',
      closed: false,
      assignedTo: null,
    });
    const view = await renderConsole('/console/chat', 'support', {
      'GET /api/console/chats': () =>
        json({
          items: [conversation('11', 'Somchai', '2026-11-26T01:00:00.000Z'), conversation('12', 'Noi', null)],
        }),
      'GET /api/console/chats/11': () =>
        json({
          conversation: conversation('11', 'Somchai', '2026-11-26T01:00:00.000Z'),
          messages: [
            {
              id: '1',
              seq: 1,
              sender: 'customer',
              message: { message_type: 'text', payload: { text: 'my deposit has not arrived' } },
              createdAt: '2026-11-26T01:00:00.000Z',
              userId: 'm11',
              guestId: null,
              name: null,
              clientId: null,
              readAt: null,
            },
          ],
          member: {
            memberId: 'm11',
            name: 'Somchai',
            phone: '0810000011',
            currency: 'BAHT',
            balance: 1250.5,
            deposits: [
              { amount: 500, channel: 'BANK', status: 'SUCCESS', createdAt: '2026-11-25T10:00:00.000Z' },
            ],
          },
        }),
      'POST /api/console/chats/11/messages': (call) =>
        json({
          id: '2',
          seq: 2,
          sender: 'operator',
          message: (call.body as { message: unknown }).message,
          createdAt: '2026-11-26T03:00:00.000Z',
          userId: 'm11',
          guestId: null,
          name: 'support.one',
          clientId: null,
          readAt: null,
        }),
      'POST /api/console/chats/11/assign': () =>
        json({ ...conversation('11', 'Somchai', '2026-11-26T01:00:00.000Z'), assignedTo: 'support.one' }),
    });
    await screen.findByText('my deposit has not arrived', {}, FIRST_LOAD);
    const items = screen.getAllByTestId(/^chat-1/);
    expect(items.map((x) => x.getAttribute('data-testid'))).toEqual(['chat-11', 'chat-12']);
    const member = screen.getByTestId('chat-member');
    expect(within(member).getByText('1,250.50 THB')).toBeTruthy();
    expect(within(member).getByText('500.00 THB')).toBeTruthy();

    await view.user.click(screen.getByRole('button', { name: 'Quick replies' }));
    await view.user.click(await screen.findByRole('menuitem', { name: /checking this now/ }));
    const box = screen.getByLabelText('Write a reply…');
    expect((box as HTMLTextAreaElement).value).toBe(
      'Thank you, we are checking this now. Please wait a moment.',
    );
    await view.user.type(box, ' About 5 minutes.');
    await view.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(view.api.callsTo('POST', '/api/console/chats/11/messages')[0]?.body).toEqual({
        message: {
          message_type: 'text',
          payload: { text: 'Thank you, we are checking this now. Please wait a moment. About 5 minutes.' },
        },
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Take it' }));
    await waitFor(() => expect(view.api.callsTo('POST', '/api/console/chats/11/assign')).toHaveLength(1));
  });
  it("[console] a member who wrote in Lao is offered the quick replies in Lao, whatever the console's language", async () => {
    const conversation = {
      id: '21',
      memberId: 'm21',
      guestId: null,
      name: 'Khamla',
      phone: '02055512345',
      unread: 1,
      waitingSince: '2026-11-26T01:00:00.000Z',
      lastMessageAt: '2026-11-26T01:00:00.000Z',
      closed: false,
      assignedTo: null,
    };
    const view = await renderConsole('/console/chat', 'support', {
      'GET /api/console/chats': () => json({ items: [conversation] }),
      'GET /api/console/chats/21': () =>
        json({
          conversation,
          messages: [
            {
              id: '1',
              seq: 1,
              sender: 'customer',
              message: { message_type: 'text', payload: { text: 'ເງິນຝາກຂອງຂ້ອຍຍັງບໍ່ເຂົ້າ' } },
              createdAt: '2026-11-26T01:00:00.000Z',
              userId: 'm21',
              guestId: null,
              name: null,
              clientId: null,
              readAt: null,
            },
          ],
          member: null,
        }),
    });
    await screen.findByText('ເງິນຝາກຂອງຂ້ອຍຍັງບໍ່ເຂົ້າ', {}, FIRST_LOAD);
    await view.user.click(screen.getByRole('button', { name: 'Quick replies' }));
    expect(await screen.findByText("In ພາສາລາວ, the member's language")).toBeTruthy();
    await view.user.click(await screen.findByRole('menuitem', { name: 'ຂອບໃຈ ກຳລັງກວດສອບໃຫ້ ກະລຸນາລໍຖ້າຈັກໜ້ອຍ' }));
    expect((screen.getByLabelText('Write a reply…') as HTMLTextAreaElement).value).toBe(
      'ຂອບໃຈ ກຳລັງກວດສອບໃຫ້ ກະລຸນາລໍຖ້າຈັກໜ້ອຍ',
    );
  });

  it('[console] the server closing the staff socket (the session ended) takes the tab to the sign-in page', async () => {
    let ended = false;
    await renderConsole('/console', 'finance', {
      'GET /api/console/me': () => (ended ? fail('UNAUTHORIZED', 401) : json(meFixture('finance'))),
      'GET /api/console/queues': () => json({ tiles: [], at: '2026-11-26T03:15:00.000Z' }),
      'GET /api/console/approvals': () => json({ items: [] }),
    });
    await screen.findByTestId('console-username', {}, FIRST_LOAD);
    await waitFor(() => expect(sockets.at(-1)?.auth).toEqual({ staffToken: STAFF_TOKEN }));
    // An admin disabled this staff member: the server ends the session and closes its sockets.
    ended = true;
    sockets.at(-1)!.fire('disconnect', 'io server disconnect');
    await screen.findByText('Your session has ended. Please sign in again.', {}, FIRST_LOAD);
    expect(sessionStorage.getItem('console_token')).toBeNull();
  });
});
