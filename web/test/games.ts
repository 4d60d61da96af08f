import { games, wallet, type GameAccount, type GameAccountDetail, type Wallet } from '@krapao/contract';
import { json, walletFixture, type Handler } from './api';

// Game accounts and transfers as the server answers them, built with the contract's schemas.

const NAMES: Record<string, [string, GameAccount['category'], boolean]> = {
  JOKER: ['Joker', 'slot', false],
  PG: ['PG', 'slot', false],
  SLOTXO: ['SlotXO', 'slot', false],
  UFABET: ['UFABET', 'sport', false],
  JOKER2: ['Joker 2', 'slot', true],
  HUAYHD: ['Huay HD', 'lotto', true],
};

/** A provider as GET /api/wallet lists it; `active` when the member has an account there. */
export function slotFixture(code: string, overrides: Partial<GameAccount> = {}): GameAccount {
  const [name, category, iframe] = NAMES[code] ?? [code, 'slot', false];
  const slug = code.toLowerCase();
  return wallet.gameAccountSchema.parse({
    code,
    name,
    category,
    amount: 0,
    active: false,
    logo: `/games/${code}.webp`,
    background: `/games/${code}-bg.webp`,
    web: `https://${slug}.example.com/`,
    android: `https://${slug}.example.com/app/android`,
    ios: `https://${slug}.example.com/app/ios`,
    iframe,
    stale: false,
    balanceAt: null,
    ...overrides,
  });
}

/** GAME-1: the member's account at a provider, as /api/wallet/account/{code} answers it. */
export function accountFixture(code: string, overrides: Partial<GameAccountDetail> = {}): GameAccountDetail {
  const slot = slotFixture(code);
  return games.account.response.parse({
    code,
    name: slot.name,
    category: slot.category,
    logo: slot.logo,
    background: slot.background,
    web: slot.web,
    android: slot.android,
    ios: slot.ios,
    iframe: slot.iframe,
    isActive: true,
    username: 'kpu_8f3a21',
    password: 'Xq7rT2mB9wLc',
    amount: 0,
    ...overrides,
  });
}

/** A wallet with `main` in the main wallet and these slots; the total adds them (BAL-1). */
export function gamesWallet(main: number, slots: GameAccount[], extra: Partial<Wallet> = {}): Wallet {
  const inGames = slots.reduce((sum, s) => sum + s.amount, 0);
  const pending = extra.pendingTransfers ?? 0;
  return walletFixture({
    wallet: { amount: main, currency: 'BAHT' },
    slots,
    total: Math.round((main + inGames + pending) * 100) / 100,
    ...extra,
  });
}

/** TRF-2: a transfer's answer. */
export const transferAnswer =
  (status: 'SUCCESS' | 'PENDING', walletAfter: number): Handler =>
  (call) => {
    const body = call.body as { from?: string; to: string; amount?: number };
    return json(
      wallet.transfer.response.parse({
        transferId: 'T8K2M4Q7W9ZP',
        from: body.from ?? 'WALLET',
        to: body.to,
        amount: body.amount ?? 500,
        status,
        wallet: walletAfter,
      }),
    );
  };
