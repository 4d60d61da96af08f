import { z } from 'zod';
import { bankNamesSchema, profileSchema } from './accounts.ts';
import { endpoint, text } from './common.ts';
import { CURRENCIES, GAME_CATEGORIES } from './constants.ts';

/** A member's account at one game provider (filled by the games issue). */
export const gameAccountSchema = z.object({
  code: text(),
  name: text(),
  category: z.enum(GAME_CATEGORIES),
  amount: z.number(),
  active: z.boolean(),
});

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
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(gameAccountSchema),
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
