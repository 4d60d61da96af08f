import { console as consoleApi, type MemberDetail } from '@krapao/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    games: [{ provider: 'PG', balance: 200 }],
    status: frozen ? 'FROZEN' : 'ACTIVE',
    frozen,
    frozenReason: reason,
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
    await user.type(within(dialog).getByLabelText('Amount (THB)'), '-120.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'double credit');
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
