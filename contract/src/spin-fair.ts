// The wheel's provably fair draw (SPIN-2), shared by the server that draws and the web's "verify" view
// that recomputes a past spin in the browser: the very same code decides both, so a member who checks a
// spin runs what the server ran (docs/decisions.md "The wheel is provably fair").
//
//   roll   = HMAC-SHA256(key: serverSeed, message: `${clientSeed}:${spinNumber}`) as 64 hex digits
//   slice  = the first 52-bit chunk x of the roll (13 hex digits, then the next ones) with
//            x < 2^52 - (2^52 mod W), W the sum of the weights; x mod W walks the cumulative weights.
//
//   commitment = SHA-256 of the UTF-8 text `${serverSeed}\n${wheel}` as 64 hex digits, where serverSeed is
//            the seed's 64 lowercase hex digits as text and wheel is the slices in the wheel's order
//            (clockwise from the top) as `CODE:weight` joined by commas, e.g. `CREDIT20:220,TRY1:180`.
//            It is shown before the spin and binds the seed to the wheel it will be drawn over: a seed
//            or a wheel changed after it was shown does not verify (docs/api.md "Spin wheel").
//
// A chunk at or above that limit is thrown away (rejection sampling), so every unit of weight is exactly
// equally likely: no modulo bias. A chunk is rejected with probability below W / 2^52 (under 2^-21 for the
// largest wheel), so a fifth chunk is practically never needed; should all four of a roll be rejected,
// the next roll is the HMAC of `${clientSeed}:${spinNumber}:${round}` for round 1, 2, ...

/** The largest weight of one slice and the most slices: W stays far below 2^52. */
export const SPIN_WEIGHT_MAX = 1_000_000;
export const SPIN_SLICES_MAX = 24;
export const SPIN_SLICES_MIN = 2;

const CHUNK_HEX = 13;
const CHUNK_SPACE = 2 ** 52;

/** The HMAC message of a spin's roll; round 0 is the one every spin uses in practice. */
export const spinMessage = (clientSeed: string, spinNumber: number, round = 0) =>
  round === 0 ? `${clientSeed}:${spinNumber}` : `${clientSeed}:${spinNumber}:${round}`;

/**
 * The slice a roll (64 hex digits) lands on for these weights (non-negative integers, some positive),
 * or null when every chunk of the roll was rejected and the next round's roll decides.
 */
export function pickSlice(rollHex: string, weights: readonly number[]): number | null {
  const total = weights.reduce((a, w) => a + w, 0);
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error('the wheel has no weight');
  const limit = CHUNK_SPACE - (CHUNK_SPACE % total);
  for (let i = 0; i + CHUNK_HEX <= rollHex.length; i += CHUNK_HEX) {
    const x = parseInt(rollHex.slice(i, i + CHUNK_HEX), 16);
    if (x >= limit) continue;
    let r = x % total;
    for (let s = 0; s < weights.length; s++) {
      if (r < weights[s]!) return s;
      r -= weights[s]!;
    }
  }
  return null;
}

/** Runs rounds until one decides: `roll(round)` gives that round's HMAC as hex. */
export function drawWith(roll: (round: number) => string, weights: readonly number[]): number {
  for (let round = 0; ; round++) {
    const picked = pickSlice(roll(round), weights);
    if (picked !== null) return picked;
  }
}

const hex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (s: string) => new TextEncoder().encode(s);

/** SHA-256 of a text, as hex, with Web Crypto (the browser; Node 20 has it too). */
export async function sha256Hex(s: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', utf8(s)));
}

/** HMAC-SHA256 of a message under a text key, as hex, with Web Crypto. */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const k = await globalThis.crypto.subtle.importKey(
    'raw',
    utf8(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await globalThis.crypto.subtle.sign('HMAC', k, utf8(message)));
}

/** The wheel's canonical text in a commitment: its slices in order, `CODE:weight` joined by commas. */
export const wheelText = (weights: ReadonlyArray<{ code: string; weight: number }>) =>
  weights.map((w) => `${w.code}:${w.weight}`).join(',');

/** The text whose SHA-256 is the commitment of a spin: the seed's hex text, a newline, the wheel. */
export const commitmentText = (
  serverSeed: string,
  weights: ReadonlyArray<{ code: string; weight: number }>,
) => `${serverSeed}\n${wheelText(weights)}`;

/** The commitment of a seed and a wheel, with Web Crypto (the verify view; the server uses node:crypto). */
export const commitmentOf = (serverSeed: string, weights: ReadonlyArray<{ code: string; weight: number }>) =>
  sha256Hex(commitmentText(serverSeed, weights));

export interface SpinProof {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  spinNumber: number;
  /** The wheel as it was at the spin, in its order. */
  weights: ReadonlyArray<{ code: string; weight: number }>;
}

/**
 * The verify view's recomputation: whether the revealed seed and the wheel the spin was drawn over are
 * the ones committed to by `committed`, the commitment the member was shown BEFORE the spin (kept by the
 * browser then; never the proof's own serverSeedHash, which comes with the seed and proves nothing), and
 * which slice the seeds and the spin number give.
 */
export async function recomputeSpin(
  p: SpinProof,
  committed: string,
): Promise<{ hashMatches: boolean; code: string }> {
  const hashMatches = (await commitmentOf(p.serverSeed, p.weights)) === committed.toLowerCase();
  const weights = p.weights.map((w) => w.weight);
  let picked: number | null = null;
  for (let round = 0; picked === null; round++)
    picked = pickSlice(
      await hmacSha256Hex(p.serverSeed, spinMessage(p.clientSeed, p.spinNumber, round)),
      weights,
    );
  return { hashMatches, code: p.weights[picked]!.code };
}
