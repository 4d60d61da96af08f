// The whole error-code catalogue: every code of the spec (ERR-2), plus the few codes Krapao adds
// (marked below). The server answers every failure as { "message": CODE }; the web translates CODE.

/** Accounts, deposits, transfers. */
export const PART1_ERROR_CODES = [
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'NOT_AREASLOT',
  'NOT_UFABET',
  'OTP_BLOCK',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'UNVERIFIED_OTP',
  'GAME_ACTIVATION_FAIL',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'NO_USER',
  'WRONG_PASSWORD',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  'WRONG_CREDENTIAL',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'INTERNAL_SERVER_ERROR',
  'KEY_MISSING',
  'KEY_INVALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'NO_DATA',
  'QR_FAIL',
  'NO_BANK',
  'NO_WALLET',
  'TRANSFER_MINIMUM',
  'NO_GAME',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
] as const;

/** Bonuses, promotions, invite, refund, slots, spin wheel. */
export const PART2_ERROR_CODES = [
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
] as const;

/** SLIP-4: reasons shown in brackets next to a failed slip. */
export const SLIP_REASON_CODES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;

/**
 * Codes Krapao adds where the spec names none. The spec's own words 'invalid-token' and 'gone' are
 * messages with a meaning to the client (SH-6, SH-13), so they live here too.
 */
export const KRAPAO_ERROR_CODES = [
  'invalid-token',
  'gone',
  /** A body, query or parameter that does not match the contract. */
  'INVALID_REQUEST',
  /** No such route or resource. */
  'NOT_FOUND',
  /** Too many requests from one address (global limit). */
  'TOO_MANY_REQUESTS',
  /**
   * 503: the server cannot reach its database for now (an outage, a restart) or is shutting down. Nothing
   * was done; the same request may be sent again (a money request with the same Idempotency-Key).
   */
  'SERVICE_UNAVAILABLE',
  /** Password shorter than PASSWORD_MIN_LENGTH (OWASP ASVS 6.2.1). */
  'PASSWORD_TOO_SHORT',
  /**
   * A password that is whitespace only or among the most common passwords (ASVS 6.2.4, NIST 800-63B
   * 3.1.1.2; server/src/modules/accounts/common-passwords.txt), on registration, change and reset.
   */
  'PASSWORD_TOO_WEAK',
  /** A staff password shorter than STAFF_PASSWORD_MIN_LENGTH (console.ts): staff hold more power. */
  'STAFF_PASSWORD_TOO_SHORT',
  /**
   * Not a failure: past the per-account limit of wrong passwords, POST /api/login answers this with an
   * OTP ticket, and takes the password again with the code sent to the registered phone.
   */
  'OTP_REQUIRED',
  /** New password equal to the old one. */
  'PASSWORD_SAME',
  /** PRO-3: a change of the payout account sent without the current password. */
  'PASSWORD_REQUIRED',
  /** Unknown source code at registration. */
  'INVALID_SOURCE',
  /** Unknown invite code at registration. */
  'INVALID_INVITE_CODE',
  /** Bank account number not 6 to 20 digits. */
  'INVALID_BANK_ACCOUNT_NO',
  /** A withdrawal below withdrawMin or above withdrawMax (WD-1). */
  'WITHDRAW_MINIMUM',
  'WITHDRAW_MAXIMUM',
  /** A money-moving request whose Idempotency-Key was used for a different request. */
  'IDEMPOTENCY_KEY_REUSED',
  /** A webhook or operator call whose signature or token does not verify. */
  'INVALID_SIGNATURE',
  /** An operator action on a withdrawal that is no longer pending. */
  'WITHDRAWAL_NOT_PENDING',
  /** A QR amount below the provider's minimum (DEP-8). */
  'QR_MINIMUM',
  /** Gateway callbacks (not shown to members): a paid amount that differs from the QR's. */
  'QR_AMOUNT_MISMATCH',
  /** Gateway callbacks: paid at or after the QR's expiry, or the QR was already paid by another payment. */
  'QR_EXPIRED',
  /** A slip uploaded during the operator's daily closed window (SLIP-2). */
  'SLIP_CLOSED',
  /** SLIP-3: the picture of an old slip, no longer kept (slip.imageRetentionDays). */
  'SLIP_IMAGE_GONE',
  /** SLIP-1: more slip uploads in 24 hours than SLIP_UPLOADS_PER_DAY (or slip.uploadsPerDay). */
  'SLIP_DAILY_LIMIT',
  /** HOME-2: an acceptance of agreements that are no longer the current version (read them again). */
  'AGREEMENTS_CHANGED',
  /** A True Wallet amount below TRUEWALLET_MIN_BAHT (DEP-10). */
  'TRUEWALLET_MINIMUM',
  /** Console: the same adjustment (member and amount) already waits for a second person. */
  'APPROVAL_PENDING',
  /** Console: a payout-account change to the account, and the name, the member already has. */
  'PAYOUT_ACCOUNT_SAME',
  /** DEP-10: a gift link past its expiry (the sender makes a new one). */
  'TRUELINK_EXPIRED',
  /** DEP-10: a gift link whose every share someone else already took. */
  'TRUELINK_USED',
  /** A deposit channel of another currency than the member's wallet (a kip member and True Wallet). */
  'CURRENCY_NOT_OFFERED',
  /** Chat: a conversation, room or guest id that is not the caller's own. */
  'CHAT_FORBIDDEN',
  /** Chat: a visitor's guest token that does not verify (ask POST /api/chat/guest for a new one). */
  'CHAT_GUEST_INVALID',
  /** Chat: the operator has switched the chat off (setting chat.enabled). */
  'CHAT_DISABLED',
  /** CHAT-4: a text message empty after trimming, or longer than CHAT_TEXT_MAX_LENGTH. */
  'CHAT_TEXT_EMPTY',
  'CHAT_TEXT_TOO_LONG',
  /** CHAT-5: 'File is not supported': not png/jpeg/gif/mp4/mov by content, or no extension. */
  'CHAT_FILE_NOT_SUPPORTED',
  /** CHAT-5: the translation has {{limit}}, the endpoint's CHAT_*_MAX_MB. */
  'CHAT_FILE_TOO_LARGE',
  /** CHAT-5: a media message whose file was not uploaded into this conversation. */
  'CHAT_FILE_UNKNOWN',
  /**
   * CHAT-5: the caller (or, for a visitor, their address) has uploaded as many chat files or bytes as a
   * day allows (settings chat.uploadsPerDay, chat.uploadMegabytesPerDay); 429 with Retry-After.
   */
  'CHAT_UPLOAD_LIMIT',
  /** CHAT-3: client side, joining the chat room failed: 'Cannot start chatting'. */
  'CHAT_CANNOT_START',
  /** SPIN-2 ("coins must be above 0"): a spin without a coin. */
  'SPIN_NO_COIN',
  /** SPIN-4: no spin wheel is active (the operator switched it off or gave it no weight). */
  'SPIN_INACTIVE',
  /** Console: the staff member's role lacks the permission (server/src/modules/staff/permissions.ts). */
  'FORBIDDEN',
  /** Console: a first sign-in must enrol TOTP before anything else. */
  'ENROLMENT_REQUIRED',
  /** Console: a one-time password must be replaced before anything else. */
  'PASSWORD_CHANGE_REQUIRED',
  /** Console: a money action without a TOTP code given in the last 5 minutes. */
  'STEP_UP_REQUIRED',
  /** Console: the maker of a four-eyes request cannot approve or reject it. */
  'FOUR_EYES',
  /** Console: the request was already approved, rejected or has expired. */
  'ALREADY_DECIDED',
  /** Console: a staff username already taken. */
  'STAFF_EXISTS',
  /** Console: an admin is made by a role change a second admin approves, not created by one alone. */
  'ADMIN_BY_PROMOTION',
  /** A withdrawal, payout-account change or PIN change of a member with a PIN, sent without it. */
  'PIN_REQUIRED',
  /** A wrong withdrawal PIN (counted: PIN_MAX_FAILURES in a row block it). */
  'PIN_WRONG',
  /** PIN_MAX_FAILURES wrong PINs: every PIN, the right one too, is refused for PIN_BLOCK_MINUTES. */
  'PIN_BLOCK',
  /** A new withdrawal PIN that is not WITHDRAWAL_PIN_LENGTH digits. */
  'PIN_FORMAT',
  /** A new withdrawal PIN anyone would guess (one digit repeated, 123456, 654321). */
  'PIN_TOO_SIMPLE',
  /** ST-4 / ST-6: a statement date range whose first day is after its last, or a day that does not exist. */
  'STATEMENT_RANGE_INVALID',
  /** ST-6: a statement export longer than STATEMENT_EXPORT_MAX_DAYS days. */
  'STATEMENT_RANGE_TOO_LONG',
  /** Client side: the server could not be reached. */
  'NETWORK_ERROR',
  /** Client side: the request timed out (SH-18). */
  'REQUEST_TIMEOUT',
  /**
   * Player protection: a QR or True Wallet deposit beyond a deposit limit (the answer's `left` says what
   * may still be deposited), or a transfer into a game of money that came beyond it.
   */
  'DEPOSIT_LIMIT',
  /** Player protection: the period's loss limit is reached; transfers into games wait for the next one. */
  'LOSS_LIMIT',
  /** Player protection: a time-out or self-exclusion is in force (deposits, play, bonuses, promotions). */
  'SELF_EXCLUDED',
  /** Player protection: a raised or removed limit confirmed before its 24 hours have passed. */
  'LIMIT_NOT_YET',
  /** Player protection: staff asked for a limit that is not lower than the one in force. */
  'LIMIT_NOT_LOWER',
] as const;

export const ERROR_CODES = [
  ...PART1_ERROR_CODES,
  ...PART2_ERROR_CODES,
  ...SLIP_REASON_CODES,
  ...KRAPAO_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}

/** The one shape of every failed answer. */
export interface ErrorBody {
  message: ErrorCode;
}
