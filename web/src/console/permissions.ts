import type { ConsoleMe } from '@krapao/contract';

/**
 * The permission names the console shows or hides things by. The server's permission table
 * (server/src/modules/staff/permissions.ts) is the truth and refuses what a role may not do; the console
 * only hides what GET /api/console/me does not list.
 */
export const PERMISSIONS = {
  membersRead: 'members.read',
  membersFreeze: 'members.freeze',
  membersPasswordReset: 'members.password-reset',
  membersNotes: 'members.notes',
  membersPayoutAccount: 'members.payout-account',
  exclusionsManage: 'exclusions.manage',
  limitsManage: 'limits.manage',
  staffRead: 'staff.read',
  staffManage: 'staff.manage',
  adjustmentsMake: 'adjustments.make',
  approvalsRead: 'approvals.read',
  approvalsDecide: 'approvals.decide',
  auditRead: 'audit.read',
  dashboardRead: 'dashboard.read',
  chatRead: 'chat.read',
  chatAnswer: 'chat.answer',
  withdrawalsRead: 'withdrawals.read',
  slipsDecide: 'slips.decide',
  bonusesRead: 'bonuses.read',
  bonusesManage: 'bonuses.manage',
  wheelRead: 'wheel.read',
  wheelManage: 'wheel.manage',
  rulesRead: 'rules.read',
  rulesManage: 'rules.manage',
  agreementsRead: 'agreements.read',
  agreementsManage: 'agreements.manage',
  settingsRead: 'settings.read',
  settingsManage: 'settings.manage',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Deciding a request of each kind (a role change is the admin's, server DECIDE_PERMISSION). */
export const DECIDE_PERMISSION: Record<string, Permission> = {
  adjustment: PERMISSIONS.approvalsDecide,
  withdrawal: PERMISSIONS.approvalsDecide,
  'payout-account': PERMISSIONS.approvalsDecide,
  role: PERMISSIONS.staffManage,
};

export function can(me: Pick<ConsoleMe, 'permissions'> | undefined, permission: Permission): boolean {
  return me?.permissions.includes(permission) ?? false;
}
