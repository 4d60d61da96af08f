import { statement, type StatementEntry } from '@krapao/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, json, logIn, mockApi, type Call } from './api';
import { chatMessage, chatServer, sockets, textOf } from './chat';
import { listenForInstallPrompt } from '../src/lib/install-prompt';
import { renderApp } from './render';

// The statement a member can use (ST-4 to ST-6) and the chat button on every member page (CHAT-1).

vi.mock('../src/lib/realtime-socket', async () => ({
  acquireSocket: (await import('./chat')).acquireFakeSocket,
}));
beforeEach(() => sockets.reset());
afterEach(() => sockets.reset());

const entry = (overrides: Partial<StatementEntry>): StatementEntry =>
  statement.statementEntrySchema.parse({
    _id: `st_${Math.random().toString(36).slice(2)}`,
    statementType: 'deposit',
    status: 'SUCCESS',
    amount: 100,
    channel: 'BANK',
    reason: null,
    createdAt: '2026-11-20T03:04:05.000Z',
    ...overrides,
  });

const answer = (statements: StatementEntry[]) => () =>
  json(statement.getStatement.response.parse({ total: statements.length, statements }));

const TRANSFER = entry({
  _id: 'TR2611200001',
  statementType: 'transfer',
  channel: 'GAME',
  amount: 250,
  from: 'WALLET',
  to: 'PG',
  toName: 'PG Soft',
});
const BACK = entry({
  _id: 'TR2611200002',
  statementType: 'transfer',
  channel: 'GAME',
  amount: 40,
  from: 'JOKER',
  fromName: 'Joker Gaming',
  to: 'WALLET',
  status: 'PENDING',
});

describe('[care] the statement, narrowed and opened', () => {
  it('[ST-4] the type and the days narrow the list; the address keeps them; clearing shows all again', async () => {
    logIn();
    const api = mockApi({
      'POST /api/statement': (call: Call) =>
        answer(
          (call.body as { type?: string }).type === 'withdraw'
            ? [entry({ statementType: 'withdraw', amount: 300 })]
            : [entry({ amount: 500 })],
        )(),
    });
    const { user, router } = await renderApp('/user/statement');
    await screen.findByText('Deposit by bank transfer');
    expect(api.callsTo('POST', '/api/statement')[0]?.body).toEqual({ page: 1, limit: 10 });

    await user.selectOptions(screen.getByLabelText('Type'), 'Withdrawals');
    await screen.findByText('Withdrawal to bank account');
    expect(api.callsTo('POST', '/api/statement').at(-1)?.body).toEqual({
      page: 1,
      limit: 10,
      type: 'withdraw',
    });
    // A phone's date picker sets the whole day at once; both days change before the page renders again.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-26' } });
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/statement').at(-1)?.body).toEqual({
        page: 1,
        limit: 10,
        type: 'withdraw',
        from: '2026-11-01',
        to: '2026-11-26',
      }),
    );
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    expect(search()).toEqual({ type: 'withdraw', from: '2026-11-01', to: '2026-11-26' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Deposit by bank transfer')).toBeTruthy();
    expect(screen.queryByText('Withdrawal to bank account')).toBeNull();
    expect(search()).toEqual({});
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('');
  });

  it('[ST-4] a filter nothing matches says so, not that the statement is empty', async () => {
    logIn();
    mockApi({
      'POST /api/statement': (call: Call) =>
        answer((call.body as { type?: string }).type ? [] : [entry({})])(),
    });
    await renderApp('/user/statement?type=bonus');
    expect(await screen.findByRole('heading', { name: 'Nothing matches' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No transactions yet' })).toBeNull();
  });

  it('[ST-4] days reversed in the address say why the list stays empty, and ask the server for nothing', async () => {
    logIn();
    const api = mockApi({ 'POST /api/statement': answer([entry({})]) });
    await renderApp('/user/statement?from=2026-12-05&to=2026-12-01');
    expect(await screen.findByText('Choose a first day that is not after the last one.')).toBeTruthy();
    expect(screen.queryByTestId('statement-empty')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Statement' })).toBeNull();
    expect(api.callsTo('POST', '/api/statement')).toEqual([]);
  });

  it('[ST-5] a transfer says from where to where, the game by its name, both ways', async () => {
    logIn();
    mockApi({ 'POST /api/statement': answer([TRANSFER, BACK]) });
    await renderApp('/user/statement');
    await screen.findAllByText('Transfer');
    expect(screen.getAllByTestId('statement-route').map((r) => r.textContent)).toEqual([
      'Main wallet → PG Soft',
      'Joker Gaming → Main wallet',
    ]);
  });

  it('[ST-5] a tap opens the entry in full: reference, time, channel, status, from and to', async () => {
    logIn();
    mockApi({ 'POST /api/statement': answer([TRANSFER]) });
    const { user } = await renderApp('/user/statement');
    const [row] = await screen.findAllByRole('listitem');
    await user.click(within(row!).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
    expect(within(dialog).getByTestId('statement-reference').textContent).toBe('TR2611200001');
    const text = dialog.textContent ?? '';
    expect(text).toContain('Game transfer');
    expect(text).toContain('Successful');
    expect(text).toContain('Main wallet');
    expect(text).toContain('PG Soft');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transfer' })).toBeNull());
  });
  it('[ST-5] a withdrawal names the account it was paid to, a bank transfer the account it came from', async () => {
    logIn();
    const account = { bankCode: 'TMB', accountNo: '0481234567' };
    mockApi({
      'POST /api/statement': answer([
        entry({ _id: 'WD1', statementType: 'withdraw', amount: 500, bankAccount: account }),
        entry({ _id: 'D7', amount: 300, bankAccount: { bankCode: 'KBANK', accountNo: '1234567890' } }),
        entry({ _id: 'D8', channel: 'QR', amount: 200 }),
      ]),
    });
    const { user } = await renderApp('/user/statement');
    const rows = await screen.findAllByRole('listitem');
    const detailOf = async (index: number, name: string) => {
      await user.click(within(rows[index]!).getByRole('button'));
      const dialog = await screen.findByRole('dialog', { name });
      const shown = within(dialog).queryByTestId('statement-bank-account');
      const text = dialog.textContent ?? '';
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
      return { account: shown?.textContent ?? null, text };
    };
    const paid = await detailOf(0, 'Withdrawal to bank account');
    expect(paid.account).toBe('ttb 048-123-4567');
    expect(paid.text).toContain('Paid to');
    const sent = await detailOf(1, 'Deposit by bank transfer');
    expect(sent.account).toBe('KBANK 123-456-7890');
    expect(sent.text).toContain('Sent from');
    expect((await detailOf(2, 'Deposit by QR code')).account).toBeNull();
  });
});

describe('[care] the statement exported', () => {
  let clicked: { href: string; download: string }[] = [];
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv-1'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  const csv = '\uFEFF"วันที่และเวลา"\r\n';
  const exportHandler = () =>
    new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });

  it('[ST-6] downloads the chosen days with the bearer token, never a token in the address', async () => {
    logIn();
    const api = mockApi({
      'POST /api/statement': answer([entry({})]),
      'GET /api/statement/export': exportHandler,
    });
    const { user } = await renderApp('/user/statement?from=2026-11-01&to=2026-11-26', { locale: 'th' });
    await user.click(await screen.findByRole('button', { name: 'ส่งออก CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'ส่งออกรายการเดินบัญชี' });
    // It starts from the days on screen.
    expect((within(dialog).getByLabelText(/ตั้งแต่วันที่/) as HTMLInputElement).value).toBe('2026-11-01');
    expect((within(dialog).getByLabelText(/ถึงวันที่/) as HTMLInputElement).value).toBe('2026-11-26');
    await user.click(within(dialog).getByRole('button', { name: 'ดาวน์โหลด CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [call] = api.callsTo('GET', '/api/statement/export');
    expect(call!.headers.get('authorization')).toBe('Bearer tok_member');
    const url = String(api.fetch.mock.calls.find(([u]) => String(u).includes('/export'))![0]);
    expect(url).toBe('/api/statement/export?from=2026-11-01&to=2026-11-26&lang=th');
    expect(url).not.toContain('tok_member');
    expect(clicked[0]).toEqual({ href: 'blob:csv-1', download: 'statement-2026-11-01-2026-11-26.csv' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ส่งออกรายการเดินบัญชี' })).toBeNull());
  });

  it('[ST-6] a range longer than the maximum is refused before asking; the server’s refusal shows too', async () => {
    logIn();
    const api = mockApi({
      'POST /api/statement': answer([entry({})]),
      'GET /api/statement/export': () => fail('STATEMENT_RANGE_INVALID'),
    });
    const { user } = await renderApp('/user/statement?from=2026-01-01&to=2026-11-26');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the statement' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      `Choose at most ${statement.STATEMENT_EXPORT_MAX_DAYS} days.`,
    );
    const submit = within(dialog).getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const from = within(dialog).getByLabelText(/^From/);
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await user.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Choose a first day that is not after the last one.',
    );
    expect(api.callsTo('GET', '/api/statement/export')).toHaveLength(1);
    expect(clicked).toHaveLength(0);
  });
});

describe('[care] the chat button on every member page', () => {
  const chatOn = (history = [] as ReturnType<typeof chatMessage>[]) => {
    const server = chatServer(history);
    return mockApi({ ...server.handlers, 'GET /api/lookup/enableChatWidget': () => json({ enabled: true }) });
  };

  it('[CHAT-1] floats on the home and the statement, opens the chat there, and leaves the plus button alone', async () => {
    logIn();
    chatOn([chatMessage(1, 'operator', textOf('Welcome back'), { userId: 'u_8f3a21', guestId: null })]);
    const { user, router } = await renderApp('/user/home');
    const button = await screen.findByRole('button', { name: 'Chat with us' });
    expect(button.className).toContain('member-chat-fab');
    expect(screen.getByRole('button', { name: 'Open quick actions' })).toBeTruthy();
    expect((await within(button).findByLabelText('1 unread')).textContent).toBe('1');

    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Chat with Krapao support' });
    expect(await within(panel).findByText('Welcome back')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/home');
  });

  it('[CHAT-1] steps aside while the member scrolls down a page and comes back scrolling up', async () => {
    logIn();
    chatOn();
    await renderApp('/user/statement');
    await screen.findByRole('button', { name: 'Chat with us' });
    const root = document.documentElement;
    const page = { height: 3_000 };
    Object.defineProperty(root, 'scrollHeight', { configurable: true, get: () => page.height });
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      fireEvent.scroll(window);
    };
    try {
      scrollTo(400);
      expect(root.hasAttribute('data-chat-tucked')).toBe(true);
      // A finger's jitter changes nothing; up brings it back, down again sends it off.
      scrollTo(396);
      expect(root.hasAttribute('data-chat-tucked')).toBe(true);
      scrollTo(300);
      expect(root.hasAttribute('data-chat-tucked')).toBe(false);
      scrollTo(900);
      expect(root.hasAttribute('data-chat-tucked')).toBe(true);
      // At the end of the page there is room for it under the last line.
      scrollTo(page.height - window.innerHeight);
      expect(root.hasAttribute('data-chat-tucked')).toBe(false);
    } finally {
      scrollTo(0);
      Reflect.deleteProperty(root, 'scrollHeight');
    }
  });

  it('[CHAT-1] is not doubled on the contact page, where the chat shows itself; off when the chat is off', async () => {
    logIn();
    chatOn();
    const { router } = await renderApp('/user/statement');
    await screen.findByRole('button', { name: 'Chat with us' });
    await router.navigate('/user/contact');
    await screen.findByText('We answer 24/7.');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Chat with us' })).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Chat with us' }).className).toContain('chat-fab');
    expect(screen.getByRole('button', { name: 'Chat with us' }).className).not.toContain('member-chat-fab');
  });

  it('[CHAT-1] no floating button when the operator turned the chat off', async () => {
    logIn();
    const api = mockApi({ 'GET /api/lookup/enableChatWidget': () => json({ enabled: false }) });
    await renderApp('/user/home');
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/enableChatWidget')).toHaveLength(1));
    await screen.findByRole('navigation', { name: 'Member menu' });
    expect(screen.queryByRole('button', { name: 'Chat with us' })).toBeNull();
  });
});

describe('[care] the install offer', () => {
  /** What Chrome on Android fires when the app may be installed. */
  const offer = () => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => {}),
    });
    window.dispatchEvent(event);
    return event;
  };
  listenForInstallPrompt();

  it('[care] the browser’s offer becomes a translated "Install Krapao" button that opens its dialog', async () => {
    logIn();
    mockApi();
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    const { user } = await renderApp('/user/home', { locale: 'th' });
    await screen.findByRole('navigation', { name: 'เมนูสมาชิก' });
    await user.click(await screen.findByRole('button', { name: 'ติดตั้งกระเป๋า' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // An offer is shown once: the button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ติดตั้งกระเป๋า' })).toBeNull());
  });

  it('[care] an offer made while a page is on screen shows on the next page, never pushing this one down', async () => {
    logIn();
    mockApi();
    const { user } = await renderApp('/user/home');
    await screen.findByRole('navigation', { name: 'Member menu' });
    offer();
    // The home drawn before the offer stays as it is.
    await screen.findByRole('heading', { name: /Hello/ });
    expect(screen.queryByRole('button', { name: 'Install Krapao' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Statement' }));
    expect(await screen.findByRole('button', { name: 'Install Krapao' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: /Hello/ });
    expect(screen.getByRole('button', { name: 'Install Krapao' })).toBeTruthy();
  });

  it('[care] "not now" hides it, and it stays hidden on this device', async () => {
    logIn();
    mockApi();
    offer();
    const { user, unmount } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install Krapao' })).toBeNull());
    unmount();
    await renderApp('/user/home');
    offer();
    await screen.findByRole('navigation', { name: 'Member menu' });
    expect(screen.queryByRole('button', { name: 'Install Krapao' })).toBeNull();
    expect(localStorage.getItem('install_dismissed')).toBe('1');
  });
});
