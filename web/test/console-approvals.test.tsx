import type { Approval } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, json, type Call } from './api';
import { approvalFixture, FIRST_LOAD, renderConsole } from './console';
import { location } from './render';

const waiting: Approval = approvalFixture({
  payload: {
    memberId: 'm_1',
    phone: '0812345678',
    amount: -120.5,
    currency: 'BAHT',
    reason: 'double credit',
  },
});

function approvalsApi(approve: (call: Call) => Response) {
  return {
    'GET /api/console/approvals': () => json({ items: [waiting] }),
    'POST /api/console/approvals/apr_1/approve': approve,
  };
}

async function openApprove(handlers: ReturnType<typeof approvalsApi>) {
  const view = await renderConsole('/console/approvals', 'finance', handlers);
  const row = await screen.findByTestId('approval-apr_1', {}, FIRST_LOAD);
  expect(within(row).getByText('-120.50 THB')).toBeTruthy();
  expect(within(row).getByText('finance.two')).toBeTruthy();
  expect(within(row).getByText('26/11/2026 09:00:00')).toBeTruthy();
  await view.user.click(within(row).getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
  await view.user.type(within(dialog).getByLabelText('Reason (optional)'), 'checked the statement');
  await view.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  return view;
}

describe('console approvals', () => {
  it('[console] a money approval the server answers STEP_UP_REQUIRED asks for a TOTP code and sends it again with it', async () => {
    const { api, user, router } = await openApprove(
      approvalsApi((call) =>
        (call.body as { code?: string }).code === '246810'
          ? json({
              ...waiting,
              status: 'APPROVED',
              decidedBy: 'finance.one',
              decidedAt: '2026-11-26T03:00:00.000Z',
            })
          : fail('STEP_UP_REQUIRED', 401),
      ),
    );
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    // A wrong code keeps the small modal open and says so.
    await user.type(within(stepUp).getByLabelText('Code'), '111111');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(stepUp).findByText('That code was not accepted. Enter the current one.'),
    ).toBeTruthy();
    await user.type(within(stepUp).getByLabelText('Code'), '246810');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Approved.')).toBeTruthy();

    const calls = api.callsTo('POST', '/api/console/approvals/apr_1/approve').map((c) => c.body);
    expect(calls).toEqual([
      { reason: 'checked the statement' },
      { reason: 'checked the statement', code: '111111' },
      { reason: 'checked the statement', code: '246810' },
    ]);
    // STEP_UP_REQUIRED is a 401 that does not end the session.
    expect(location(router)).toBe('/console/approvals');
    expect(sessionStorage.getItem('console_token')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('[console] the approver sees the member as they are now: a bank-account change from and to, a withdrawal the account it pays to and the play since the last deposit', async () => {
    const subject = {
      name: 'Somchai Jaidee',
      phone: '0812345678',
      account: { bankCode: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
      paysTo: null,
      sinceDeposit: null,
    };
    const change = approvalFixture({
      id: 'apr_2',
      kind: 'payout-account',
      payload: {
        memberId: 'm_1',
        bankCode: 'TMB',
        bankAccountNo: '0481234567',
        bankAccountName: 'SOMCHAI JAIDEE',
        reason: 'new bank',
      },
      subject,
    });
    const withdrawal = approvalFixture({
      id: 'apr_3',
      kind: 'withdrawal',
      payload: { withdrawalId: 'W1', memberId: 'm_1', amount: 1_200, currency: 'BAHT' },
      subject: {
        ...subject,
        paysTo: subject.account,
        sinceDeposit: { at: '2026-11-26T01:00:00.000Z', amount: 1_500, bets: 0, net: 0 },
      },
    });
    await renderConsole('/console/approvals', 'finance', {
      'GET /api/console/approvals': () => json({ items: [change, withdrawal] }),
    });
    const changeRow = await screen.findByTestId('approval-apr_2', {}, FIRST_LOAD);
    const what = within(changeRow).getByTestId('approval-account-change').textContent ?? '';
    expect(what).toContain('Somchai Jaidee · 0812345678 · m_1');
    expect(what).toContain('Now: KBANK 123-456-7890 · SOMCHAI JAIDEE');
    expect(what).toContain('New: ttb 048-123-4567 · SOMCHAI JAIDEE');
    expect(what).toContain('Reason: new bank');
    expect(what).not.toContain('{');
    const withdrawalRow = screen.getByTestId('approval-apr_3');
    expect(within(withdrawalRow).getByTestId('approval-pays-to').textContent).toBe(
      'Pays to KBANK 123-456-7890 · SOMCHAI JAIDEE',
    );
    expect(within(withdrawalRow).getByText('1,200.00 THB')).toBeTruthy();
    expect(within(withdrawalRow).getByTestId('since-deposit').textContent).toBe(
      'Deposited 1,500.00 THB · 26/11/2026 08:00:00Not played since',
    );
    expect(within(changeRow).queryByTestId('since-deposit')).toBeNull();
  });

  it("[console] approving one's own request says FOUR_EYES in words", async () => {
    await openApprove(approvalsApi(() => fail('FOUR_EYES', 403)));
    const dialog = screen.getByRole('dialog', { name: 'Approve this request?' });
    expect(
      await within(dialog).findByText('Another staff member must decide on your own request.'),
    ).toBeTruthy();
  });

  it("[console] one's own waiting request offers no decision, and says another person decides it", async () => {
    await renderConsole('/console/approvals', 'finance', {
      'GET /api/console/approvals': () => json({ items: [{ ...waiting, maker: 'finance.one' }] }),
    });
    const row = await screen.findByTestId('approval-apr_1', {}, FIRST_LOAD);
    expect(within(row).getByText('Your request: another staff member decides it')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('[console] a request someone else decided meanwhile says ALREADY_DECIDED in words', async () => {
    await openApprove(approvalsApi(() => fail('ALREADY_DECIDED', 409)));
    const dialog = screen.getByRole('dialog', { name: 'Approve this request?' });
    expect(await within(dialog).findByText('This request has already been decided.')).toBeTruthy();
  });

  it('[console] rejecting needs a reason', async () => {
    const { api, user } = await renderConsole('/console/approvals', 'finance', {
      'GET /api/console/approvals': () => json({ items: [waiting] }),
      'POST /api/console/approvals/apr_1/reject': () =>
        json({
          ...waiting,
          status: 'REJECTED',
          decidedBy: 'finance.one',
          decidedAt: '2026-11-26T03:00:00.000Z',
        }),
    });
    await user.click(
      within(await screen.findByTestId('approval-apr_1', {}, FIRST_LOAD)).getByRole('button', {
        name: 'Reject',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Write a reason.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/approvals/apr_1/reject')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'no such double credit');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/approvals/apr_1/reject')[0]?.body).toEqual({
      reason: 'no such double credit',
    });
  });
});
