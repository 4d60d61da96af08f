// Ledger account names: spelled here and, for the SQL functions, in db/functions/ledger.sql
// (ledger_member_account, ledger_game_account, ledger_house_account and the ledger_account_* readers),
// nowhere else. A member's accounts are what Krapao owes the member: the wallet, the withdrawals waiting
// for the bank, the money on its way to or from a provider, and one game account per provider (what the
// provider holds). House accounts are the other side of every movement, named by purpose without a
// currency: ledger_post files them under the entry's.

/** A member's own accounts, named as their kind in ledger_accounts (the game accounts have gameAccount). */
export type MemberAccountKind = 'member_wallet' | 'member_pending_withdrawal' | 'member_transfer_pending';

const MEMBER_ACCOUNT_SUFFIX: Record<MemberAccountKind, string> = {
  member_wallet: 'wallet',
  member_pending_withdrawal: 'pending_withdrawal',
  member_transfer_pending: 'transfer_pending',
};

export const memberAccount = (kind: MemberAccountKind, memberId: string): string =>
  `member:${memberId}:${MEMBER_ACCOUNT_SUFFIX[kind]}`;

/** What sits at a provider for the member, as Krapao has sent and been told. */
export const gameAccount = (memberId: string, provider: string): string =>
  `member:${memberId}:game:${provider}`;

const houseAccount = (name: string) => `house:${name}`;

/**
 * House cash is spread over many rows so that concurrent deposits and payouts seldom queue on one: each
 * holds its row from its update until its commit, a WAL flush later.
 */
const HOUSE_CASH_SHARDS = 32;
export const houseCash = (): string =>
  houseAccount(`bank_cash:${Math.floor(Math.random() * HOUSE_CASH_SHARDS)}`);

/**
 * What a QR payment gateway owes the operator: what it collected and will settle. In the gateway's
 * currency (ledger_post files house accounts per currency), which is always the member's.
 */
export const gatewayAccount = (provider: string): string => houseAccount(`gateway:${provider}`);

/** The operator's True Wallet accounts, gift vouchers and AUTO transfers alike. */
export const TRUE_WALLET_ACCOUNT = houseAccount('truewallet');

/** The other side of a staff member's manual credit or debit of a wallet, approved by a second one. */
export const ADJUSTMENTS_ACCOUNT = houseAccount('adjustments');
