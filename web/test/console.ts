import { console as consoleApi, type Approval, type ConsoleMe, type StaffRole } from '@krapao/contract';
import { json, mockApi, type Handler } from './api';
import { renderApp } from './render';

// The operator console's test helpers: a staff session in this tab and answers built with the contract's
// schemas, as api.ts does for members.

/** The permissions of each role, as the server's table gives them (server/src/modules/staff/permissions.ts). */
export const ROLE_PERMISSIONS: Record<StaffRole, string[]> = {
  support: [
    'members.read',
    'members.freeze',
    'members.password-reset',
    'members.notes',
    'members.payout-account',
    'chat.read',
    'chat.answer',
  ],
  finance: [
    'members.read',
    'members.payout-account',
    'adjustments.make',
    'approvals.read',
    'approvals.decide',
    'withdrawals.read',
    'slips.read',
    'slips.decide',
  ],
  marketing: [
    'bonuses.read',
    'bonuses.manage',
    'wheel.read',
    'wheel.manage',
    'rules.read',
    'rules.manage',
    'agreements.read',
    'agreements.manage',
  ],
  risk: ['members.read', 'members.freeze', 'limits.manage', 'exclusions.manage'],
  admin: [
    'members.read',
    'members.freeze',
    'adjustments.make',
    'approvals.read',
    'approvals.decide',
    'staff.read',
    'staff.manage',
    'audit.read',
  ],
  auditor: ['members.read', 'approvals.read', 'staff.read', 'audit.read'],
};

export const meFixture = (role: StaffRole, overrides: Partial<ConsoleMe> = {}): ConsoleMe =>
  consoleApi.me.response.parse({
    username: `${role}.one`,
    role,
    permissions: ROLE_PERMISSIONS[role],
    mustChangePassword: false,
    mustEnrolTotp: false,
    ...overrides,
  });

/** A request waiting for a second person: an adjustment finance.two asked for. */
export const approvalFixture = (overrides: Partial<Approval> = {}): Approval =>
  consoleApi.approvalSchema.parse({
    id: 'apr_1',
    kind: 'adjustment',
    payload: { memberId: 'm_1', phone: '0812345678', amount: 500, currency: 'BAHT', reason: 'goodwill' },
    maker: 'finance.two',
    createdAt: '2026-11-26T02:00:00.000Z',
    status: 'AWAITING_APPROVAL',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    ...overrides,
  });

export const STAFF_TOKEN = 'tok_staff';

/** A signed-in staff member: the token in this tab (sessionStorage), as the console keeps it. */
export function signInStaff() {
  sessionStorage.setItem('console_token', STAFF_TOKEN);
}

export function mockConsole(role: StaffRole, handlers: Record<string, Handler> = {}) {
  return mockApi({ 'GET /api/console/me': () => json(meFixture(role)), ...handlers });
}

export async function renderConsole(path: string, role: StaffRole, handlers: Record<string, Handler> = {}) {
  signInStaff();
  const api = mockConsole(role, handlers);
  const view = await renderApp(path);
  return { ...view, api };
}

/** The first screen of a test loads the console's chunks cold (transformed on demand): wait longer. */
export const FIRST_LOAD = { timeout: 20_000 };
