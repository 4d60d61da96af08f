// Walking a file's structure (PNG chunks, JPEG segments, GIF blocks, MP4 boxes) once, front to back, and
// writing what is kept as it goes: the same walk runs over a Buffer (walkBuffer) or over an upload as it
// streams in (walkStream), so a 20 MB video is never held whole. A walk is a generator that asks for
// bytes with the ops below; it holds only the small headers it reads, the driver passes the rest through.

/** What a walk asks of its driver; the answer comes back as the yield's value. */
export type Op =
  /** Up to n bytes (fewer only at the end of the input), consumed; the walk keeps them only by emitting. */
  | { op: 'read'; n: number }
  /** Passes n bytes to the output; answers how many there were (fewer at the end of the input). */
  | { op: 'copy'; n: number }
  /** Drops n bytes; answers how many there were. */
  | { op: 'skip'; n: number }
  /** Drops n bytes and writes as many zeros in their place; answers how many there were. */
  | { op: 'zero'; n: number }
  /** Writes bytes the walk made or read. */
  | { op: 'emit'; bytes: Buffer }
  /** Passes bytes up to the next 0xFF (left unread); answers false when the input ended first. */
  | { op: 'copyToFF' }
  /** Passes, drops or zeroes everything left. */
  | { op: 'rest'; mode: 'copy' | 'skip' | 'zero' }
  /** How many bytes are left, when the driver knows (over a Buffer); undefined over a stream. */
  | { op: 'left' };

/** A walk: true when the structure held (what follows its end is dropped), false to refuse the file. */
export type Walk = Generator<Op, boolean, unknown>;

export function* read(n: number): Generator<Op, Buffer, unknown> {
  return (yield { op: 'read', n }) as Buffer;
}
/** Passes exactly n bytes; false when the input ended first. */
export function* copy(n: number): Generator<Op, boolean, unknown> {
  return ((yield { op: 'copy', n }) as number) === n;
}
export function* skip(n: number): Generator<Op, boolean, unknown> {
  return ((yield { op: 'skip', n }) as number) === n;
}
export function* zero(n: number): Generator<Op, boolean, unknown> {
  return ((yield { op: 'zero', n }) as number) === n;
}
export function* emit(bytes: Buffer): Generator<Op, void, unknown> {
  if (bytes.length) yield { op: 'emit', bytes };
}
export function* copyToFF(): Generator<Op, boolean, unknown> {
  return (yield { op: 'copyToFF' }) as boolean;
}
export function* rest(mode: 'copy' | 'skip' | 'zero'): Generator<Op, void, unknown> {
  yield { op: 'rest', mode };
}
export function* left(): Generator<Op, number | undefined, unknown> {
  return (yield { op: 'left' }) as number | undefined;
}

/** A file whose structure could not be walked (or that broke a rule the walk checks, such as a size). */
export class NotWalkable extends Error {
  constructor() {
    super('the file cannot be walked');
    this.name = 'NotWalkable';
  }
}

/** The walk over bytes in memory: what it keeps, or undefined when it refused them. Never changes `bytes`. */
export function walkBuffer(bytes: Buffer, walk: Walk): Buffer | undefined {
  const out: Buffer[] = [];
  let at = 0;
  const take = (n: number) => {
    const part = bytes.subarray(at, at + Math.max(0, n));
    at += part.length;
    return part;
  };
  let step = walk.next();
  while (!step.done) {
    const o = step.value;
    let answer: unknown;
    switch (o.op) {
      case 'read':
        answer = take(o.n);
        break;
      case 'copy': {
        const part = take(o.n);
        out.push(part);
        answer = part.length;
        break;
      }
      case 'skip':
        answer = take(o.n).length;
        break;
      case 'zero': {
        const n = take(o.n).length;
        out.push(Buffer.alloc(n));
        answer = n;
        break;
      }
      case 'emit':
        out.push(o.bytes);
        break;
      case 'copyToFF': {
        const ff = bytes.indexOf(0xff, at);
        out.push(take((ff < 0 ? bytes.length : ff) - at));
        answer = ff >= 0;
        break;
      }
      case 'rest': {
        const part = take(bytes.length - at);
        if (o.mode === 'copy') out.push(part);
        else if (o.mode === 'zero') out.push(Buffer.alloc(part.length));
        break;
      }
      case 'left':
        answer = bytes.length - at;
        break;
    }
    step = walk.next(answer);
  }
  return step.value ? Buffer.concat(out) : undefined;
}

/** Zeros are written in pieces of at most this size. */
const ZERO_PIECE = 64 * 1024;

/**
 * The walk over an upload as it arrives: yields the kept bytes as they are decided, holding only the
 * headers being read and the chunk at hand. Throws NotWalkable when the walk refuses the file; an error
 * of the source (too large, a cut-off request) comes through as it is. Once the walk is done, the rest of
 * the input is read and dropped, so a limit counted on the source still sees every byte.
 */
export async function* walkStream(source: AsyncIterable<Buffer>, walk: Walk): AsyncGenerator<Buffer, void> {
  const input = source[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  let ended = false;
  /** Adds the next chunk to `buffered`; false at the end of the input. */
  const more = async () => {
    if (ended) return false;
    const next = await input.next();
    if (next.done) {
      ended = true;
      return false;
    }
    buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
    return true;
  };
  /** Up to n bytes off the front, reading more only when none are buffered. */
  const front = async (n: number) => {
    if (!buffered.length && !(await more())) return Buffer.alloc(0);
    const part = buffered.subarray(0, n);
    buffered = buffered.subarray(part.length);
    return part;
  };
  let step = walk.next();
  while (!step.done) {
    const o = step.value;
    let answer: unknown;
    switch (o.op) {
      case 'read': {
        while (buffered.length < o.n && (await more()));
        const part = buffered.subarray(0, o.n);
        buffered = buffered.subarray(part.length);
        answer = part;
        break;
      }
      case 'copy':
      case 'skip':
      case 'zero': {
        let done = 0;
        while (done < o.n) {
          const part = await front(Math.min(o.n - done, o.op === 'zero' ? ZERO_PIECE : Infinity));
          if (!part.length) break;
          done += part.length;
          if (o.op === 'copy') yield part;
          else if (o.op === 'zero') yield Buffer.alloc(part.length);
        }
        answer = done;
        break;
      }
      case 'emit':
        yield o.bytes;
        break;
      case 'copyToFF': {
        answer = false;
        while (buffered.length || (await more())) {
          const ff = buffered.indexOf(0xff);
          const part = buffered.subarray(0, ff < 0 ? buffered.length : ff);
          buffered = buffered.subarray(part.length);
          if (part.length) yield part;
          if (ff >= 0) {
            answer = true;
            break;
          }
        }
        break;
      }
      case 'rest':
        for (;;) {
          const part = await front(o.mode === 'zero' ? ZERO_PIECE : Infinity);
          if (!part.length) break;
          if (o.mode === 'copy') yield part;
          else if (o.mode === 'zero') yield Buffer.alloc(part.length);
        }
        break;
      case 'left':
        answer = undefined;
        break;
    }
    step = walk.next(answer);
  }
  if (!step.value) throw new NotWalkable();
  buffered = Buffer.alloc(0);
  while (await more()) buffered = Buffer.alloc(0);
}

/**
 * The first n bytes of a stream (fewer when it is shorter), to judge a file by, and the whole stream again
 * from its first byte. Holds at most n bytes and one chunk.
 */
export async function peekHead(
  source: AsyncIterable<Buffer>,
  n: number,
): Promise<{ head: Buffer; content: AsyncGenerator<Buffer, void> }> {
  const input = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const next = await input.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const start = Buffer.concat(chunks);
  async function* content() {
    if (start.length) yield start;
    if (ended) return;
    for (;;) {
      const next = await input.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: start.subarray(0, n), content: content() };
}
