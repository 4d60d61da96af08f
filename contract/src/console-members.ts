// A member's care in the operator console (/api/console/members/{memberId}/*), beside the search, the
// detail, the freeze and the payout-account request of console.ts: the member's statement as they see
// it, their sign-ins, ending their sessions, a password reset they finish themselves, and staff notes.
// Staff never see or set a member's password: the reset sends the member the code of the forgot-password
// flow (docs/api.md "Forgot password").
import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { memberDetailSchema, stepUpCodeSchema } from './console.ts';
import { amountSchema } from './money.ts';
import { EXCLUSION_MONTHS, PROTECTION_LIMIT_KEYS, protectionSchema, TIMEOUT_DAYS } from './protection.ts';
import { slipSchema } from './slips.ts';
import { statementEntrySchema, statementDaySchema, STATEMENT_TYPES } from './statement.ts';

/** Entries a page of the member's statement shows in the console. */
export const MEMBER_STATEMENT_PAGE_SIZE = 20;
/** The longest staff note, in characters. */
export const MEMBER_NOTE_MAX_LENGTH = 2000;

/**
 * Query: ?page=1&type=<deposit|bonus|finish_bonus|withdraw|transfer>&from=YYYY-MM-DD&to=YYYY-MM-DD: the
 * member's entries (every channel, rewards and game transfers), newest first, as their own statement
 * lists them (ST-1, ST-4), MEMBER_STATEMENT_PAGE_SIZE a page.
 */
export const memberStatement = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}/statement',
  body: undefined,
  response: z.object({ total: z.number().int(), statements: z.array(statementEntrySchema) }),
  auth: false,
});
export const memberStatementQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  type: z.enum(STATEMENT_TYPES).optional(),
  from: statementDaySchema.optional(),
  to: statementDaySchema.optional(),
});

export const memberSignInSchema = z.object({
  at: text(),
  /** Parsed simply from the user agent: '' where it names none the server knows. */
  browser: text(),
  os: text(),
  /** The whole address: staff look for accounts sharing one (the member's own list hides its last part). */
  ip: text(),
  userAgent: text(),
  /** Its session is still live (not signed out, ended or expired). */
  active: z.boolean(),
});
export type MemberSignIn = z.infer<typeof memberSignInSchema>;

/** The member's recent sign-ins, newest first, and how many of their sessions are live now. */
export const memberSignIns = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}/sign-ins',
  body: undefined,
  response: z.object({ items: z.array(memberSignInSchema), liveSessions: z.number().int() }),
  auth: false,
});

/**
 * Ends every session of the member at once (a lost phone, a shared computer, an account taken over):
 * their next request answers invalid-token and their sockets close. Audited with the reason.
 */
export const endMemberSessions = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/sessions/end',
  body: z.object({ reason: text().trim().min(1).max(500) }),
  response: z.object({ ended: z.number().int() }),
  auth: false,
});

/**
 * The member's player protection as they see it at /user/limits (docs/decisions.md "Player protection"):
 * the limits in force, a raise waiting, this period's use, and a time-out or self-exclusion in force.
 * Support reads it to answer "why can I not deposit"; without the member's own sign-in figures.
 */
const staffChangeBase = { at: text(), by: text(), reason: text() };
/** A protection change staff made for the member (newest first), from the audit: who, when, why. */
export const staffProtectionChangeSchema = z.discriminatedUnion('action', [
  // A block's length is its kind's unit: a time-out's days, a self-exclusion's months.
  z.discriminatedUnion('kind', [
    z.object({
      action: z.literal('block'),
      ...staffChangeBase,
      kind: z.literal('TIMEOUT'),
      days: z.number(),
    }),
    z.object({
      action: z.literal('block'),
      ...staffChangeBase,
      kind: z.literal('EXCLUSION'),
      months: z.number(),
    }),
  ]),
  z.object({
    action: z.literal('limit'),
    ...staffChangeBase,
    limit: z.enum(PROTECTION_LIMIT_KEYS),
    amount: z.number(),
  }),
]);
export type StaffProtectionChange = z.infer<typeof staffProtectionChangeSchema>;
export const memberProtectionSchema = protectionSchema.omit({ session: true }).extend({
  /** The blocks and lower limits staff placed for the member, newest first (at most 20). */
  byStaff: z.array(staffProtectionChangeSchema),
});
export type MemberProtection = z.infer<typeof memberProtectionSchema>;
export const memberProtection = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}/protection',
  body: undefined,
  response: memberProtectionSchema,
  auth: false,
});

const blockReason = text().trim().min(1).max(500);
/**
 * Risk blocks the member's play for them (a concern the member raised by phone or in the chat, or one
 * staff saw): a time-out of 1, 7, 30 or 42 days or a self-exclusion of 6, 12 or 60 months from now, as
 * the member's own would be: never shortening one in force, game balances brought back to the wallet.
 * Needs a TOTP code of the last five minutes (`code`); audited with the reason. Nothing in the console
 * lifts one.
 */
export const blockMember = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/block',
  body: z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('TIMEOUT'),
        days: z.literal(TIMEOUT_DAYS),
        reason: blockReason,
        code: stepUpCodeSchema.optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('EXCLUSION'),
        months: z.literal(EXCLUSION_MONTHS),
        reason: blockReason,
        code: stepUpCodeSchema.optional(),
      })
      .strict(),
  ]),
  response: memberProtectionSchema,
  auth: false,
});

/**
 * Risk sets one of the member's limits lower (a new limit where none was set is lower too): a deposit or
 * loss limit of a day, week or month, in the member's currency, applying at once, as the member's own
 * decrease does. Never a raise or a removal (LIMIT_NOT_LOWER): those stay the member's, with their 24
 * hours' wait; an increase the member has waiting is dropped, so it cannot undo this one. Needs a TOTP
 * code of the last five minutes (`code`); audited with the reason.
 */
export const lowerMemberLimit = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/limits',
  body: z
    .object({
      limit: z.enum(PROTECTION_LIMIT_KEYS),
      amount: amountSchema,
      reason: blockReason,
      code: stepUpCodeSchema.optional(),
    })
    .strict(),
  response: memberProtectionSchema,
  auth: false,
});

/**
 * Sends the member, by SMS to the registered phone, the code of the forgot-password flow with a link
 * that carries its ticket: the member types the code and a new password, and every session of theirs
 * ends then. The answer says where it went (the phone with its middle hidden) and until when the code
 * works; never the code. One a minute per member (REQUEST_LIMIT_1MIN), as the member's own request.
 */
export const memberPasswordReset = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/password-reset',
  body: z.object({ reason: text().trim().min(1).max(500) }),
  response: z.object({ sentTo: text(), expiresAt: text() }),
  auth: false,
});

export const memberNoteSchema = z.object({
  id: text(),
  at: text(),
  author: text(),
  text: text(),
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

/** The staff notes on a member, newest first. Members never see them. */
export const memberNotes = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}/notes',
  body: undefined,
  response: z.object({ items: z.array(memberNoteSchema) }),
  auth: false,
});

/** Adds a note; notes are never changed or deleted (a correction is a new note). Audited. */
export const addMemberNote = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/notes',
  body: z.object({ text: text().trim().min(1).max(MEMBER_NOTE_MAX_LENGTH) }),
  response: memberNoteSchema,
  auth: false,
});

/**
 * Asks every provider where the member has an account for its balance now (BAL-2, as the member's own
 * refresh does) and answers the member's detail with what they said.
 */
export const refreshMemberBalances = endpoint({
  method: 'POST',
  path: '/api/console/members/{memberId}/balances/refresh',
  body: undefined,
  response: memberDetailSchema,
  auth: false,
});

/**
 * Query: ?page=1. The member's slips as their own list shows them (SLIP-3), newest first,
 * MEMBER_STATEMENT_PAGE_SIZE a page.
 */
export const memberSlips = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}/slips',
  body: undefined,
  response: z.object({ total: z.number().int(), slips: z.array(slipSchema) }),
  auth: false,
});
export const memberPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A short-lived address of one of the member's slip pictures (as the slips queue's); 410 SLIP_IMAGE_GONE. */
export const memberSlipPicture = endpoint({
  method: 'GET',
  path: '/api/console/members/{memberId}/slips/{slipId}/picture',
  body: undefined,
  response: z.object({ url: text() }),
  auth: false,
});
