// The one permission table: what each staff role may do, for people in the console (/api/console/*)
// and for service accounts on the operator API (/api/ops/*) alike. The web hides what /me's
// permissions lack; this table decides.
import type { StaffRole } from '@krapao/contract';

// The permissions come in groups, and the roles are made of the groups, so a permission a group gains
// reaches every role that has it.
const MEMBER_CARE = [
  'members.read',
  'members.freeze',
  'members.password-reset',
  'members.notes',
  'members.payout-account',
] as const;
const CHAT = ['chat.read', 'chat.answer'] as const;
/** The money queues and the four-eyes requests that finance works through. */
const MONEY_QUEUES = [
  'bank.read',
  'bank.credit',
  'withdrawals.read',
  'withdrawals.decide',
  'qr.read',
  'qr.resolve',
  'slips.read',
  'slips.decide',
  'transfers.read',
  'transfers.resolve',
  'adjustments.make',
  'approvals.read',
  'approvals.decide',
] as const;
const PROGRAMMES = [
  'bonuses.read',
  'bonuses.manage',
  'wheel.read',
  'wheel.manage',
  'rules.read',
  'rules.manage',
  'agreements.read',
  'agreements.manage',
] as const;
const RISK_CONTROLS = ['members.freeze', 'limits.manage', 'exclusions.manage'] as const;
/** What only the admin changes, and the reads of it. */
const ADMINISTRATION = [
  'staff.read',
  'staff.manage',
  'settings.read',
  'settings.manage',
  'audit.read',
  'dashboard.read',
] as const;

export type Permission =
  | (typeof MEMBER_CARE)[number]
  | (typeof CHAT)[number]
  | (typeof MONEY_QUEUES)[number]
  | (typeof PROGRAMMES)[number]
  | (typeof RISK_CONTROLS)[number]
  | (typeof ADMINISTRATION)[number];

/** Every permission once, in the groups' order. */
export const PERMISSIONS: readonly Permission[] = [
  ...new Set<Permission>([
    ...MEMBER_CARE,
    ...CHAT,
    ...MONEY_QUEUES,
    ...PROGRAMMES,
    ...RISK_CONTROLS,
    ...ADMINISTRATION,
  ]),
];

const READS = PERMISSIONS.filter((p) => p.endsWith('.read'));

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  support: [...MEMBER_CARE, ...CHAT],
  finance: ['members.read', 'members.payout-account', ...MONEY_QUEUES, 'dashboard.read'],
  marketing: PROGRAMMES,
  risk: ['members.read', ...RISK_CONTROLS],
  admin: PERMISSIONS,
  // Reads everything (the dashboard among it), changes nothing.
  auditor: READS,
};

export const can = (role: StaffRole, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

/** Approving or rejecting a request of this kind needs this permission (a role change is the admin's). */
export const DECIDE_PERMISSION = {
  adjustment: 'approvals.decide',
  withdrawal: 'approvals.decide',
  'payout-account': 'approvals.decide',
  role: 'staff.manage',
} as const satisfies Record<string, Permission>;

/**
 * The operator API's routes (/api/ops/*), by their first path segment after /api/ops/: reading them
 * needs the first permission, anything else the second. A route under a prefix missing here is refused
 * to every role but admin (ops-permissions test walks the registered routes).
 */
export const OPS_PERMISSIONS: Record<string, readonly [Permission, Permission]> = {
  withdrawals: ['withdrawals.read', 'withdrawals.decide'],
  'bank-feed': ['bank.read', 'bank.credit'],
  qr: ['qr.read', 'qr.resolve'],
  actions: ['audit.read', 'audit.read'],
  agreements: ['agreements.read', 'agreements.manage'],
  bonuses: ['bonuses.read', 'bonuses.manage'],
  promotions: ['bonuses.read', 'bonuses.manage'],
  chat: ['chat.read', 'chat.answer'],
  spin: ['wheel.read', 'wheel.manage'],
  invite: ['rules.read', 'rules.manage'],
  refund: ['rules.read', 'rules.manage'],
  staff: ['staff.read', 'staff.manage'],
};

/** The permission an operator API route needs: by its prefix, admin's own when unknown. */
export function opsPermissionOf(method: string, url: string): Permission {
  const prefix = /^\/api\/ops\/([^/]+)/.exec(url)?.[1] ?? '';
  const pair = OPS_PERMISSIONS[prefix];
  if (!pair) return 'settings.manage';
  return method === 'GET' || method === 'HEAD' ? pair[0] : pair[1];
}
