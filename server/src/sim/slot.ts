import { randomInt } from 'node:crypto';
import type { Currency } from '@krapao/contract';

/**
 * The demo slot machine of the simulated aggregator: three reels, three rows, five lines.
 * Each reel stops at a position drawn by crypto.randomInt, uniformly over its strip; the window shows that
 * position and the two after it. A spin's stake is spread evenly over the five lines (a line bets a fifth),
 * and each line pays its multiplier of the line bet, read left to right:
 *
 *   three 7s x500, three diamonds x100, three stars x50, three bells x30, three grapes x20,
 *   three lemons x15, three cherries x10, two cherries from the left x4, one cherry on the left x1.
 *
 * Return to player, exactly, over the 27^3 = 19,683 equally likely stops:
 * RTP_NUMERATOR / RTP_DENOMINATOR = 18,896 / 19,683 = 96.0016% (test/games-demo.test.ts enumerates every
 * stop and checks it). Bets are whole multiples of five minor units, so every win is a whole amount.
 */
export const SYMBOLS = ['7', 'D', 'S', 'B', 'G', 'L', 'C'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

/** One strip, used by all three reels: 27 stops, 6 cherries ... 1 seven, spread out. */
export const REEL_STRIP: readonly SlotSymbol[] = [...'CLGBSCDLGBCL7GSCLBGCDLSBGCL'] as SlotSymbol[];
export const REELS: ReadonlyArray<readonly SlotSymbol[]> = [REEL_STRIP, REEL_STRIP, REEL_STRIP];
export const ROWS = 3;

/** The five lines: the row each reel's symbol is read from. */
export const LINES: ReadonlyArray<readonly [number, number, number]> = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Multipliers of the line bet. */
export const THREE_OF_A_KIND: Readonly<Record<SlotSymbol, number>> = {
  '7': 500,
  D: 100,
  S: 50,
  B: 30,
  G: 20,
  L: 15,
  C: 10,
};
export const TWO_CHERRIES = 4;
export const ONE_CHERRY = 1;

/** The stated return to player, as an exact fraction (checked against the paytable by a test). */
export const RTP_NUMERATOR = 18_896n;
export const RTP_DENOMINATOR = 19_683n;
export const RTP_PERCENT = '96.00';

/** The stakes a member can choose, in minor units, per currency: multiples of five (a line bets a fifth). */
export const BET_OPTIONS_MINOR: Readonly<Record<Currency, readonly bigint[]>> = {
  BAHT: [100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n],
  LAK: [100_000n, 200_000n, 500_000n, 1_000_000n, 2_000_000n, 5_000_000n, 10_000_000n],
};

export interface LineWin {
  /** Index into LINES. */
  line: number;
  symbol: SlotSymbol;
  /** How many symbols from the left pay (3, or 1-2 for cherries). */
  count: number;
  multiplier: number;
}

/** The visible window: grid[row][reel]. */
export function windowAt(stops: readonly number[]): SlotSymbol[][] {
  return Array.from({ length: ROWS }, (_, row) =>
    REELS.map((strip, reel) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/** What each line pays on this window, in multipliers of the line bet. */
export function lineWins(grid: SlotSymbol[][]): LineWin[] {
  const wins: LineWin[] = [];
  LINES.forEach((rows, line) => {
    const [a, b, c] = rows.map((row, reel) => grid[row]![reel]!) as [SlotSymbol, SlotSymbol, SlotSymbol];
    if (a === b && b === c) wins.push({ line, symbol: a, count: 3, multiplier: THREE_OF_A_KIND[a] });
    else if (a === 'C' && b === 'C') wins.push({ line, symbol: 'C', count: 2, multiplier: TWO_CHERRIES });
    else if (a === 'C') wins.push({ line, symbol: 'C', count: 1, multiplier: ONE_CHERRY });
  });
  return wins;
}

/** Stops where no line wins, so a spin there loses its whole bet: for tests and demonstrations (POST /rig). */
export function losingStops(): number[] {
  for (let a = 0; a < REEL_STRIP.length; a++)
    for (let b = 0; b < REEL_STRIP.length; b++)
      if (lineWins(windowAt([a, b, a])).length === 0) return [a, b, a];
  throw new Error('no losing stops');
}

export interface Spin {
  stops: number[];
  grid: SlotSymbol[][];
  wins: LineWin[];
  winMinor: bigint;
}

/** One spin at `betMinor` (a multiple of five), the stops drawn by a cryptographic random source. */
export function spin(betMinor: bigint, draw: (max: number) => number = randomInt): Spin {
  const stops = REELS.map((strip) => draw(strip.length));
  const grid = windowAt(stops);
  const wins = lineWins(grid);
  const lineBet = betMinor / BigInt(LINES.length);
  const winMinor = wins.reduce((sum, w) => sum + lineBet * BigInt(w.multiplier), 0n);
  return { stops, grid, wins, winMinor };
}

/** The exact return to player: every stop combination, each equally likely, as a fraction of the stake. */
export function exactRtp(): { numerator: bigint; denominator: bigint } {
  let paid = 0n;
  let combinations = 0n;
  const [r0, r1, r2] = REELS as [readonly SlotSymbol[], readonly SlotSymbol[], readonly SlotSymbol[]];
  for (let i = 0; i < r0.length; i++)
    for (let j = 0; j < r1.length; j++)
      for (let k = 0; k < r2.length; k++) {
        combinations++;
        for (const w of lineWins(windowAt([i, j, k]))) paid += BigInt(w.multiplier);
      }
  // Each line bets 1/LINES of the stake.
  const denominator = combinations * BigInt(LINES.length);
  const g = gcd(paid, denominator);
  return { numerator: paid / g, denominator: denominator / g };
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
