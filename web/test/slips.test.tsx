import { slips, SLIP_MAX_BYTES, UPLOAD_TIMEOUT_MS, type Slip } from '@krapao/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SlipTableModal } from '../src/features/slips/components/SlipTableModal';
import { SlipUploadModal } from '../src/features/slips/components/SlipUploadModal';
import { formatDateTime } from '../src/lib/format';
import { fail, json, mockApi, type Call, type Handler } from './api';
import { errorEn, renderApp, renderUi, USER_EVENT_OPTIONS } from './render';

const png = (name = 'slip.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

const slip = (overrides: Partial<Slip>): Slip =>
  slips.slipSchema.parse({
    slipId: `sl_${Math.random().toString(36).slice(2)}`,
    reference: '',
    amount: null,
    status: 'PROCESSING',
    note: null,
    createdAt: '2024-03-05T14:07:09.000Z',
    ...overrides,
  });

const uploaded: Handler = () => json(slip({ slipId: 'sl_new' }));

async function openUpload(handlers: Record<string, Handler> = {}) {
  const api = mockApi(handlers);
  const onShowSlips = vi.fn();
  const app = await renderUi(<SlipUploadModal opened onClose={() => {}} onShowSlips={onShowSlips} />);
  const dialog = await screen.findByRole('dialog', { name: 'Upload a transfer slip' });
  return { ...app, api, dialog, onShowSlips, input: within(dialog).getByLabelText('Slip image') };
}

async function openTable(handlers: Record<string, Handler>) {
  const api = mockApi(handlers);
  const app = await renderUi(<SlipTableModal opened onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Deposit slips' });
  return { ...app, api, dialog };
}

const rows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('slip-row')
    .map((row) => ({
      date: within(row).getByTestId('slip-date').textContent,
      amount: within(row).getByTestId('slip-amount').textContent,
      status: within(row).getByTestId('slip-status').textContent,
      view: within(row).queryByRole('button') !== null,
    }));

describe('slip upload', () => {
  it('[SLIP-1] without a file SLIP_NO_FILE; a non-image or too large file is refused before sending', async () => {
    const { dialog, user, api, input } = await openUpload({ 'POST /api/wallet/slip': uploaded });
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg');
    await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorEn('SLIP_NO_FILE'));

    // The picker's filter is only a hint: what else a browser hands over is checked too.
    const anyFile = userEvent.setup({ ...USER_EVENT_OPTIONS, applyAccept: false });
    await anyFile.upload(input, new File(['%PDF'], 'slip.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(errorEn('SLIP_INVALID_FILE'));
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: SLIP_MAX_BYTES + 1 });
    await user.upload(input, huge);
    expect(within(dialog).getByRole('alert').textContent).toBe(errorEn('SLIP_INVALID_FILE'));
    expect(within(dialog).queryByTestId('slip-file-name')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(errorEn('SLIP_NO_FILE'));
    expect(api.callsTo('POST', '/api/wallet/slip')).toHaveLength(0);
  });

  it('[SLIP-1] sends the image as the multipart part "file" with the upload timeout, then says it is being checked', async () => {
    const answers = [fail('SLIP_CLOSED'), fail('REQUEST_LIMIT_1MIN', 429)];
    const { dialog, user, api, input, onShowSlips } = await openUpload({
      'POST /api/wallet/slip': (call) => answers.shift() ?? uploaded(call),
    });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await user.upload(input, png('kbank-slip.png'));
    expect(within(dialog).getByTestId('slip-file-name').textContent).toBe('kbank-slip.png');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    await send();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorEn('SLIP_CLOSED'));
    await send();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(errorEn('REQUEST_LIMIT_1MIN')),
    );
    await send();
    const status = await within(dialog).findByRole('status');
    expect(within(status).getByText('Slip received')).toBeTruthy();
    expect(status.textContent).toContain('We are checking your slip.');

    const calls: Call[] = api.callsTo('POST', '/api/wallet/slip');
    expect(calls).toHaveLength(3);
    const form = calls[2]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(((form as FormData).get('file') as File).name).toBe('kbank-slip.png');
    expect(calls[2]?.headers.get('Content-Type')).toBeNull();
    expect(timers.mock.calls.some(([, ms]) => ms === UPLOAD_TIMEOUT_MS)).toBe(true);
    timers.mockRestore();

    await user.click(within(status).getByRole('button', { name: 'See my slips' }));
    expect(onShowSlips).toHaveBeenCalledTimes(1);
  });

  it('[SLIP-4] [issue 20] a duplicate slip is not left as "received, checking": the refusal and its reason show as soon as the server knows', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      let settled = false;
      const { dialog, user, input, api } = await openUpload({
        'POST /api/wallet/slip': uploaded,
        'POST /api/statement/slip': () =>
          json({
            total: 1,
            slips: [
              slip({
                slipId: 'sl_new',
                reference: '016123456789ABC',
                status: settled ? 'FAILED' : 'PROCESSING',
                note: settled ? 'SLIP_REFNO_DUPLICATED' : null,
              }),
            ],
          }),
      });
      await user.upload(input, png());
      await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
      expect(await within(dialog).findByTestId('slip-checking')).toBeTruthy();
      await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip').length).toBeGreaterThan(0));

      // The server settles it (the realtime event, or the next look): the page says so, with why.
      settled = true;
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      const refused = await within(dialog).findByTestId('slip-refused');
      expect(within(refused).getByText('Your slip was not accepted')).toBeTruthy();
      expect(within(refused).getByTestId('slip-refused-reason').textContent).toBe(
        errorEn('SLIP_REFNO_DUPLICATED'),
      );
      expect(refused.textContent).toContain('This transfer has already been credited');
      expect(within(dialog).queryByText('Slip received')).toBeNull();

      // Another slip can be sent from there.
      await user.click(within(refused).getByRole('button', { name: 'Upload another slip' }));
      expect(within(dialog).getByRole('button', { name: 'Upload slip' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['th', 'INVALID_SLIP', 'สลิปของคุณไม่ผ่านการตรวจสอบ', 'อ่านสลิปไม่ได้'],
    ['la', 'INVALID_SLIP', 'ສະລິບຂອງທ່ານບໍ່ຜ່ານການກວດສອບ', 'ອ່ານສະລິບບໍ່ໄດ້'],
  ] as const)(
    '[SLIP-4] [issue 20] an unreadable slip is said at once in %s',
    async (locale, note, title, reason) => {
      mockApi({
        'POST /api/wallet/slip': uploaded,
        'POST /api/statement/slip': () =>
          json({ total: 1, slips: [slip({ slipId: 'sl_new', status: 'FAILED', note })] }),
      });
      const { user } = await renderUi(<SlipUploadModal opened onClose={() => {}} />, { locale });
      const dialog = await screen.findByRole('dialog');
      await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, png());
      await user.click(dialog.querySelector<HTMLButtonElement>('button[type=submit]')!);
      const refused = await within(dialog).findByTestId('slip-refused');
      expect(refused.textContent).toContain(title);
      expect(within(refused).getByTestId('slip-refused-reason').textContent).toBe(reason);
    },
  );

  it('[SLIP-1] the deposit modal leads to the upload, and the statement page to the slip table', async () => {
    localStorage.setItem('token', 'tok_member');
    mockApi({ 'POST /api/statement/slip': () => json({ total: 0, slips: [] }) });
    const { user } = await renderApp('/user/statement');
    await user.click(await screen.findByRole('button', { name: 'Deposit slips' }));
    const table = await screen.findByRole('dialog', { name: 'Deposit slips' });
    expect(await within(table).findByText('You have not uploaded any slips yet.')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByRole('dialog', { name: 'Upload a transfer slip' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Deposit slips' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Deposit' }));
    const deposit = await screen.findByRole('dialog', { name: 'Deposit' });
    await user.click(await within(deposit).findByRole('button', { name: 'Upload transfer slip' }));
    expect(await screen.findByRole('dialog', { name: 'Upload a transfer slip' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull();
  });
});

describe('slip table', () => {
  const page1 = [
    slip({ status: 'PROCESSING' }),
    slip({ status: 'SUCCESS', amount: 500, reference: 'REF500' }),
    slip({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', reference: 'REFDUP' }),
    slip({ status: 'FAILED', note: 'UPLOADED_FILE_NOT_EXIST', slipId: 'sl_unread' }),
    slip({ status: 'FAILED', note: 'NOT_MATCH', amount: 1200.5, reference: 'REFNM' }),
    ...Array.from({ length: 5 }, () => slip({ status: 'SUCCESS', amount: 100, reference: 'REF100' })),
  ];
  const page2 = [slip({ status: 'FAILED', note: 'EXPIRED_SLIP', reference: 'REFOLD' })];
  const listed: Handler = (call) => {
    const { page } = call.body as { page: number };
    return json(slips.listSlips.response.parse({ total: 11, slips: page === 1 ? page1 : page2 }));
  };

  it("[SLIP-3] [SLIP-4] date, amount or '-', status with the reason in brackets, 10 a page, refresh", async () => {
    const { dialog, user, api } = await openTable({ 'POST /api/statement/slip': listed });
    await within(dialog).findAllByTestId('slip-row');
    const date = formatDateTime('2024-03-05T14:07:09.000Z');
    expect(rows(dialog).slice(0, 5)).toEqual([
      { date, amount: '-', status: 'Processing', view: true },
      { date, amount: '฿500.00', status: 'Success', view: true },
      { date, amount: '-', status: 'Failed(Duplicate slip)', view: true },
      { date, amount: '-', status: 'Failed(Incorrect slip)', view: true },
      {
        date,
        amount: '฿1,200.50',
        status: 'Failed(Player account does not match the registered account)',
        view: true,
      },
    ]);
    expect(rows(dialog)).toHaveLength(10);
    expect(api.callsTo('POST', '/api/statement/slip')[0]?.body).toEqual({ page: 1, limit: 10 });

    expect(within(dialog).getByTestId('slips-page').textContent).toBe('Page 1 of 2');
    expect(within(dialog).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    expect(rows(dialog)[0]?.status).toBe('Failed(Expired slip)');
    expect(within(dialog).getByTestId('slips-page').textContent).toBe('Page 2 of 2');
    expect(within(dialog).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(api.callsTo('POST', '/api/statement/slip')[1]?.body).toEqual({ page: 2, limit: 10 });

    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip')).toHaveLength(3));
    expect(api.callsTo('POST', '/api/statement/slip')[2]?.body).toEqual({ page: 2, limit: 10 });
  });

  it('[SLIP-3] view asks for the image address and opens it in a new tab; a picture no longer kept is said so', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { dialog, user, api } = await openTable({
      'POST /api/statement/slip': listed,
      'GET /api/statement/slip/reference/REF500': () =>
        json(slips.slipImageLink.response.parse({ url: 'https://files.example/slips/REF500.png?sig=abc' })),
      'GET /api/statement/slip/reference/REFDUP': () => fail('SLIP_IMAGE_GONE', 410),
      'GET /api/statement/slip/reference/sl_unread': () =>
        json(
          slips.slipImageLink.response.parse({ url: 'https://files.example/slips/sl_unread.png?sig=def' }),
        ),
    });
    await within(dialog).findAllByTestId('slip-row');
    const views = within(dialog).getAllByRole('button', { name: /^View the slip of / });
    await user.click(views[1]!);
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/slips/REF500.png?sig=abc'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(api.callsTo('GET', '/api/statement/slip/reference/REF500')).toHaveLength(1);

    // A slip whose QR could not be read has no reference: it is asked for by its id.
    await user.click(views[3]!);
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/slips/sl_unread.png?sig=def'));

    // An old slip whose picture is no longer kept says so, in the member's words.
    await user.click(views[2]!);
    expect(await screen.findByText(errorEn('SLIP_IMAGE_GONE'))).toBeTruthy();
    expect(tab.close).toHaveBeenCalledTimes(1);
  });
});
