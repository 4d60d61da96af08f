// The server's side of the provably fair draw: the seeds come from the cryptographic source and the roll
// is Node's HMAC, mapped to a slice by the contract's pickSlice, the very function the verify view runs.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { spin } from '@krapao/contract';

/** A server seed: 256 bits from crypto.randomBytes, as 64 hex digits (the HMAC key is this text). */
export const newServerSeed = () => randomBytes(32).toString('hex');
/** A client seed the member starts with (they may choose their own). */
export const newClientSeed = () => randomBytes(8).toString('hex');
/** SHA-256 of the seed's text alone, as hex: what spin_members.server_seed_hash records. */
export const seedHash = (seed: string) => createHash('sha256').update(seed).digest('hex');
/**
 * The commitment shown before the spin: SHA-256 of the seed together with the wheel it will be drawn over
 * (spin.commitmentText), so neither can change unseen between the commitment and the spin.
 */
export const commitment = (seed: string, weights: ReadonlyArray<{ code: string; weight: number }>) =>
  createHash('sha256').update(spin.commitmentText(seed, weights)).digest('hex');

/** The slice (index into weights) a spin lands on. */
export function draw(
  serverSeed: string,
  clientSeed: string,
  spinNumber: number,
  weights: readonly number[],
): number {
  return spin.drawWith(
    (round) =>
      createHmac('sha256', serverSeed)
        .update(spin.spinMessage(clientSeed, spinNumber, round))
        .digest('hex'),
    weights,
  );
}
