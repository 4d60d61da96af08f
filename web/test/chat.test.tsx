import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from '../src/features/chat/components/ChatWidget';
import { json, logIn, mockApi } from './api';
import { chatMessage, chatServer, FakeUpload, GUEST, PREFIX, sockets, textOf } from './chat';
import { renderApp, renderUi } from './render';

// The web's chat: the widget on the contact pages, its conversation over HTTP and the room on
// the page's socket, as a visitor (a guest) and as a member. The server is played by test/chat.ts.

vi.mock('../src/lib/realtime-socket', async () => ({
  acquireSocket: (await import('./chat')).acquireFakeSocket,
}));

beforeEach(() => {
  sockets.reset();
  FakeUpload.all = [];
});
afterEach(() => sockets.reset());

const guestWidget = () => renderUi(<ChatWidget member={null} />);

/** Opens the widget and waits for its panel. */
async function openChat(user: { click: (el: Element) => Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Chat with us' }));
  return screen.findByRole('dialog', { name: 'Chat with Krapao support' });
}

/** A visitor's open widget on a conversation of one message, its first page read and its room joined. */
async function joinedWithWelcome() {
  const server = chatServer([chatMessage(1, 'bot', textOf('Welcome'))]);
  const api = mockApi(server.handlers);
  await renderUi(<ChatWidget member={null} defaultOpen />);
  const panel = await screen.findByRole('dialog', { name: 'Chat with Krapao support' });
  await within(panel).findByText('Welcome');
  await waitFor(() => expect(sockets.opened).toHaveLength(1));
  const socket = sockets.last();
  socket.up();
  await within(panel).findByText('Online');
  return { server, api, panel, socket };
}

describe('the chat widget on the contact pages', () => {
  it('[CHAT-1] /contact keeps the QR, the contact text and the version, and offers the chat when it is on', async () => {
    const server = chatServer();
    mockApi(server.handlers);
    await renderApp('/contact');
    expect(await screen.findByText('We answer 24/7.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code to add our support account' })).toBeTruthy();
    expect(screen.getByText('Version 1.1.14')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Chat with us' })).toBeTruthy();
  });

  it('[CHAT-1] no chat button when /api/lookup/enableChatWidget says off, or the chat backend is off', async () => {
    const server = chatServer();
    const api = mockApi({
      ...server.handlers,
      'GET /api/lookup/enableChatWidget': () => json({ enabled: false }),
    });
    const first = await renderApp('/contact');
    await screen.findByText('We answer 24/7.');
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/enableChatWidget')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Chat with us' })).toBeNull();
    expect(api.callsTo('GET', '/api/chat/config')).toHaveLength(0);
    first.unmount();

    const off = mockApi({
      ...server.handlers,
      'GET /api/chat/config': () => json({ PREFIX, enabled: false }),
    });
    await renderApp('/contact');
    await waitFor(() => expect(off.callsTo('GET', '/api/chat/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Chat with us' })).toBeNull();
    expect(off.callsTo('POST', '/api/chat/guest')).toHaveLength(0);
  });

  it('[CHAT-2] the button opens and closes the panel; the history shows 10 at a time, older ones on scrolling to the top', async () => {
    const history = Array.from({ length: 25 }, (_, i) =>
      chatMessage(i + 1, i % 2 ? 'operator' : 'customer', textOf(`message ${i + 1}`)),
    );
    const server = chatServer(history);
    const api = mockApi(server.handlers);
    const { user } = await guestWidget();
    const panel = await openChat(user);
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    await within(log).findByText('message 25');
    expect(within(log).getAllByTestId('chat-message')).toHaveLength(10);
    expect(within(log).queryByText('message 15')).toBeNull();
    expect(api.callsTo('POST', '/api/chat/history')[0]!.body).toEqual({
      guestId: GUEST.guestId,
      limit: 10,
      skip: 0,
    });

    // Scrolled to the top: the ten before, above, and the view stays on what the customer was reading.
    const scroller = log.parentElement!;
    let height = 1000;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 400 });
    scroller.scrollTop = 10;
    fireEvent.scroll(scroller);
    height = 2000; // with the older page above
    await within(log).findByText('message 15');
    expect(api.callsTo('POST', '/api/chat/history').at(-1)!.body).toMatchObject({ limit: 10, skip: 10 });
    const texts = within(log)
      .getAllByTestId('chat-message')
      .map((li) => li.textContent);
    expect(texts[0]).toContain('message 6');
    expect(texts.at(-1)).toContain('message 25');
    // 1000 - 10 was the distance from the bottom; kept in the taller list.
    expect(scroller.scrollTop).toBe(2000 - 990);

    // The last page: five more, and nothing older to ask for.
    await user.click(within(panel).getByRole('button', { name: 'Show earlier messages' }));
    await within(log).findByText('message 1');
    expect(within(log).getAllByTestId('chat-message')).toHaveLength(25);
    expect(within(panel).queryByRole('button', { name: 'Show earlier messages' })).toBeNull();

    // The floating button toggles (as does the panel's own close button).
    const fab = screen.getByRole('button', { name: 'Close chat', expanded: true });
    await user.click(fab);
    expect(screen.queryByRole('dialog', { name: 'Chat with Krapao support' })).toBeNull();
    expect(fab.getAttribute('aria-expanded')).toBe('false');
    const reopened = await openChat(user);
    await user.click(within(reopened).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog', { name: 'Chat with Krapao support' })).toBeNull();
  });
});

describe('the room on the socket', () => {
  it('[CHAT-3] [CHAT-7] a visitor joins PREFIX-guestId with the guest token; a message heard twice shows once, in order', async () => {
    const server = chatServer([chatMessage(1, 'bot', textOf('Hello from the bot'))]);
    mockApi(server.handlers);
    const { user } = await guestWidget();
    const panel = await openChat(user);
    await within(panel).findByText('Hello from the bot');
    expect(sockets.opened[0]!.auth).toEqual({ guestToken: GUEST.guestToken });
    const socket = sockets.last();
    socket.up();
    await waitFor(() =>
      expect(socket.joins).toEqual([{ event: 'chat:join', room: `${PREFIX}-${GUEST.guestId}` }]),
    );
    await within(panel).findByText('Online');

    // The operator answers: heard on the socket twice (two instances' announcements, say).
    const reply = server.store('operator', textOf('How can I help?'));
    socket.send('chat:message', reply);
    socket.send('chat:message', reply);
    await within(panel).findByText('How can I help?');
    expect(within(panel).getAllByText('How can I help?')).toHaveLength(1);
  });

  it('[CHAT-3] a dropped socket is checked every 5 s: it reconnects, joins again and reads what it missed, once each', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = chatServer([chatMessage(1, 'bot', textOf('Welcome'))]);
    const api = mockApi(server.handlers);
    const { user } = await renderUi(<ChatWidget member={null} defaultOpen />);
    const panel = await screen.findByRole('dialog', { name: 'Chat with Krapao support' });
    await within(panel).findByText('Welcome');
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    const socket = sockets.last();
    socket.up();
    await waitFor(() => expect(socket.joins).toHaveLength(1));

    socket.down();
    await within(panel).findByText('Reconnecting…');
    // While it is down the operator writes three messages nobody hears.
    for (const text of ['one', 'two', 'three']) server.store('operator', textOf(text));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(socket.connectCalls).toBeGreaterThanOrEqual(1);
    const historyBefore = api.callsTo('POST', '/api/chat/history').length;
    socket.up();
    await waitFor(() => expect(socket.joins).toHaveLength(2));
    await within(panel).findByText('three');
    expect(api.callsTo('POST', '/api/chat/history').length).toBeGreaterThan(historyBefore);
    const texts = within(panel)
      .getAllByTestId('chat-message')
      .map((li) => li.querySelector('.chat-text')?.textContent);
    expect(texts).toEqual(['Welcome', 'one', 'two', 'three']);
    void user;
  });

  it('[CHAT-3] a join reads the history again only when the conversation holds a message the first read did not bring', async () => {
    const { server, api, panel, socket } = await joinedWithWelcome();
    // The join's ack says the newest message is 1, which the first page brought: nothing is asked again.
    expect(socket.joins).toHaveLength(1);
    expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(1);

    // An answer stored while the socket was out of the room, never heard on it: the next join reads it.
    socket.down();
    server.store('operator', textOf('Are you still there?'));
    socket.up();
    await within(panel).findByText('Are you still there?');
    expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(2);
  });

  it('[CHAT-3] a message heard on the socket after one that never came does not stand for it: the next join reads', async () => {
    const { server, api, panel, socket } = await joinedWithWelcome();
    // Message 2 is lost on its way; 3 arrives.
    server.store('operator', textOf('lost on the way'));
    socket.send('chat:message', server.store('operator', textOf('heard')));
    await within(panel).findByText('heard');
    socket.down();
    socket.up();
    await within(panel).findByText('lost on the way');
    expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(2);
  });

  it('[CHAT-3] a first read that failed is asked again at the join, even of a conversation with nothing in it', async () => {
    const server = chatServer();
    const history = server.handlers['POST /api/chat/history']!;
    let failures = 1;
    const api = mockApi({
      ...server.handlers,
      'POST /api/chat/history': (call) =>
        failures-- > 0 ? new Response('', { status: 503 }) : history(call),
    });
    await renderUi(<ChatWidget member={null} defaultOpen />);
    const panel = await screen.findByRole('dialog', { name: 'Chat with Krapao support' });
    await within(panel).findByText('Earlier messages cannot be shown right now.');
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    sockets.last().up();
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(2));
    await waitFor(() =>
      expect(within(panel).queryByText('Earlier messages cannot be shown right now.')).toBeNull(),
    );
  });

  it("[CHAT-3] 'Cannot start chatting' when joining fails; the check tries again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = chatServer();
    mockApi(server.handlers);
    await renderUi(<ChatWidget member={null} defaultOpen />);
    const panel = await screen.findByRole('dialog', { name: 'Chat with Krapao support' });
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    const socket = sockets.last();
    socket.joinOk = false;
    socket.up();
    await within(panel).findByText('Cannot start chatting');
    socket.joinOk = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await within(panel).findByText('Online');
    expect(socket.joins).toHaveLength(2);
  });
});

describe('identity', () => {
  it('[CHAT-7] a visitor asks for a guest id once and keeps it; every call carries X-Chat-Guest', async () => {
    const server = chatServer();
    const api = mockApi(server.handlers);
    // Nothing is asked before the visitor opens the chat.
    const first = await guestWidget();
    await screen.findByRole('button', { name: 'Chat with us' });
    expect(api.callsTo('POST', '/api/chat/guest')).toHaveLength(0);
    expect(sockets.opened).toHaveLength(0);
    await openChat(first.user);
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/chat/guest')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('guest_chat_id')!)).toEqual(GUEST);
    expect(api.callsTo('POST', '/api/chat/history')[0]!.headers.get('X-Chat-Guest')).toBe(GUEST.guestToken);
    expect(api.callsTo('POST', '/api/chat/history')[0]!.headers.get('Authorization')).toBeNull();
    first.unmount();

    // The next visit is the same guest, without asking again.
    const second = await guestWidget();
    await openChat(second.user);
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/chat/guest')).toHaveLength(1);
  });

  it('[CHAT-7] a kept guest token the server no longer takes (a new app secret) is replaced by a new guest, once', async () => {
    localStorage.setItem('guest_chat_id', JSON.stringify({ guestId: 'old-guest', guestToken: 'gt_stale' }));
    const server = chatServer([chatMessage(1, 'bot', textOf('Welcome back'))]);
    const history = server.handlers['POST /api/chat/history']!;
    const api = mockApi({
      ...server.handlers,
      'POST /api/chat/history': (call) =>
        call.headers.get('X-Chat-Guest') === 'gt_stale'
          ? json({ message: 'CHAT_GUEST_INVALID' }, 401)
          : history(call),
    });
    const { user } = await guestWidget();
    await openChat(user);
    // The new guest's conversation replaces the refused one's.
    const panel = await waitFor(() => {
      const dialog = screen.getByRole('dialog', { name: 'Chat with Krapao support' });
      within(dialog).getByText('Welcome back');
      return dialog;
    });
    expect(api.callsTo('POST', '/api/chat/guest')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('guest_chat_id')!)).toEqual(GUEST);
    expect(api.callsTo('POST', '/api/chat/history').at(-1)!.headers.get('X-Chat-Guest')).toBe(
      GUEST.guestToken,
    );
    expect(within(panel).queryByText('Cannot start chatting')).toBeNull();
  });

  it('[CHAT-7] a member chats under their user id and session: no guest, the socket joins PREFIX-userId', async () => {
    logIn();
    const server = chatServer();
    const api = mockApi(server.handlers);
    const { user } = await renderUi(<ChatWidget member={{ userId: 'u_8f3a21' }} />);
    // A member's conversation follows from the start (the button counts unread replies).
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/chat/history')[0]!;
    expect(call.body).toEqual({ userId: 'u_8f3a21', limit: 10, skip: 0 });
    expect(call.headers.get('Authorization')).toBe('Bearer tok_member');
    expect(call.headers.get('X-Chat-Guest')).toBeNull();
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    expect(sockets.opened[0]!.auth).toEqual({ token: 'tok_member' });
    sockets.last().up();
    await waitFor(() =>
      expect(sockets.last().joins).toEqual([{ event: 'chat:join', room: `${PREFIX}-u_8f3a21` }]),
    );
    await openChat(user);
    expect(api.callsTo('POST', '/api/chat/guest')).toHaveLength(0);
  });
});
