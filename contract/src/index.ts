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
export { chatMessageSchema, type ChatMessage, type ChatMessageContent } from './chat.ts';
export * as spin from './spin.ts';
export {
  recomputeSpin,
  type Coupon,
  type Fairness,
  type Slice,
  type SpinProof,
  type SpinRecord,
} from './spin.ts';
