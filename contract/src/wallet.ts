import { z } from 'zod';
import { bankNamesSchema, profileSchema } from './accounts.ts';
import { endpoint, text } from './common.ts';
import { CURRENCIES, GAME_CATEGORIES } from './constants.ts';
import { amountSchema } from './money.ts';

/**
 * One game provider as the member's wallet lists it (BAL-1, HOME-3): `active` is whether the member has
 * an account there (GAME-4), `amount` the last balance the provider told us. Fields after `active` are
 * optional in the schema only so that older clients' fixtures still parse; the server always sends them.
 */
export const gameAccountSchema = z.object({
  code: text(),
  name: text(),
  category: z.enum(GAME_CATEGORIES),
  amount: z.number(),
  active: z.boolean(),
  /** Paths of the provider's artwork under the web app (e.g. /games/PG.webp). */
  logo: text().optional(),
  background: text().optional(),
  /** GAME-1: the provider's web site and its Android and iOS apps ('' when it has none). */
  web: text().optional(),
  android: text().optional(),
  ios: text().optional(),
  /** GAME-2: open the launch link in a new tab (true) rather than navigating to it. */
  iframe: z.boolean().optional(),
  /**
   * BAL-2: true when the last refresh did not hear from this provider in time; `amount` is then the
   * balance it last told us, at `balanceAt`.
   */
  stale: z.boolean().optional(),
  balanceAt: text().nullable().optional(),
});
export type GameAccount = z.infer<typeof gameAccountSchema>;

/** BAL-1: profile, bank account, wallet, invite amounts and game accounts; total = wallet + games. */
export const walletSchema = z.object({
  profile: profileSchema,
  bankAccount: z.object({
    bankCode: text(),
    bankAccountName: text(),
    bankAccountNo: text(),
    bank: bankNamesSchema,
  }),
  wallet: z.object({ amount: z.number(), currency: z.enum(CURRENCIES) }),
  /** INV-1: the commission a collection would pay now (0 while the programme is off) and its exits. */
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(gameAccountSchema),
  /**
   * Money on its way between the wallet and a game (a transfer whose provider has not answered yet,
   * TRF-2): in neither balance until it settles, but still the member's, so counted in the total.
   */
  pendingTransfers: z.number().default(0),
  total: z.number(),
  /** When the game balances were last asked of the providers (BAL-2); null before the first time. */
  lastSyncAt: text().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const getWallet = endpoint({
  method: 'GET',
  path: '/api/wallet',
  body: undefined,
  response: walletSchema,
  auth: true,
});

/** BAL-2: asks every provider for the member's game balances; answers the refreshed wallet. */
export const refreshSlots = endpoint({
  method: 'GET',
  path: '/api/wallet/refresh/slot',
  body: undefined,
  response: walletSchema,
  auth: true,
});

/** TRF-1: an account of a transfer: the main wallet or a game provider's code. */
export const WALLET_ACCOUNT = 'WALLET';
const transferAccount = text().trim().min(1).max(20);

/**
 * TRF-2: a transfer's answer. SUCCESS: the money is where it was sent. PENDING: the provider has not
 * confirmed yet (the member sees "processing"); the reconciler settles it and the wallet events tell
 * the member. A transfer the provider refused answers TRANSFER_FAIL instead, the money back where it
 * came from. A game-to-game transfer is two legs through the wallet; `status` is the whole transfer's.
 */
export const transferSchema = z.object({
  transferId: text(),
  from: text(),
  to: text(),
  amount: z.number(),
  status: z.enum(['SUCCESS', 'PENDING']),
  /** The main wallet after the transfer (as far as it has gone). */
  wallet: z.number(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** TRF-2: from and to are WALLET or a provider code; Idempotency-Key required. */
export const transfer = endpoint({
  method: 'POST',
  path: '/api/wallet/transfer',
  body: z.object({ from: transferAccount, to: transferAccount, amount: amountSchema }),
  response: transferSchema,
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});

/**
 * TRF-3: the whole wallet to a game. Krapao also takes `{to: "WALLET", from: <code>}`: the whole balance
 * of that game back to the wallet (what the provider reports, at most what Krapao knows it holds).
 */
export const transferAll = endpoint({
  method: 'POST',
  path: '/api/wallet/transferAll',
  body: z.object({ to: transferAccount, from: transferAccount.optional() }),
  response: transferSchema,
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});
