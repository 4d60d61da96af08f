import type { Currency } from '@krapao/contract';

/**
 * A game provider's transfer-wallet API: Krapao keeps the member's money and moves it into and out of a
 * per-provider account. One adapter serves every provider code (an aggregator, as the real ones are);
 * `provider` names which.
 *
 * Transfers carry OUR reference, made and stored before the call and reused on every retry: the
 * provider refuses a reference it has seen (DUPLICATE), so a retry can never move money twice. An
 * outcome the call could not learn (a timeout, a cut connection, a 5xx) is UNKNOWN and is never guessed:
 * the reconciler asks transferStatus(reference).
 */
export type TransferOutcome = 'SUCCESS' | 'FAILED' | 'UNKNOWN' | 'DUPLICATE';
/** What the provider knows of a reference; UNKNOWN when it did not answer. */
export type TransferStatus = 'SUCCESS' | 'PROCESSING' | 'FAILED' | 'NOT_FOUND' | 'UNKNOWN';

export interface GameAccountRef {
  provider: string;
  /** The member's username at the provider (games/credentials.ts makes it). */
  username: string;
}

/** One round of play as a provider's bet feed reports it (modules/games/bets.ts pulls these). */
export interface BetRound {
  roundId: string;
  username: string;
  betMinor: bigint;
  winMinor: bigint;
  at: Date;
}

/** A call that failed for sure (FAILED) or whose outcome is unknown (UNKNOWN), for non-money calls. */
export class GameProviderError extends Error {
  constructor(
    readonly outcome: 'FAILED' | 'UNKNOWN',
    readonly code: string,
  ) {
    super(`game provider ${outcome}: ${code}`);
  }
}

export interface GameProvider {
  /**
   * Opens the member's account in the member's currency. Throws GameProviderError; code USERNAME_TAKEN
   * (FAILED) when the username exists there already.
   */
  createAccount(a: GameAccountRef & { password: string; currency: Currency }): Promise<void>;
  /** Sets a new password on the account. Throws GameProviderError. */
  resetPassword(a: GameAccountRef & { password: string }): Promise<void>;
  /** The account's balance in minor units. Throws GameProviderError, also after `timeoutMs`. */
  balance(a: GameAccountRef, opts?: { timeoutMs?: number }): Promise<bigint>;
  /** IN moves money into the provider account, OUT out of it, under our reference. */
  transfer(
    t: GameAccountRef & {
      reference: string;
      direction: 'IN' | 'OUT';
      amountMinor: bigint;
      currency: Currency;
    },
  ): Promise<{ outcome: TransferOutcome; code?: string }>;
  transferStatus(provider: string, reference: string): Promise<TransferStatus>;
  /**
   * GAME-2: a single-use launch link that expires within a minute. `returnUrl` is where the game's own
   * way out leads (aggregators take it as a lobby or return URL). Throws GameProviderError.
   */
  launchUrl(a: GameAccountRef & { language?: string; returnUrl?: string }): Promise<string>;
  /**
   * The provider's bet feed from `cursor` (null: the beginning), at most `limit` rounds, oldest first;
   * `next` is the cursor to resume from. A resumed pull may see rounds again: callers dedupe by roundId.
   */
  bets(provider: string, cursor: string | null, limit: number): Promise<{ rounds: BetRound[]; next: string }>;
}
