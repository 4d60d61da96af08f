// The wheel's commitments as this browser received them BEFORE each spin (docs/decisions.md "The wheel
// is provably fair"): the verify view checks a revealed seed against the commitment kept here, never
// against the hash that comes with the seed, which a dishonest server could make to match any seed.
// Kept by the spin's message `clientSeed:spinNumber` (spin.spinMessage); a commitment received later for
// the same spin replaces the earlier one until the spin's answer arrives, then it is fixed for good.
import { spin } from '@krapao/contract';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

interface Kept {
  /** The commitment (hex). */
  h: string;
  /** Whether the spin happened: a commitment received after it proves nothing and is ignored. */
  s?: true;
}
type Store = Record<string, Kept>;

/** The newest commitments kept: far more than the verify view lists (its latest 20 spins). */
const KEPT_MAX = 200;

const keyOf = (clientSeed: string, spinNumber: number) => spin.spinMessage(clientSeed, spinNumber);
const read = () => readJson<Store>(STORAGE_KEYS.spinCommitments) ?? {};

function write(store: Store) {
  const keys = Object.keys(store);
  for (const k of keys.slice(0, Math.max(0, keys.length - KEPT_MAX))) delete store[k];
  writeJson(STORAGE_KEYS.spinCommitments, store);
}

/** Keeps the commitment shown for a coming spin (the setup's, the seed change's, a spin's next one). */
export function keepCommitment(clientSeed: string, spinNumber: number, hash: string) {
  const store = read();
  const key = keyOf(clientSeed, spinNumber);
  if (store[key]?.s) return;
  delete store[key];
  store[key] = { h: hash.toLowerCase() };
  write(store);
}

/** A spin answered: the commitment kept for it stays as it was before the spin. */
export function markSpun(clientSeed: string, spinNumber: number) {
  const store = read();
  const kept = store[keyOf(clientSeed, spinNumber)];
  if (!kept) return;
  kept.s = true;
  write(store);
}

/** The commitment this browser was shown before the spin, if it saw one. */
export const keptCommitment = (clientSeed: string, spinNumber: number): string | undefined =>
  read()[keyOf(clientSeed, spinNumber)]?.h;
