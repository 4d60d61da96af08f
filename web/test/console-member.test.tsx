import {
  console as consoleApi,
  consoleMembers,
  NO_PROTECTION_LIMITS,
  type MemberDetail,
  type MemberProtection,
} from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, json } from './api';
import { FIRST_LOAD, renderConsole } from './console';
import { location } from './render';

const member = (frozen: boolean, reason: string | null = null): MemberDetail =>
  consoleApi.memberDetailSchema.parse({
    profile: {
      memberId: 'm_8f3a21',
      phone: '0812345678',
      name: 'Somchai Jaidee',
      status: frozen ? 'FROZEN' : 'ACTIVE',
      currency: 'BAHT',
      createdAt: '2024-03-05T14:07:09.000Z',
    },
    bankAccount: { bankCode: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
    wallet: { balance: 1500.25, currency: 'BAHT' },
    games: [
      {
        provider: 'PG',
        name: 'PG Soft',
        balance: 200,
        reported: 200,
        reportedAt: '2026-11-25T05:00:00.000Z',
        stale: false,
      },
    ],
    status: frozen ? 'FROZEN' : 'ACTIVE',
    frozen,
    frozenReason: reason,
    chatId: '41',
  });

describe('console members', () => {
  it('[console] the search finds a member and opens their page', async () => {
    const { user, router, api } = await renderConsole('/console/members', 'support', {
      'GET /api/console/members': () => json({ items: [member(false).profile] }),
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
    });
    await user.type(await screen.findByLabelText('Search members', {}, FIRST_LOAD), '081234');
    await user.click(await screen.findByText('Somchai Jaidee', {}, FIRST_LOAD));
    expect(location(router)).toBe('/console/members/m_8f3a21');
    const search = api.calls.find((c) => c.path === '/api/console/members');
    expect(search).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Somchai Jaidee' })).toBeTruthy();
  });

  it('[console] Enter opens the first member of what is typed, not of the list still shown from before', async () => {
    const other = {
      ...member(false).profile,
      memberId: 'm_77aa01',
      name: 'Malee Sukjai',
      phone: '0899999999',
    };
    const { user, router } = await renderConsole('/console/members', 'support', {
      'GET /api/console/members': ({ query }) =>
        json({ items: query.get('q') === 'Malee' ? [other] : [member(false).profile] }),
      'GET /api/console/members/m_77aa01': () => json({ ...member(false), profile: other }),
    });
    const box = await screen.findByLabelText('Search members', {}, FIRST_LOAD);
    await user.type(box, 'Somchai');
    expect(await screen.findByText('Somchai Jaidee')).toBeTruthy();
    await user.clear(box);
    // Typed and sent at once: the list on screen is still Somchai's.
    await user.type(box, 'Malee{Enter}');
    expect(await screen.findByRole('heading', { name: 'Malee Sukjai' })).toBeTruthy();
    expect(location(router)).toBe('/console/members/m_77aa01');
  });

  it('[console] a member page shows profile, bank account, balances; freezing sends the reason and shows them frozen', async () => {
    let frozen = false;
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () =>
        json(member(frozen, frozen ? 'account takeover suspected' : null)),
      'POST /api/console/members/m_8f3a21/freeze': () => {
        frozen = true;
        return json({ ok: true });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Somchai Jaidee' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('1234567890')).toBeTruthy();
    expect(screen.getByText('SOMCHAI JAIDEE')).toBeTruthy();
    expect(screen.getByTestId('member-wallet').textContent).toBe('1,500.25 THB');
    expect(screen.getByText('081-234-5678')).toBeTruthy();
    // Support may freeze but not ask for adjustments.
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByText('Write a reason.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'account takeover suspected');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));

    expect(await screen.findByText('The member is frozen.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/freeze')[0]?.body).toEqual({
      reason: 'account takeover suspected',
    });
    expect(
      await screen.findByText('This member cannot sign in or move money. Reason: account takeover suspected'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unfreeze' })).toBeTruthy();
  });

  it('[console] a role the server refuses (FORBIDDEN) reads it in words', async () => {
    const { user } = await renderConsole('/console/members/m_8f3a21', 'risk', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'POST /api/console/members/m_8f3a21/freeze': () => fail('FORBIDDEN', 403),
    });
    await user.click(await screen.findByRole('button', { name: 'Freeze' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze this member?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'checking');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByText('Your role does not allow this.')).toBeTruthy();
  });

  it('[console] finance asks for an adjustment: a request awaiting approval, with a TOTP code when asked', async () => {
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'finance', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'POST /api/console/adjustments': (call) =>
        (call.body as { code?: string }).code
          ? json({ id: 'apr_9', status: 'AWAITING_APPROVAL' })
          : fail('STEP_UP_REQUIRED', 401),
    });
    expect(screen.queryByRole('button', { name: 'Freeze' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a balance adjustment' });
    const amount = within(dialog).getByLabelText('Amount (THB)');
    await user.type(within(dialog).getByLabelText('Reason'), 'double credit');
    // Not an amount: said, and nothing is sent (a number field read 1e3 as 13, cut 1.005 to 1.00).
    for (const typed of ['1e3', '1.005', '12abc']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
      expect(
        within(dialog).getAllByText(
          'Enter digits only, with at most two decimals: for example 500 or -120.50.',
        ).length,
      ).toBeGreaterThan(0);
      expect(within(dialog).queryByTestId('adjust-preview')).toBeNull();
    }
    expect(api.callsTo('POST', '/api/console/adjustments')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '-120.5');
    expect(within(dialog).getByTestId('adjust-preview').textContent).toBe(
      'A debit of 120.50 THB from the wallet',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    await user.type(within(stepUp).getByLabelText('Code'), '135790');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sent: the adjustment is awaiting approval.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/adjustments').map((c) => c.body)).toEqual([
      { phone: '0812345678', amount: -120.5, reason: 'double credit' },
      { phone: '0812345678', amount: -120.5, reason: 'double credit', code: '135790' },
    ]);
  });
});

/** A member's protection as the console reads it: a deposit limit of 1,000 a day with 300 used. */
const protectionAnswer = (over: Partial<MemberProtection> = {}): MemberProtection =>
  consoleMembers.memberProtectionSchema.parse({
    currency: 'BAHT',
    limits: {
      depositDay: 1000,
      depositWeek: null,
      depositMonth: null,
      lossDay: null,
      lossWeek: null,
      lossMonth: 500,
    },
    pending: null,
    used: {
      depositDay: 300,
      depositWeek: 300,
      depositMonth: 300,
      lossDay: 0,
      lossWeek: 0,
      lossMonth: 20,
    },
    depositLeft: 700,
    realityCheckMinutes: 0,
    block: null,
    reviewDue: false,
    byStaff: [],
    ...over,
  });

const entry = (over: Record<string, unknown>) =>
  consoleMembers.memberStatement.response.shape.statements.element.parse({
    _id: 'D1',
    statementType: 'deposit',
    status: 'SUCCESS',
    amount: 250,
    channel: 'BANK',
    reason: null,
    createdAt: '2026-11-20T03:00:00.000Z',
    outcome: null,
    noticeId: null,
    expiresAt: null,
    from: null,
    to: null,
    fromName: null,
    toName: null,
    related: null,
    ...over,
  });

describe('console member care', () => {
  it("[console] the statement tab lists the member's entries signed as they see them, and filters by type", async () => {
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': ({ query }) =>
        json(
          query.get('type') === 'withdraw'
            ? { total: 1, statements: [entry({ _id: 'W1', statementType: 'withdraw', amount: 100 })] }
            : {
                total: 2,
                statements: [entry({ _id: 'W1', statementType: 'withdraw', amount: 100 }), entry({})],
              },
        ),
    });
    const table = await screen.findByTestId('member-statement', {}, FIRST_LOAD);
    expect(within(table).getByText('Deposit by bank transfer')).toBeTruthy();
    expect(within(table).getByText('-100.00 THB')).toBeTruthy();
    expect(within(table).getByText('+250.00 THB')).toBeTruthy();
    expect(screen.getByTestId('member-statement-count').textContent).toBe('Entries: 2');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawals' }));
    await waitFor(() => expect(screen.getByTestId('member-statement-count').textContent).toBe('Entries: 1'));
    expect(api.callsTo('GET', '/api/console/members/m_8f3a21/statement').at(-1)?.query.get('type')).toBe(
      'withdraw',
    );
  });

  it('[console] sign-ins show device and address; ending every session asks a reason and says how many ended', async () => {
    let live = 2;
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/members/m_8f3a21/sign-ins': () =>
        json({
          liveSessions: live,
          items: [
            {
              at: '2026-11-25T05:00:00.000Z',
              browser: 'Chrome',
              os: 'Android',
              ip: '203.0.113.57',
              userAgent: 'Mozilla/5.0 (Linux; Android 14)',
              active: live > 0,
            },
          ],
        }),
      'POST /api/console/members/m_8f3a21/sessions/end': () => {
        live = 0;
        return json({ ended: 2 });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Sign-ins' }, FIRST_LOAD));
    const table = await screen.findByTestId('member-sign-ins');
    expect(within(table).getByText('Chrome on Android')).toBeTruthy();
    expect(within(table).getByText('203.0.113.57')).toBeTruthy();
    expect(screen.getByTestId('member-live-sessions').textContent).toBe('Live sessions: 2');
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End every session of this member?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'phone lost');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('Sessions ended: 2.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/sessions/end')[0]?.body).toEqual({
      reason: 'phone lost',
    });
    await waitFor(() =>
      expect(screen.getByTestId('member-live-sessions').textContent).toBe('Live sessions: 0'),
    );
    expect(within(screen.getByTestId('member-sign-ins')).getByText('Ended')).toBeTruthy();
  });

  it("[console] [protection] the protection tab shows the member's limits and block; risk starts a block with a reason and a code", async () => {
    const protection = (block: MemberProtection['block']) => protectionAnswer({ block });
    let blocked: { kind: 'TIMEOUT' | 'EXCLUSION'; until: string } | null = null;
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'risk', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/members/m_8f3a21/protection': () => json(protection(blocked)),
      'POST /api/console/members/m_8f3a21/block': (call) => {
        if (!(call.body as { code?: string }).code) return fail('STEP_UP_REQUIRED', 401);
        blocked = { kind: 'EXCLUSION', until: '2027-06-02T05:00:00.000Z' };
        return json(protection(blocked));
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Protection' }, FIRST_LOAD));
    expect((await screen.findByTestId('protection-block')).textContent).toBe(
      'No time-out or self-exclusion.',
    );
    expect(screen.getByTestId('protection-depositDay').textContent).toBe('1,000.00 THBused 300.00 THB');
    expect(screen.getByTestId('protection-depositWeek').textContent).toBe('No limitused 300.00 THB');
    expect(screen.getByText('May still deposit 700.00 THB in this period.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Block play' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block play for this member' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Time-out, 1 day',
      'Time-out, 7 days',
      'Time-out, 30 days',
      'Time-out, 42 days',
      'Self-exclusion, 6 months',
      'Self-exclusion, 12 months',
      'Self-exclusion, 60 months',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('Length'), 'Self-exclusion, 6 months');
    await user.type(within(dialog).getByLabelText('Reason'), 'problem play seen');
    await user.click(within(dialog).getByRole('button', { name: 'Start the block' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    await user.type(within(stepUp).getByLabelText('Code'), '135790');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Play is blocked for the member.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/block').at(-1)?.body).toEqual({
      kind: 'EXCLUSION',
      months: 6,
      reason: 'problem play seen',
      code: '135790',
    });
    await waitFor(() =>
      expect(screen.getByTestId('protection-block').textContent).toMatch(
        /^Self-excluded until 02\/06\/2027 12:00.*withdrawals stay open\.$/,
      ),
    );
  });

  it("[console] [protection] risk lowers a member's limit with a reason and a code; a figure that is not lower is refused before sending", async () => {
    let limits = protectionAnswer().limits;
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'risk', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/members/m_8f3a21/protection': () => json(protectionAnswer({ limits })),
      'POST /api/console/members/m_8f3a21/limits': (call) => {
        if (!(call.body as { code?: string }).code) return fail('STEP_UP_REQUIRED', 401);
        limits = { ...limits, depositDay: 250 };
        return json(protectionAnswer({ limits, depositLeft: 0 }));
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Protection' }, FIRST_LOAD));
    await user.click(await screen.findByRole('button', { name: 'Lower a limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lower a limit for this member' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Deposits per day',
      'Deposits per week',
      'Deposits per month',
      'Losses per day',
      'Losses per week',
      'Losses per month',
    ]);
    // The limit in force shows under the choice; the same figure is not lower.
    expect(within(dialog).getByText('In force: 1,000.00 THB')).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount (THB)');
    await user.type(amount, '1,000');
    await user.type(within(dialog).getByLabelText('Reason'), 'asked for less in the chat');
    await user.click(within(dialog).getByRole('button', { name: 'Set the limit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Staff can only lower a limit: this one is not lower than the limit in force.',
    );
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/limits')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '12abc');
    await user.click(within(dialog).getByRole('button', { name: 'Set the limit' }));
    expect(within(dialog).getAllByText(/Enter digits only/).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/limits')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Set the limit' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    await user.type(within(stepUp).getByLabelText('Code'), '135790');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The limit is set.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/limits').at(-1)?.body).toEqual({
      limit: 'depositDay',
      amount: 250,
      reason: 'asked for less in the chat',
      code: '135790',
    });
    await waitFor(() =>
      expect(screen.getByTestId('protection-depositDay').textContent).toBe('250.00 THBused 300.00 THB'),
    );
  });

  it('[console] support reads the protection tab but is offered no block', async () => {
    const { user } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/members/m_8f3a21/protection': () =>
        json(
          consoleMembers.memberProtectionSchema.parse({
            currency: 'BAHT',
            limits: NO_PROTECTION_LIMITS,
            pending: null,
            used: { depositDay: 0, depositWeek: 0, depositMonth: 0, lossDay: 0, lossWeek: 0, lossMonth: 0 },
            depositLeft: null,
            realityCheckMinutes: 0,
            block: { kind: 'TIMEOUT', until: '2026-12-09T05:00:00.000Z' },
            reviewDue: false,
            byStaff: [
              {
                action: 'block',
                at: '2026-12-02T05:00:00.000Z',
                by: 'risk.anna',
                reason: 'asked for a break in the chat',
                kind: 'TIMEOUT',
                days: 7,
              },
              {
                action: 'limit',
                at: '2026-12-01T03:30:00.000Z',
                by: 'risk.anna',
                reason: 'asked on the phone',
                limit: 'lossWeek',
                amount: 2000,
              },
            ],
          }),
        ),
    });
    await user.click(await screen.findByRole('tab', { name: 'Protection' }, FIRST_LOAD));
    expect((await screen.findByTestId('protection-block')).textContent).toMatch(
      /^On a time-out until 09\/12\/2026 12:00/,
    );
    expect(screen.getByText('No deposit limit.')).toBeTruthy();
    // Who set what for the member, and why: support can tell the member.
    const byStaff = screen.getByTestId('protection-by-staff');
    expect(
      within(byStaff)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    ).toEqual([
      ['02/12/2026 12:00:00', 'risk.anna', 'Time-out, 7 days', 'asked for a break in the chat'],
      ['01/12/2026 10:30:00', 'risk.anna', 'Losses per week set to 2,000.00 THB', 'asked on the phone'],
    ]);
    expect(screen.queryByRole('button', { name: 'Block play' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lower a limit' })).toBeNull();
  });

  it('[console] a note is added and listed with its author; an empty one is refused before sending', async () => {
    const notes: { id: string; at: string; author: string; text: string }[] = [];
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/members/m_8f3a21/notes': () => json({ items: [...notes].reverse() }),
      'POST /api/console/members/m_8f3a21/notes': ({ body }) => {
        const note = {
          id: String(notes.length + 1),
          at: '2026-11-25T05:00:00.000Z',
          author: 'support.one',
          text: (body as { text: string }).text,
        };
        notes.push(note);
        return json(note);
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Notes' }, FIRST_LOAD));
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note first.')).toBeTruthy();
    await user.type(screen.getByLabelText('New note'), 'Called about a late deposit.');
    expect(screen.getByText(/28 of 2000 characters\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const list = await screen.findByTestId('member-notes');
    expect(within(list).getByText('Called about a late deposit.')).toBeTruthy();
    expect(within(list).getByText('support.one · 25/11/2026 12:00:00')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/notes').map((c) => c.body)).toEqual([
      { text: 'Called about a late deposit.' },
    ]);
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');
  });

  it("[console] a password reset is sent to the member's phone with a reason; staff read where it went", async () => {
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'POST /api/console/members/m_8f3a21/password-reset': () =>
        json({ sentTo: '081-•••-5678', expiresAt: '2026-11-25T05:05:00.000Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reset password' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Send a password reset' });
    expect(within(dialog).getByText(/SMS at 081-234-5678/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'member called');
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('Code sent to 081-•••-5678.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/password-reset')[0]?.body).toEqual({
      reason: 'member called',
    });
  });

  it('[console] finance asks for a payout-account change: a four-eyes request with a code when asked', async () => {
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'finance', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'POST /api/console/members/m_8f3a21/payout-account': (call) =>
        (call.body as { code?: string }).code
          ? json({ id: 'apr_7', status: 'AWAITING_APPROVAL' })
          : fail('STEP_UP_REQUIRED', 401),
    });
    // Finance neither resets passwords nor ends sessions.
    await user.click(await screen.findByRole('button', { name: 'Change payout account' }, FIRST_LOAD));
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Change the payout account' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    expect(
      await within(dialog).findByText('Choose the bank and enter the account number and name.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Account number'), '987-654-3210');
    await user.type(within(dialog).getByLabelText('Reason'), 'old account closed');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    await user.type(within(stepUp).getByLabelText('Code'), '135790');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Sent for a second approval: another staff member decides it in Approvals.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/payout-account').at(-1)?.body).toEqual({
      bankCode: 'KBANK',
      bankAccountNo: '9876543210',
      bankAccountName: 'SOMCHAI JAIDEE',
      reason: 'old account closed',
      code: '135790',
    });
  });

  it('[console] [BAL-2] game balances show what the provider said and when; a refresh asks again and shows the answer', async () => {
    const played = {
      ...member(false),
      games: [{ ...member(false).games[0]!, reported: 512.5, reportedAt: '2026-11-25T06:00:00.000Z' }],
    };
    const { user, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'POST /api/console/members/m_8f3a21/balances/refresh': () => json(played),
    });
    const games = await screen.findByTestId('member-games', {}, FIRST_LOAD);
    expect(within(games).getByText('PG Soft')).toBeTruthy();
    expect(within(games).getByText('200.00 THB')).toBeTruthy();
    expect(within(games).getByText('As of 25/11/2026 12:00:00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask the providers again' }));
    expect(await within(screen.getByTestId('member-games')).findByText('512.50 THB')).toBeTruthy();
    // What play moved it from: the ledger's figure beside it.
    expect(screen.getByText('Ledger: 200.00 THB sent in')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/members/m_8f3a21/balances/refresh')).toHaveLength(1);
  });

  it("[console] the member's chat opens from their page on their conversation", async () => {
    const { user, router, api } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/chats': () => json({ items: [] }),
    });
    await user.click(await screen.findByRole('link', { name: 'Open their chat' }, FIRST_LOAD));
    await waitFor(() => expect(location(router)).toBe('/console/chat'));
    expect(router.state.location.search).toBe('?c=41');
    await waitFor(() => expect(api.callsTo('GET', '/api/console/chats/41')).toHaveLength(1));
  });

  it("[console] [SLIP-3] the slips tab lists the member's slips with why one was refused, and opens a picture", async () => {
    const { user } = await renderConsole('/console/members/m_8f3a21', 'support', {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
      'GET /api/console/members/m_8f3a21/slips': () =>
        json({
          total: 1,
          slips: [
            {
              slipId: 'SL00000000000000000A',
              reference: '',
              amount: null,
              status: 'FAILED',
              note: 'CANNOT_READ_CROPPED_IMAGE',
              createdAt: '2026-11-25T05:00:00.000Z',
            },
          ],
        }),
      'GET /api/console/members/m_8f3a21/slips/SL00000000000000000A/picture': () =>
        json({ url: '/api/statement/slip/image/SL00000000000000000A?exp=1&sig=x' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Slips' }, FIRST_LOAD));
    const slips = await screen.findByTestId('member-slips');
    expect(within(slips).getByText('Refused')).toBeTruthy();
    expect(within(slips).getByText('Incorrect slip')).toBeTruthy();
    await user.click(within(slips).getByRole('button', { name: 'Picture' }));
    const picture = await screen.findByRole('dialog', { name: 'Slip picture' });
    expect((await within(picture).findByRole('img')).getAttribute('src')).toBe(
      '/api/statement/slip/image/SL00000000000000000A?exp=1&sig=x',
    );
  });

  it("[console] a Laos site's console names Vientiane's clock, a Thai site's Bangkok's (the same offset)", async () => {
    const handlers = {
      'GET /api/console/members/m_8f3a21': () => json(member(false)),
      'GET /api/console/members/m_8f3a21/statement': () => json({ total: 0, statements: [] }),
    };
    const thai = await renderConsole('/console/members/m_8f3a21', 'support', handlers);
    expect(await screen.findByText('Member since (Bangkok)', {}, FIRST_LOAD)).toBeTruthy();
    thai.unmount();
    vi.stubEnv('VITE_REGION', 'la');
    try {
      await renderConsole('/console/members/m_8f3a21', 'support', handlers);
      expect(await screen.findByText('Member since (Vientiane)', {}, FIRST_LOAD)).toBeTruthy();
      // The same instant either way: 14:07:09 UTC is 21:07:09 in both cities.
      expect(screen.getByText('05/03/2024 21:07:09')).toBeTruthy();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
