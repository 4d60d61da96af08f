import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from './api';
import { approvalFixture, FIRST_LOAD, renderConsole } from './console';
import { location } from './render';

const navOf = async () => within(await screen.findByRole('navigation', { name: 'Console menu' }, FIRST_LOAD));
// The entries this file is about (other areas add theirs, such as the chat console).
const MINE = ['Home', 'Approvals', 'Members', 'Audit log', 'Staff'];
const links = async () =>
  (await navOf())
    .getAllByRole('link')
    .map((a) => a.textContent ?? '')
    .filter((name) => MINE.includes(name));

describe('console shell', () => {
  it('[console] the navbar shows only what the role may do: support sees members, not approvals, audit or staff', async () => {
    await renderConsole('/console', 'support');
    expect(await links()).toEqual(['Home', 'Members']);
    expect(screen.getByTestId('console-username').textContent).toBe('support.one');
    expect(screen.getByText('Support', { selector: '.mantine-Badge-label' })).toBeTruthy();
    // Its home has no approvals tile either, nor programmes.
    expect(screen.queryByText('Requests waiting for approval')).toBeNull();
    expect(screen.queryByTestId('tile-programmes')).toBeNull();
  });

  it('[console] marketing, which has no queue to count, finds its programmes on the home and opens one', async () => {
    const { user, router } = await renderConsole('/console', 'marketing');
    const tile = await screen.findByTestId('tile-programmes', {}, FIRST_LOAD);
    expect(
      within(tile)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Bonuses', 'Promotion codes', 'Wheel', 'Invite and refund', 'Agreements']);
    await user.click(within(tile).getByRole('link', { name: 'Wheel' }));
    await waitFor(() => expect(location(router)).toBe('/console/programmes/wheel'));
  });

  it('[console] a page the role may not read, opened by its address, says so with nothing of it behind', async () => {
    const { api } = await renderConsole('/console/audit', 'support');
    expect(await screen.findByText('Your role does not allow this.', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(api.callsTo('GET', '/api/console/audit')).toHaveLength(0);
  });

  it('[console] an admin sees every entry; an auditor reads approvals, audit and staff', async () => {
    const handlers = { 'GET /api/console/approvals': () => json({ items: [] }) };
    const admin = await renderConsole('/console', 'admin', handlers);
    expect(await links()).toEqual(['Home', 'Approvals', 'Members', 'Audit log', 'Staff']);
    admin.unmount();
    sessionStorage.clear();
    await renderConsole('/console', 'auditor', handlers);
    expect(await links()).toEqual(['Home', 'Approvals', 'Members', 'Audit log', 'Staff']);
  });

  it('[console] finance sees approvals and members, and the home tile counts waiting requests', async () => {
    await renderConsole('/console', 'finance', {
      'GET /api/console/approvals': () =>
        json({
          // Their own request waits for someone else: not theirs to count.
          items: [approvalFixture(), approvalFixture({ id: 'apr_2', maker: 'finance.one' })],
        }),
    });
    expect(await links()).toEqual(['Home', 'Approvals', 'Members']);
    await waitFor(() => expect(screen.getByTestId('tile-approvals').textContent).toBe('1'));
    expect(screen.getByTestId('tile-approvals-mine').textContent).toBe('Yours, waiting for someone else: 1');
    // 02:00 UTC is 09:00 in Bangkok.
    expect(screen.getByText('Oldest since 26/11/2026 09:00:00')).toBeTruthy();
  });

  it('[console] the language switch changes the console to Thai', async () => {
    const { user } = await renderConsole('/console', 'support');
    await navOf();
    await user.click(screen.getByTitle('ภาษาไทย'));
    expect(await screen.findByRole('link', { name: 'สมาชิก' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ออกจากระบบ' })).toBeTruthy();
  });
});
