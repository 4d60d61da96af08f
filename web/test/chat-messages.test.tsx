import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from '../src/features/chat/components/ChatWidget';
import { json, logIn, mockApi } from './api';
import { chatMessage, chatServer, FakeUpload, sockets, textOf } from './chat';
import { renderApp, renderUi } from './render';

// What the chat shows and sends: every message type (CHAT-4), the text and file rules with the
// upload's progress (CHAT-5), and the read state with its badges (CHAT-6).

vi.mock('../src/lib/realtime-socket', async () => ({
  acquireSocket: (await import('./chat')).acquireFakeSocket,
}));

beforeEach(() => {
  sockets.reset();
  FakeUpload.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

async function openWidget(server = chatServer()) {
  const api = mockApi(server.handlers);
  const view = await renderUi(<ChatWidget member={null} defaultOpen />);
  const panel = await screen.findByRole('dialog', { name: 'Chat with Krapao support' });
  // Messages can go once the visitor's guest id is known.
  const attach = within(panel).getByRole('button', { name: 'Send a picture or video' });
  await waitFor(() => expect(attach).toHaveProperty('disabled', false));
  return { ...view, api, panel, server };
}

const file = (name: string, type: string, bytes: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};
const MB = 1024 * 1024;

describe('message types', () => {
  it('[CHAT-4] text with HTML or script shows as text; buttons open the web in a new tab, call, or send a postback', async () => {
    const server = chatServer([
      chatMessage(1, 'operator', textOf('<img src=x onerror=alert(1)><b>bold</b>')),
      chatMessage(2, 'bot', {
        message_type: 'buttons',
        payload: {
          text: 'How can we help?',
          buttons: [
            { type: 'web', title: 'Open the FAQ', url: 'https://help.example/faq' },
            { type: 'web', title: 'Bad link', url: 'javascript:alert(1)' },
            { type: 'call', title: 'Call us', phone: '020-000-0000' },
            { type: 'postback', title: 'Deposit not credited', payload: 'DEPOSIT_MISSING' },
          ],
        },
      }),
    ]);
    const { panel, user, api } = await openWidget(server);
    const html = await within(panel).findByText('<img src=x onerror=alert(1)><b>bold</b>');
    expect(html.querySelector('img, b')).toBeNull();
    // Who wrote it: the operator as "Support" (its name on the message is internal), the bot as itself.
    expect(within(panel).getByText('Support')).toBeTruthy();
    expect(within(panel).queryByText('Nok')).toBeNull();
    expect(within(panel).getByText('Krapao assistant')).toBeTruthy();

    const faq = within(panel).getByRole('link', { name: 'Open the FAQ' });
    expect(faq.getAttribute('href')).toBe('https://help.example/faq');
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toContain('noopener');
    // A link that would run script is no link.
    expect(within(panel).queryByRole('link', { name: 'Bad link' })).toBeNull();
    expect(within(panel).getByText('Bad link')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:0200000000');

    await user.click(within(panel).getByRole('button', { name: 'Deposit not credited' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]!.message).toEqual({
      message_type: 'postback',
      payload: { title: 'Deposit not credited', payload: 'DEPOSIT_MISSING' },
    });
    expect(api.callsTo('POST', '/api/chat/send-message')[0]!.headers.get('X-Chat-Guest')).toBe('gt_signed');
  });

  it('[CHAT-4] media inline (image, video with controls), quick replies as chips that send a postback, generic cards', async () => {
    const server = chatServer([
      chatMessage(1, 'operator', {
        message_type: 'media',
        payload: { fileType: 'image', filePath: '/api/chat/files/abc.png' },
      }),
      chatMessage(2, 'operator', {
        message_type: 'media',
        payload: { fileType: 'video', filePath: '/api/chat/files/def.mp4', message: 'How to deposit' },
      }),
      chatMessage(3, 'bot', {
        message_type: 'generic',
        payload: {
          elements: [
            {
              title: 'Welcome bonus',
              subtitle: '100% on your first deposit',
              imageUrl: '/promo.png',
              buttons: [{ type: 'postback', title: 'Claim', payload: 'CLAIM_WELCOME' }],
            },
            { title: 'Weekly refund', subtitle: '5% back' },
          ],
        },
      }),
      chatMessage(4, 'bot', {
        message_type: 'quick_replies',
        payload: {
          text: 'Pick a topic',
          replies: [
            { title: 'Withdrawal status', payload: 'WITHDRAWAL_STATUS' },
            { title: 'Forgot password', payload: 'FORGOT_PASSWORD' },
          ],
        },
      }),
    ]);
    const { panel, user } = await openWidget(server);
    const image = await within(panel).findByRole('img', { name: 'Picture' });
    expect(image.getAttribute('src')).toBe('http://localhost:3000/api/chat/files/abc.png');
    const video = panel.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(within(panel).getByText('How to deposit')).toBeTruthy();

    const cards = within(panel).getByRole('list', { name: 'Suggestions' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('100% on your first deposit')).toBeTruthy();

    const replies = within(panel).getByRole('group', { name: 'Quick replies' });
    await user.click(within(replies).getByRole('button', { name: 'Withdrawal status' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]!.message).toEqual({
      message_type: 'postback',
      payload: { title: 'Withdrawal status', payload: 'WITHDRAWAL_STATUS' },
    });
    // Answered: the customer's postback shows as theirs, and the chips go.
    await within(panel).findByText('Withdrawal status');
    await waitFor(() => expect(within(panel).queryByRole('group', { name: 'Quick replies' })).toBeNull());
  });

  it('[CHAT-4] sending, then sent; a failed message offers retry, which sends the same clientId once more', async () => {
    const { panel, user, server } = await openWidget();
    await within(panel).findByText('Hello! How can we help you today?');
    server.failNextSends(1);
    await user.type(
      within(panel).getByRole('textbox', { name: 'Message' }),
      '  my deposit is missing  {Enter}',
    );
    await within(panel).findByText('Not sent');
    const row = within(panel).getByText('my deposit is missing').closest('li')!;
    expect(row.getAttribute('data-status')).toBe('failed');

    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    await within(panel).findByText('Sent');
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]!.clientId).toBe(server.sent[0]!.clientId);
    expect(server.sent[0]!.message).toEqual({
      message_type: 'text',
      payload: { text: 'my deposit is missing' },
    });
    expect(server.messages.filter((m) => m.sender === 'customer')).toHaveLength(1);
    expect(within(panel).getAllByText('my deposit is missing')).toHaveLength(1);
  });
});

describe('sending rules', () => {
  it('[CHAT-5] text is trimmed and at most 2000 characters: past it the counter says so and Send refuses', async () => {
    const { panel, user, server } = await openWidget();
    const input = within(panel).getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'a'.repeat(1990) } });
    expect(within(panel).getByText('1990 of 2000 characters')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a'.repeat(2001) } });
    expect(within(panel).getByText('A message can be at most 2000 characters.')).toBeTruthy();
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(input, '{Enter}');
    // Whitespace alone is nothing to send.
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: `  ${'b'.repeat(2000)}  ` } });
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]!.message).toEqual({ message_type: 'text', payload: { text: 'b'.repeat(2000) } });
  });

  it("[CHAT-5] a file of another type or without an extension is 'not supported', a large one 'too large', each for 4 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { panel } = await openWidget();
    const picker = panel.querySelector<HTMLInputElement>('[data-testid="chat-file"]')!;
    const pick = (f: File) => fireEvent.change(picker, { target: { files: [f] } });

    pick(file('notes.pdf', 'application/pdf', 1000));
    expect(within(panel).getByRole('alert').textContent).toBe('File is not supported');
    pick(file('photo', 'image/png', 1000));
    expect(within(panel).getByRole('alert').textContent).toBe('File is not supported');
    pick(file('big.png', 'image/png', 10 * MB + 1));
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The file is too large. Please select file no larger than 10 MB.',
    );
    pick(file('clip.mov', 'video/quicktime', 20 * MB + 1));
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The file is too large. Please select file no larger than 20 MB.',
    );
    expect(FakeUpload.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_900);
    expect(within(panel).queryByRole('alert')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull(), { timeout: 500 });
  });

  it('[CHAT-5] an image uploads with a progress bar (5-minute timeout, guest header), then goes as a media message', async () => {
    const { panel, server } = await openWidget();
    const picker = panel.querySelector<HTMLInputElement>('[data-testid="chat-file"]')!;
    fireEvent.change(picker, { target: { files: [file('slip.jpg', 'image/jpeg', 2 * MB)] } });
    const upload = FakeUpload.all[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/chat/upload-image');
    expect(upload.timeout).toBe(300_000);
    expect(upload.headers['X-Chat-Guest']).toBe('gt_signed');
    expect((upload.body!.get('file') as File).name).toBe('slip.jpg');

    const bar = await within(panel).findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    upload.progress(1 * MB, 2 * MB);
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(panel).getByText('Uploading 50%')).toBeTruthy();
    upload.answer(200, { fileType: 'image', filePath: '/api/chat/files/0123456789abcdef.jpg' });
    await within(panel).findByText('Sent');
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(server.sent[0]!.message).toEqual({
      message_type: 'media',
      payload: { fileType: 'image', filePath: '/api/chat/files/0123456789abcdef.jpg' },
    });
  });

  it("[CHAT-5] a video the server refuses by its content says 'File is not supported' and is not kept; a lost upload can be retried", async () => {
    const { panel, user, server } = await openWidget();
    const picker = panel.querySelector<HTMLInputElement>('[data-testid="chat-file"]')!;
    fireEvent.change(picker, { target: { files: [file('clip.mp4', 'video/mp4', 3 * MB)] } });
    expect(FakeUpload.all[0]!.url).toBe('/api/chat/upload-video');
    FakeUpload.all[0]!.answer(400, { message: 'CHAT_FILE_NOT_SUPPORTED' });
    expect((await within(panel).findByRole('alert')).textContent).toBe('File is not supported');
    expect(within(panel).queryAllByTestId('chat-message')).toHaveLength(0);

    fireEvent.change(picker, { target: { files: [file('clip.mp4', 'video/mp4', 3 * MB)] } });
    FakeUpload.all[1]!.fail();
    await within(panel).findByText('Not sent');
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(FakeUpload.all).toHaveLength(3);
    FakeUpload.all[2]!.answer(200, { fileType: 'video', filePath: '/api/chat/files/feed.mp4' });
    await within(panel).findByText('Sent');
    expect(server.sent).toHaveLength(1);
  });
});

describe('read state', () => {
  it('[CHAT-6] the operator’s messages are marked read 1 s after the open panel shows them; the button counts them while closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logIn();
    const server = chatServer([
      chatMessage(1, 'customer', textOf('hi'), { userId: 'u_8f3a21', guestId: null }),
      chatMessage(2, 'operator', textOf('Hello, how can I help?'), { userId: 'u_8f3a21', guestId: null }),
    ]);
    const api = mockApi(server.handlers);
    const { user } = await renderUi(<ChatWidget member={{ userId: 'u_8f3a21' }} />);
    const button = await screen.findByRole('button', { name: 'Chat with us' });
    expect((await within(button).findByLabelText('1 unread')).textContent).toBe('1');
    await vi.advanceTimersByTimeAsync(3_000);
    // Closed: nothing is marked read.
    expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(0);

    await user.click(button);
    await screen.findByText('Hello, how can I help?');
    await vi.advanceTimersByTimeAsync(500);
    expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/chat/read-customer/')[0]!.body).toEqual({ userId: 'u_8f3a21' });

    // Two replies in a burst while it is open: one PUT, a second after the last.
    const socket = sockets.last();
    socket.send('chat:message', server.store('operator', textOf('One moment')));
    await vi.advanceTimersByTimeAsync(700);
    socket.send('chat:message', server.store('operator', textOf('Found it')));
    await vi.advanceTimersByTimeAsync(700);
    expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(400);
    await waitFor(() => expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(2));

    // Closed again, a new reply is counted on the button.
    await user.click(screen.getByRole('button', { name: 'Close chat', expanded: true }));
    socket.send('chat:message', server.store('operator', textOf('Anything else?')));
    expect(
      (await within(screen.getByRole('button', { name: 'Chat with us' })).findByLabelText('1 unread'))
        .textContent,
    ).toBe('1');
  });

  it('[CHAT-6] the member’s contact tab shows how many replies are unread, on the other member pages too', async () => {
    logIn();
    const server = chatServer([
      chatMessage(1, 'operator', textOf('Your deposit is credited'), { userId: 'u_8f3a21', guestId: null }),
      chatMessage(2, 'operator', textOf('Anything else?'), { userId: 'u_8f3a21', guestId: null }),
    ]);
    mockApi({ ...server.handlers, 'GET /api/lookup/enableChatWidget': () => json({ enabled: true }) });
    await renderApp('/user/home');
    const menu = await screen.findByRole('navigation', { name: 'Member menu' });
    expect((await within(menu).findByLabelText('2 unread')).textContent).toBe('2');
  });
});
