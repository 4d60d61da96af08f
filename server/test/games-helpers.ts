// What the game tests share: the simulated aggregator's sandbox, and the member's calls.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { baseUrl, call, newKey } from './helpers.ts';

/**
 * Short provider timeouts, so that a `timeout` provider costs a test two seconds (shorter ones are
 * reached by answers of a busy machine).
 */
export const GAME_TEST_ENV = { GAME_CALL_TIMEOUT_MS: '2000', GAME_BALANCE_TIMEOUT_MS: '1000' };

export async function setGameMode(
  app: FastifyInstance,
  provider: string,
  mode: 'ok' | 'fail' | 'timeout' | 'lost' | 'slow',
  latencyMs = 0,
) {
  const res = await fetch(`${baseUrl(app)}/sim/games/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, mode, latencyMs }),
  });
  expect(res.status).toBe(200);
}

export interface SimGameAccount {
  provider: string;
  username: string;
  currency: string;
  balance: string;
  balanceMinor: string;
}

/** The other side of the ledger: every account the simulated aggregator holds. */
export async function simAccounts(app: FastifyInstance): Promise<SimGameAccount[]> {
  const res = await fetch(`${baseUrl(app)}/sim/games/accounts`);
  expect(res.status).toBe(200);
  return (await res.json()) as SimGameAccount[];
}

/** The balance the simulated provider holds for a username, in minor units (0n when none). */
export async function simBalance(app: FastifyInstance, provider: string, username: string) {
  const found = (await simAccounts(app)).find((a) => a.provider === provider && a.username === username);
  return BigInt(found?.balanceMinor ?? 0);
}

export const activate = (app: FastifyInstance, token: string, code: string) =>
  call(app, 'GET', `/api/wallet/activate/${code}`, { token });

export const gameTransfer = (
  app: FastifyInstance,
  token: string,
  body: { from: string; to: string; amount: number },
  key = newKey(),
) => call(app, 'POST', '/api/wallet/transfer', { token, body, headers: { 'idempotency-key': key } });

export const transferAll = (
  app: FastifyInstance,
  token: string,
  body: { to: string; from?: string },
  key = newKey(),
) => call(app, 'POST', '/api/wallet/transferAll', { token, body, headers: { 'idempotency-key': key } });

/** The member's wallet answer: main wallet, slots, pending transfers, total. */
export async function walletOf(app: FastifyInstance, token: string) {
  const res = await call(app, 'GET', '/api/wallet', { token });
  expect(res.status).toBe(200);
  return res.body as {
    wallet: { amount: number };
    slots: Array<{ code: string; amount: number; active: boolean; stale?: boolean; category: string }>;
    pendingTransfers: number;
    total: number;
  };
}

export const slotAmount = async (app: FastifyInstance, token: string, code: string) =>
  (await walletOf(app, token)).slots.find((s) => s.code === code)?.amount;
