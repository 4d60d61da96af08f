// The operator console's live queues and chat console (/api/console/queues*, /api/console/chats*): what
// waits for a person (unmatched bank lines, withdrawals, slips, stuck game transfers, refused QR
// payments, waiting chats), and the actions on it. Each tile and each route is held to the server's one
// permission table (server/src/modules/staff/permissions.ts); money actions need a recent TOTP code.
import { z } from 'zod';
import { chatMessageContentSchema, chatMessageSchema } from './chat.ts';
import { endpoint, text } from './common.ts';
import { sinceDepositSchema } from './console.ts';

export const QUEUES = ['bankLines', 'withdrawals', 'slips', 'transfers', 'qr', 'chats'] as const;
export type QueueName = (typeof QUEUES)[number];

/** A game transfer still unsettled this long after it started is stuck (the console's transfers queue). */
export const STUCK_TRANSFER_AFTER_S = 600;
/** Bank-line candidates: a member's pending deposit notice within this many baht or kip of the line. */
export const MATCH_AMOUNT_TOLERANCE = 5;
export const MATCH_AMOUNT_TOLERANCE_MINOR = MATCH_AMOUNT_TOLERANCE * 100;
/** The staff socket's event: some queue changed, ask again (it carries no data). */
export const QUEUES_CHANGED_EVENT = 'console:queues';

const amount = z.number();
const iso = text();
const code = text().trim().min(6).max(32);
const reason = text().trim().min(1).max(500);

export const queueTileSchema = z.object({
  queue: z.enum(QUEUES),
  count: z.number().int(),
  /** When the oldest item started waiting; null for an empty queue. */
  oldestAt: iso.nullable(),
  /** Its age in seconds on the server's clock. */
  oldestAgeS: z.number().int().nullable(),
  sums: z.array(z.object({ currency: text(), amount })),
});
export type QueueTile = z.infer<typeof queueTileSchema>;

export const queues = endpoint({
  method: 'GET',
  path: '/api/console/queues',
  body: undefined,
  response: z.object({ tiles: z.array(queueTileSchema), at: iso }),
  auth: false,
});

// ---- Bank lines ----

export const matchCandidateSchema = z.object({
  memberId: text(),
  phone: text(),
  name: text(),
  /** What points at this member: 'notice' (a pending deposit notice near the amount), 'account', 'name'. */
  why: z.array(text()),
  noticeId: text().nullable(),
  noticeAmount: amount.nullable(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

export const bankLineSchema = z.object({
  reference: text(),
  fromBankCode: text(),
  fromAccountNo: text(),
  toAccountNo: text(),
  amount,
  currency: text().nullable(),
  receivedAt: iso,
  candidates: z.array(matchCandidateSchema),
});
export type BankLine = z.infer<typeof bankLineSchema>;

export const bankLines = endpoint({
  method: 'GET',
  path: '/api/console/queues/bank-lines',
  body: undefined,
  response: z.object({ items: z.array(bankLineSchema) }),
  auth: false,
});
export const matchBankLine = endpoint({
  method: 'POST',
  path: '/api/console/queues/bank-lines/{reference}/match',
  body: z.object({
    phone: text().trim().min(1).max(32),
    noticeId: text().trim().max(64).optional(),
    code: code.optional(),
  }),
  response: z.object({ reference: text(), memberId: text(), depositId: text() }),
  auth: false,
});

// ---- Withdrawals ----

export const queuedWithdrawalSchema = z.object({
  withdrawalId: text(),
  memberId: text(),
  phone: text(),
  name: text(),
  amount,
  currency: text(),
  bankCode: text(),
  bankAccountNo: text(),
  bankAccountName: text(),
  createdAt: iso,
  heldFor: text().nullable(),
  /** The four-eyes request it waits on (another staff member decides it in Approvals); null if none. */
  approvalId: text().nullable(),
  /**
   * Above the second-approval amount of its currency (console.approvalAboveMinor) and not yet approved
   * by two: approving it asks another staff member (a four-eyes request), it does not pay it.
   */
  needsSecondApproval: z.boolean(),
  /** The member's last deposit before it and their play since (console.ts); null: never deposited. */
  sinceDeposit: sinceDepositSchema.nullable(),
});
export type QueuedWithdrawal = z.infer<typeof queuedWithdrawalSchema>;

export const withdrawals = endpoint({
  method: 'GET',
  path: '/api/console/queues/withdrawals',
  body: undefined,
  response: z.object({ items: z.array(queuedWithdrawalSchema) }),
  auth: false,
});
export const approveWithdrawal = endpoint({
  method: 'POST',
  path: '/api/console/queues/withdrawals/{id}/approve',
  body: z.object({ code: code.optional() }).optional(),
  response: z.object({ withdrawalId: text(), status: text(), approvalId: text().optional() }),
  auth: false,
});
export const rejectWithdrawal = endpoint({
  method: 'POST',
  path: '/api/console/queues/withdrawals/{id}/reject',
  /** The reason is sent to the member in their chat, under the staff member's name. */
  body: z.object({ reason, code: code.optional() }),
  response: z.object({ withdrawalId: text(), status: text() }),
  auth: false,
});

// ---- Slips ----

export const queuedSlipSchema = z.object({
  slipId: text(),
  memberId: text(),
  phone: text(),
  status: text(),
  note: text().nullable(),
  amount: amount.nullable(),
  currency: text(),
  createdAt: iso,
  /** The bank's reference read from the slip's QR; null when it could not be read. */
  reference: text().nullable(),
  /** The picture is still kept (it is dropped some days after the slip settled). */
  hasPicture: z.boolean(),
});
/**
 * Slips the verifier still works on, and those it refused in the last day that nobody has handled yet,
 * oldest first.
 */
export type QueuedSlip = z.infer<typeof queuedSlipSchema>;
export const slips = endpoint({
  method: 'GET',
  path: '/api/console/queues/slips',
  body: undefined,
  response: z.object({ items: z.array(queuedSlipSchema) }),
  auth: false,
});

/** A short-lived address of the slip's picture (the member's view link's kind); 410 SLIP_IMAGE_GONE. */
export const slipPicture = endpoint({
  method: 'GET',
  path: '/api/console/queues/slips/{slipId}/picture',
  body: undefined,
  response: z.object({ url: text() }),
  auth: false,
});

/**
 * A refused slip looked at by a person (its money credited from the bank line, or the member answered
 * in the chat): it leaves the queue. Only a refused slip not handled yet: else 409 ALREADY_DECIDED.
 */
export const slipHandled = endpoint({
  method: 'POST',
  path: '/api/console/queues/slips/{slipId}/handled',
  body: z.object({ reason: text().trim().max(500).optional() }).optional(),
  response: z.object({ slipId: text(), handledBy: text() }),
  auth: false,
});

// ---- Game transfers ----

export const stuckTransferSchema = z.object({
  reference: text(),
  memberId: text(),
  phone: text(),
  provider: text(),
  direction: text(),
  amount,
  currency: text(),
  createdAt: iso,
  checks: z.number().int(),
});
export const transfers = endpoint({
  method: 'GET',
  path: '/api/console/queues/transfers',
  body: undefined,
  response: z.object({ items: z.array(stuckTransferSchema) }),
  auth: false,
});
export const checkTransfer = endpoint({
  method: 'POST',
  path: '/api/console/queues/transfers/{reference}/check',
  body: z.object({ code: code.optional() }).optional(),
  response: z.object({ reference: text(), status: text() }),
  auth: false,
});

// ---- Refused QR payments ----

export const refusedQrSchema = z.object({
  id: text(),
  provider: text(),
  orderId: text(),
  transactionId: text(),
  amount,
  currency: text().nullable(),
  paidAt: iso,
  reason: text(),
  memberPhone: text().nullable(),
});
export const qr = endpoint({
  method: 'GET',
  path: '/api/console/queues/qr',
  body: undefined,
  response: z.object({ items: z.array(refusedQrSchema) }),
  auth: false,
});
const qrBody = z.object({ phone: text().trim().max(32).optional(), code: code.optional() }).optional();
const qrAnswer = z.object({ id: text(), resolution: text() });
export const qrCredit = endpoint({
  method: 'POST',
  path: '/api/console/queues/qr/{id}/credit',
  body: qrBody,
  response: qrAnswer,
  auth: false,
});
export const qrRefunded = endpoint({
  method: 'POST',
  path: '/api/console/queues/qr/{id}/refunded',
  body: qrBody,
  response: qrAnswer,
  auth: false,
});

// ---- Chat console ----

export const consoleConversationSchema = z.object({
  id: text(),
  memberId: text().nullable(),
  guestId: text().nullable(),
  name: text().nullable(),
  phone: text().nullable(),
  unread: z.number().int(),
  /** The customer's first unanswered message; null when nothing waits for an answer. */
  waitingSince: iso.nullable(),
  lastMessageAt: iso.nullable(),
  closed: z.boolean(),
  assignedTo: text().nullable(),
});
export type ConsoleConversation = z.infer<typeof consoleConversationSchema>;

export const chats = endpoint({
  method: 'GET',
  path: '/api/console/chats',
  body: undefined,
  response: z.object({ items: z.array(consoleConversationSchema) }),
  auth: false,
});

export const chatMemberContextSchema = z.object({
  memberId: text(),
  name: text(),
  phone: text(),
  currency: text(),
  balance: amount,
  deposits: z.array(z.object({ amount, channel: text(), status: text(), createdAt: iso })),
});
export type ChatMemberContext = z.infer<typeof chatMemberContextSchema>;

export const chatThread = endpoint({
  method: 'GET',
  path: '/api/console/chats/{id}',
  body: undefined,
  response: z.object({
    conversation: consoleConversationSchema,
    messages: z.array(chatMessageSchema),
    member: chatMemberContextSchema.nullable(),
  }),
  auth: false,
});
export const chatReply = endpoint({
  method: 'POST',
  path: '/api/console/chats/{id}/messages',
  body: z.object({ message: chatMessageContentSchema }),
  response: chatMessageSchema,
  auth: false,
});
export const chatAssign = endpoint({
  method: 'POST',
  path: '/api/console/chats/{id}/assign',
  body: undefined,
  response: consoleConversationSchema,
  auth: false,
});
export const chatClose = endpoint({
  method: 'POST',
  path: '/api/console/chats/{id}/close',
  body: undefined,
  response: consoleConversationSchema,
  auth: false,
});
/** A picture for a reply: multipart, one file field; answered with the media payload to send. */
export const CHAT_IMAGE_UPLOAD_PATH = '/api/console/chats/{id}/image';
