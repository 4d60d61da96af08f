// SPIN-2's motion, as numbers: where the wheel must stop for a slice to sit under the pointer, and how
// long it takes. Angles are radians, clockwise; slice i spans [i, i + 1] slice widths from the top.
import { spin } from '@krapao/contract';

const { SPIN_DURATION_MAX_MS, SPIN_DURATION_MIN_MS, SPIN_TURNS_MAX, SPIN_TURNS_MIN } = spin;

const TURN = 2 * Math.PI;

/**
 * The rotation to stop at: from `current`, SPIN_TURNS_MIN whole turns plus what brings slice `index`'s
 * middle under the pointer at the top (less than one more turn): 3 to 4 turns in all.
 */
export function stopRotation(current: number, index: number, slices: number): number {
  const width = TURN / slices;
  const wanted = -(index + 0.5) * width;
  const delta = (((wanted - current) % TURN) + TURN) % TURN;
  return current + SPIN_TURNS_MIN * TURN + delta;
}

/** 4 s for 3 turns up to 5 s for 4: the duration grows with the distance, so the pace looks the same. */
export function spinDuration(from: number, to: number): number {
  const turns = Math.min(SPIN_TURNS_MAX, Math.max(SPIN_TURNS_MIN, (to - from) / TURN));
  const share = (turns - SPIN_TURNS_MIN) / (SPIN_TURNS_MAX - SPIN_TURNS_MIN);
  return Math.round(SPIN_DURATION_MIN_MS + share * (SPIN_DURATION_MAX_MS - SPIN_DURATION_MIN_MS));
}

/** Fast at first, slowing to a stop. */
export const easeOut = (t: number) => 1 - (1 - t) ** 3;

/** The slice under the pointer at a rotation (for checks and the reduced-motion jump). */
export function sliceAt(rotation: number, slices: number): number {
  const width = TURN / slices;
  const atPointer = (((-rotation % TURN) + TURN) % TURN) / width;
  return Math.floor(atPointer) % slices;
}
