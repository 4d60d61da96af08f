// The operator console's API (/api/console/*): staff sign in with a password and a TOTP code; the
// server's one permission table (server/src/modules/staff/permissions.ts) decides what each role may do.
// A member's token is refused on every console route and a staff token on every member route, so these
// endpoints are `auth: false` for the member session and the console scope checks its own.
import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './constants.ts';
import { AMOUNT_MAX_BAHT, exactMinor } from './money.ts';

export const STAFF_ROLES = ['support', 'finance', 'marketing', 'risk', 'admin', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** A staff password: ASVS 6.2.1 asks 12 at least for accounts this strong. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
/** RFC 6238 with the authenticator apps' defaults: SHA-1, six digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_S = 30;
/** A money action needs a TOTP code given this recently (at sign-in or in the request). */
export const STEP_UP_WINDOW_S = 300;
export const RECOVERY_CODE_COUNT = 10;

export const APPROVAL_KINDS = ['adjustment', 'withdrawal', 'payout-account', 'role'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const username = text().trim().toLowerCase().regex(STAFF_USERNAME_PATTERN);
/** A TOTP code (6 digits) or one of the recovery codes (letters and digits, dashes allowed). */
export const stepUpCodeSchema = text().trim().min(6).max(32);
const code = stepUpCodeSchema;
const reason = text().trim().max(500);

/** A signed amount in the member's currency, two decimals at most, not zero; negative is a debit. */
export const signedAmountSchema = z
  .number()
  .min(-AMOUNT_MAX_BAHT)
  .max(AMOUNT_MAX_BAHT)
  .refine((n) => {
    const minor = exactMinor(n);
    return minor !== undefined && minor !== 0n;
  }, 'whole satang, not zero');

const ok = z.object({ ok: z.literal(true) });

// ---- Sign-in, password, TOTP ----

export const consoleSessionSchema = z.object({
  token: text(),
  mustChangePassword: z.boolean(),
  mustEnrolTotp: z.boolean(),
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const signIn = endpoint({
  method: 'POST',
  path: '/api/console/session',
  body: z.object({
    username: text().trim().toLowerCase().min(1).max(64),
    password: text().min(1).max(PASSWORD_MAX_LENGTH),
    code: code.optional(),
  }),
  response: consoleSessionSchema,
  auth: false,
});

export const signOut = endpoint({
  method: 'DELETE',
  path: '/api/console/session',
  body: undefined,
  response: ok,
  auth: false,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/console/password',
  body: z.object({
    oldPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  }),
  response: ok,
  auth: false,
});

export const totpEnrolmentSchema = z.object({ secret: text(), uri: text(), qrSvg: text() });
export const totpEnrol = endpoint({
  method: 'POST',
  path: '/api/console/totp/enrol',
  body: undefined,
  response: totpEnrolmentSchema,
  auth: false,
});

export const totpConfirm = endpoint({
  method: 'POST',
  path: '/api/console/totp/confirm',
  body: z.object({ code }),
  response: z.object({ recoveryCodes: z.array(text()) }),
  auth: false,
});

export const consoleMeSchema = z.object({
  username: text(),
  role: staffRoleSchema,
  permissions: z.array(text()),
  mustChangePassword: z.boolean(),
  mustEnrolTotp: z.boolean(),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

export const me = endpoint({
  method: 'GET',
  path: '/api/console/me',
  body: undefined,
  response: consoleMeSchema,
  auth: false,
});

// ---- Staff ----

export const staffMemberSchema = z.object({
  username: text(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  createdAt: text(),
  lastSignInAt: text().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffList = endpoint({
  method: 'GET',
  path: '/api/console/staff',
  body: undefined,
  response: z.object({ items: z.array(staffMemberSchema) }),
  auth: false,
});

export const staffCreate = endpoint({
  method: 'POST',
  path: '/api/console/staff',
  /** A new admin is made by a role change (four-eyes): role admin is ADMIN_BY_PROMOTION. Needs step-up. */
  body: z.object({ username, role: staffRoleSchema, code: code.optional() }),
  response: z.object({ username: text(), oneTimePassword: text() }),
  auth: false,
});

export const staffDisable = endpoint({
  method: 'POST',
  path: '/api/console/staff/{username}/disable',
  /** Needs step-up: a TOTP code (`code`) given in the last five minutes. */
  body: z.object({ reason: reason.optional(), code: code.optional() }).optional(),
  response: ok,
  auth: false,
});

/** A bank account as a request shows it: bank code, number and holder's name. */
const bankAccountRefSchema = z.object({ bankCode: text(), accountNo: text(), accountName: text() });

/** An approval request as the maker sees it after asking. */
export const approvalRequestedSchema = z.object({
  id: text(),
  status: z.literal('AWAITING_APPROVAL'),
});

export const staffRole = endpoint({
  method: 'POST',
  path: '/api/console/staff/{username}/role',
  body: z.object({ role: staffRoleSchema, code: code.optional() }),
  response: approvalRequestedSchema,
  auth: false,
});

// ---- Four-eyes ----

export const adjust = endpoint({
  method: 'POST',
  path: '/api/console/adjustments',
  body: z.object({
    phone: text().trim().min(1).max(32),
    amount: signedAmountSchema,
    reason: reason.min(1),
    code: code.optional(),
  }),
  response: approvalRequestedSchema,
  auth: false,
});

/**
 * What finance weighs before paying a withdrawal: the member's last credited deposit before it (a
 * deposit notice is not one) and their play from it to the withdrawal, from the bet feed: stakes
 * (`bets`) and the result (`net`, wins minus stakes; negative is a loss). No stakes at all is money
 * deposited and taken out unplayed. Null where it is used when the member never deposited.
 */
export const sinceDepositSchema = z.object({
  at: text(),
  amount: z.number(),
  bets: z.number(),
  net: z.number(),
});
export type SinceDeposit = z.infer<typeof sinceDepositSchema>;

export const approvalSchema = z.object({
  id: text(),
  kind: z.enum(APPROVAL_KINDS),
  payload: z.record(text(), z.unknown()),
  maker: text(),
  createdAt: text(),
  status: z.enum(APPROVAL_STATUSES),
  decidedBy: text().nullable(),
  decidedAt: text().nullable(),
  reason: text().nullable(),
  /**
   * In the list, what the approver compares against: the member the request is about as they are now
   * (their name, phone and payout account: a bank-account change's "from"), and a withdrawal's
   * destination account. Null for a role change, and in a decision's answer.
   */
  subject: z
    .object({
      name: text(),
      phone: text(),
      account: bankAccountRefSchema,
      paysTo: bankAccountRefSchema.nullable(),
      /** A withdrawal's: the last deposit before it and the play since; null for other kinds, or never deposited. */
      sinceDeposit: sinceDepositSchema.nullable().default(null),
    })
    .nullable()
    .default(null),
});
export type Approval = z.infer<typeof approvalSchema>;

/** Query: ?status=AWAITING_APPROVAL|APPROVED|REJECTED|EXPIRED (default AWAITING_APPROVAL). */
export const approvals = endpoint({
  method: 'GET',
  path: '/api/console/approvals',
  body: undefined,
  response: z.object({ items: z.array(approvalSchema) }),
  auth: false,
});

const decision = z.object({ reason: reason.optional(), code: code.optional() }).optional();
export const approve = endpoint({
  method: 'POST',
  path: '/api/console/approvals/{id}/approve',
  body: decision,
  response: approvalSchema,
  auth: false,
});
export const reject = endpoint({
  method: 'POST',
  path: '/api/console/approvals/{id}/reject',
  body: decision,
  response: approvalSchema,
  auth: false,
});

// ---- Members ----

export const MEMBER_STATUSES = ['ACTIVE', 'FROZEN', 'INACTIVE'] as const;
export const memberRowSchema = z.object({
  memberId: text(),
  phone: text(),
  name: text(),
  status: z.enum(MEMBER_STATUSES),
  currency: text(),
  createdAt: text(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** Query: ?q=<phone | name | bank account number | member id | deposit or transfer reference>. */
export const members = endpoint({
  method: 'GET',
  path: '/api/console/members',
  body: undefined,
  response: z.object({ items: z.array(memberRowSchema) }),
  auth: false,
});

export const memberDetailSchema = z.object({
  profile: memberRowSchema,
  bankAccount: z.object({ bankCode: text(), accountNo: text(), accountName: text() }).nullable(),
  /** Amounts in the member's currency, two decimals. */
  wallet: z.object({ balance: z.number(), currency: text() }),
  /**
   * The member's game accounts: `balance` what the ledger holds at the provider for them (transfers in
   * less transfers out), `reported` what the provider last said the account holds (what the member's
   * wallet shows: play changes it), at `reportedAt`; `stale` when the last refresh had no answer.
   */
  games: z.array(
    z.object({
      provider: text(),
      name: text(),
      balance: z.number(),
      reported: z.number().nullable(),
      reportedAt: text().nullable(),
      stale: z.boolean(),
    }),
  ),
  status: z.enum(MEMBER_STATUSES),
  frozen: z.boolean(),
  frozenReason: text().nullable(),
  /** The member's chat conversation (GET /api/console/chats/{id}); null until they first write. */
  chatId: text().nullable(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const member = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}',
  body: undefined,
  response: memberDetailSchema,
  auth: false,
});

const freezeBody = z.object({ reason: reason.optional() }).optional();
export const freeze = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/freeze',
  body: freezeBody,
  response: ok,
  auth: false,
});
export const unfreeze = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/unfreeze',
  body: freezeBody,
  response: ok,
  auth: false,
});

/**
 * A staff member's change of a member's payout account: a four-eyes request (the member's own change is
 * PUT /api/account/profile). Approved, it is checked again and made, with the new-account hold.
 */
export const payoutAccount = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/payout-account',
  body: z.object({
    bankCode: text().trim().min(1).max(16),
    bankAccountNo: text().trim().min(1).max(32),
    bankAccountName: text().trim().min(1).max(NAME_MAX_LENGTH),
    reason: reason.min(1),
    code: code.optional(),
  }),
  response: approvalRequestedSchema,
  auth: false,
});

// ---- Audit ----

export const auditRowSchema = z.object({
  id: text(),
  at: text(),
  actor: text(),
  action: text(),
  target: text().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: text().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/**
 * Query: ?limit=&before=<id>&actor=&action=&memberId=&from=&to= (ISO times). The same rows as a CSV
 * file: GET /api/console/audit.csv with the same query.
 */
export const audit = endpoint({
  method: 'GET',
  path: '/api/console/audit',
  body: undefined,
  response: z.object({ items: z.array(auditRowSchema), nextBefore: text().nullable() }),
  auth: false,
});
