import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { GAME_CATEGORIES } from './constants.ts';

/**
 * GAME-1: the member's account at one provider, as the game account modal shows it. The password is the
 * one the member types into the provider's own app; only its owner ever receives it.
 */
export const gameAccountDetailSchema = z.object({
  code: text(),
  name: text(),
  category: z.enum(GAME_CATEGORIES),
  logo: text(),
  background: text(),
  web: text(),
  android: text(),
  ios: text(),
  iframe: z.boolean(),
  isActive: z.boolean(),
  username: text(),
  password: text(),
  /** The last balance the provider told us (BAL-2), in the member's currency. */
  amount: z.number(),
});
export type GameAccountDetail = z.infer<typeof gameAccountDetailSchema>;

/**
 * GAME-4: opens the member's account at the provider, in the member's currency. SLOT_ALREADY_ACTIVE when
 * there is one; NO_GAME for an unknown code; GAME_ACTIVATION_FAIL when the operator has switched the
 * provider off; SLOT_ACTIVATE_FAIL when the provider refused or did not answer (try again).
 */
export const activate = endpoint({
  method: 'GET',
  path: '/api/wallet/activate/{code}',
  body: undefined,
  response: gameAccountDetailSchema,
  auth: true,
});

/** GAME-1: the member's account at the provider; SLOT_NO_ACCOUNT before activation. */
export const account = endpoint({
  method: 'GET',
  path: '/api/wallet/account/{code}',
  body: undefined,
  response: gameAccountDetailSchema,
  auth: true,
});

/** GAME-4: a new provider password; SLOT_NO_ACCOUNT, SLOT_RESET_PASSWORD_FAIL (the old one still works). */
export const resetPassword = endpoint({
  method: 'GET',
  path: '/api/wallet/resetpassword/{code}',
  body: undefined,
  response: gameAccountDetailSchema,
  auth: true,
});

/**
 * GAME-2: a single-use launch link for the member's account at the provider, good for under a minute.
 * `username` must be the member's own username there (SLOT_NO_ACCOUNT otherwise). The server logs in
 * with the credentials it stores: a password in the path (the spec's old client sent one for some
 * providers) is ignored and never logged (docs/decisions.md).
 */
export const autoLogin = endpoint({
  method: 'GET',
  path: '/api/autoLogin/{provider}/{username}',
  body: undefined,
  response: z.object({ link: text() }),
  auth: true,
});
export const autoLoginWithPassword = endpoint({
  method: 'GET',
  path: '/api/autoLogin/{provider}/{username}/{password}',
  body: undefined,
  response: z.object({ link: text() }),
  auth: true,
});
