// The demo game as a member's browser plays it: a launch link from Krapao, the page it opens, and spins
// posted to the simulated aggregator's page API (sim/games.ts), as the page's script does.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { lineWins, REEL_STRIP, windowAt } from '../src/sim/slot.ts';
import { baseUrl, call } from './helpers.ts';

export interface SlotPageData {
  session: string;
  provider: string;
  username: string;
  currency: string;
  balanceMinor: string;
  betOptionsMinor: string[];
  language: string;
}

/** GAME-2: asks Krapao for a launch link (in `language`, as Accept-Language) and opens it. */
export async function openGame(app: FastifyInstance, token: string, code: string, language?: string) {
  const account = await call(app, 'GET', `/api/wallet/account/${code}`, { token });
  expect(account.status).toBe(200);
  const launch = await call(app, 'GET', `/api/autoLogin/${code}/${account.body.username as string}`, {
    token,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(launch.status).toBe(200);
  const link = new URL(launch.body.link as string, baseUrl(app)).toString();
  const res = await fetch(link);
  const html = await res.text();
  return { link, status: res.status, html, headers: res.headers, data: pageData(html) };
}

export function pageData(html: string): SlotPageData | undefined {
  const json = /<script type="application\/json" id="slot-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as SlotPageData) : undefined;
}

export interface SpinAnswer {
  roundId: string;
  grid: string[][];
  wins: Array<{ line: number; symbol: string; count: number; multiplier: number }>;
  betMinor: string;
  winMinor: string;
  balanceMinor: string;
  at: string;
  code?: string;
}

/** One spin as the page posts it: the bet as decimal text. */
export async function spinOnce(app: FastifyInstance, session: string, betMinor: bigint) {
  const bet = `${betMinor / 100n}.${String(betMinor % 100n).padStart(2, '0')}`;
  const res = await fetch(`${baseUrl(app)}/sim/games/sessions/${session}/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet }),
  });
  return { status: res.status, body: (await res.json()) as SpinAnswer };
}

/** Spins `count` times at `betMinor`; every spin must go through. Answers the rounds. */
export async function spinMany(app: FastifyInstance, session: string, betMinor: bigint, count: number) {
  const rounds: SpinAnswer[] = [];
  for (let i = 0; i < count; i++) {
    const res = await spinOnce(app, session, betMinor);
    expect(res.status).toBe(200);
    rounds.push(res.body);
  }
  return rounds;
}

/** The sandbox's rigged reels: the account's next spins stop there. */
export async function rig(
  app: FastifyInstance,
  provider: string,
  username: string,
  stops: number[][],
  /** The provider reports these rounds as played then (ISO time): a late report. */
  playedAt?: string,
) {
  const res = await fetch(`${baseUrl(app)}/sim/games/rig`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, username, stops, ...(playedAt ? { playedAt } : {}) }),
  });
  expect(res.status).toBe(200);
}

/** Stops whose middle line is 7 7 7 (the strip's only seven is at 12): a jackpot line. */
export const SEVENS = [11, 11, 11];

/** Reel stops that win nothing: every spin loses its bet. */
export const LOSING = (() => {
  for (let i = 0; i < REEL_STRIP.length; i++)
    for (let j = 0; j < REEL_STRIP.length; j++)
      if (!lineWins(windowAt([i, j, j])).length && REEL_STRIP[i] !== 'C') return [i, j, j];
  throw new Error('no losing stops');
})();

export const sum = (rounds: SpinAnswer[], field: 'betMinor' | 'winMinor') =>
  rounds.reduce((s, r) => s + BigInt(r[field]), 0n);
