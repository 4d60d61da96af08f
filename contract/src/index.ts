export * from './errors.ts';
export * from './constants.ts';
export * from './common.ts';
export * as accounts from './accounts.ts';
export {
  profileSchema,
  registrationSchema,
  type Profile,
  type Registration,
  type RegistrationCheck,
  type RegistrationInput,
} from './accounts.ts';
export * as otp from './otp.ts';
export * from './lookups.ts';
export * from './howto.ts';
export * as agreements from './agreements.ts';
export { agreementsStatusSchema, type AgreementsStatus } from './agreements.ts';
export * from './money.ts';
export * as wallet from './wallet.ts';
export {
  walletSchema,
  gameAccountSchema,
  transferSchema,
  WALLET_ACCOUNT,
  type GameAccount,
  type Transfer,
  type Wallet,
} from './wallet.ts';
export * as games from './games.ts';
export { gameAccountDetailSchema, type GameAccountDetail } from './games.ts';
export * as rewards from './rewards.ts';
export {
  REWARD_SOURCES,
  activeRewardSchema,
  localizedTextSchema,
  type ActiveReward,
  type LocalizedText,
  type RewardSource,
} from './rewards.ts';
export * as invite from './invite.ts';
export { inviteLinkPath, type InviteRules, type Invitee, type ProgrammeBanner } from './invite.ts';
export * as refund from './refund.ts';
export { type RefundCheck, type RefundKind, type RefundLog, type RefundRules } from './refund.ts';
export * as bonuses from './bonuses.ts';
export {
  BONUS_STATES,
  BONUS_TYPES,
  bonusSchema,
  promotionSchema,
  type Activation,
  type Bonus,
  type BonusState,
  type BonusType,
  type Promotion,
  type RewardRule,
} from './bonuses.ts';
export * as withdrawals from './withdrawals.ts';
export * as security from './security.ts';
export {
  PIN_BLOCK_MINUTES,
  PIN_MAX_FAILURES,
  SIGN_IN_HISTORY_LENGTH,
  WITHDRAWAL_PIN_LENGTH,
  isTooSimplePin,
  isWellFormedPin,
  type PinStatus,
  type SignIn,
} from './security.ts';
export { WITHDRAWAL_STATUSES, withdrawalSchema, type Withdrawal } from './withdrawals.ts';
export * as statement from './statement.ts';
export {
  STATEMENT_STATUSES,
  STATEMENT_TYPES,
  statementEntrySchema,
  type StatementEntry,
} from './statement.ts';
export * as deposits from './deposits.ts';
export { type QrcodeRecord } from './deposits.ts';
export * as slips from './slips.ts';
export {
  SLIP_IMAGE_TYPES,
  SLIP_LINK_TTL_S,
  SLIP_MAX_BYTES,
  SLIP_UPLOADS_PER_DAY,
  SLIP_UPLOADS_PER_MIN,
  slipSchema,
  type Slip,
} from './slips.ts';
export * from './realtime.ts';
export * as chat from './chat.ts';
export { chatMessageSchema, scriptLanguage, type ChatMessage, type ChatMessageContent } from './chat.ts';
export * as spin from './spin.ts';
export {
  recomputeSpin,
  type Coupon,
  type Fairness,
  type Slice,
  type SpinProof,
  type SpinRecord,
} from './spin.ts';
export * as console from './console.ts';
export * as consoleQueues from './console-queues.ts';
export * as consoleProgrammes from './console-programmes.ts';
export * as consoleMembers from './console-members.ts';
export {
  MEMBER_NOTE_MAX_LENGTH,
  MEMBER_STATEMENT_PAGE_SIZE,
  type MemberNote,
  type MemberProtection,
  type MemberSignIn,
  type StaffProtectionChange,
} from './console-members.ts';
export {
  SLIP_TIME_PATTERN,
  type ConsoleBonus,
  type ConsolePromotion,
  type QrMinimums,
  type SlipSettings,
  type WithdrawalSettings,
} from './console-programmes.ts';
export * as consoleDashboard from './console-dashboard.ts';
export {
  DASHBOARD_DAY_PATTERN,
  DASHBOARD_MAX_DAYS,
  type Dashboard,
  type DashboardCurrency,
} from './console-dashboard.ts';
export {
  MATCH_AMOUNT_TOLERANCE,
  MATCH_AMOUNT_TOLERANCE_MINOR,
  QUEUES,
  QUEUES_CHANGED_EVENT,
  STUCK_TRANSFER_AFTER_S,
  type BankLine,
  type ChatMemberContext,
  type ConsoleConversation,
  type MatchCandidate,
  type QueueName,
  type QueueTile,
  type QueuedSlip,
  type QueuedWithdrawal,
} from './console-queues.ts';
export {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  RECOVERY_CODE_COUNT,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  STAFF_USERNAME_PATTERN,
  STEP_UP_WINDOW_S,
  TOTP_DIGITS,
  TOTP_STEP_S,
  type Approval,
  type ApprovalKind,
  type ApprovalStatus,
  type AuditRow,
  type ConsoleMe,
  type MemberDetail,
  type MemberRow,
  type SinceDeposit,
  type StaffMember,
  type StaffRole,
} from './console.ts';
export * as protection from './protection.ts';
export {
  EXCLUSION_MONTHS,
  NO_PROTECTION_LIMITS,
  PROTECTION_COOLING_OFF_H,
  PROTECTION_LIMIT_KEYS,
  PROTECTION_REVIEW_DAYS,
  REALITY_CHECK_MINUTES,
  TIMEOUT_DAYS,
  type Protection,
  type ProtectionLimitKey,
  type ProtectionLimits,
} from './protection.ts';
