// CHAT-5: how much one customer, and one address, may upload into the chat in a day. A guest id costs
// nothing to make, so a visitor's uploads also count against their address; a member (known by phone and
// OTP) is counted alone, and members behind one carrier NAT never share a visitor's count. The counts are
// rows of rate_limits (lib/rate-counter.ts), so every instance sees the same: the files when an upload
// starts, the kilobytes once it is stored; an upload refused on the way gives its file back.
import type { Queryable } from '../../db/db.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { giveBack, peek, take, type Taken } from '../../lib/rate-counter.ts';

const DAY_S = 86_400;

/** Uploads a customer may make in a minute (a script, not a person). */
export const UPLOADS_PER_MIN = 10;

type Scope = 'guest' | 'member' | 'address';

/** chat.uploadsPerDay, files in 24 hours: a visitor fills a chat with a few pictures, not dozens of videos. */
export const DEFAULT_UPLOADS_PER_DAY: Record<Scope, number> = { guest: 20, member: 50, address: 40 };
/** chat.uploadMegabytesPerDay, MB (10^6 bytes) in 24 hours: five of the largest videos for a visitor. */
export const DEFAULT_MEGABYTES_PER_DAY: Record<Scope, number> = { guest: 100, member: 300, address: 200 };

export type Uploader = { kind: 'member'; memberId: string } | { kind: 'guest'; guestId: string };

/** An upload's place in the counts, taken before its bytes are read. */
export interface Quota {
  /** Bytes the upload may store: the least of what each count has left. */
  bytesLeft: number;
  /** Counts the stored bytes; refuses (and gives everything back) when another upload took them first. */
  commit(size: number): Promise<void>;
  /** Gives the files back: the upload stored nothing. */
  release(): Promise<void>;
}

async function limits(q: Queryable) {
  const [files, megabytes] = await Promise.all([
    getSetting<Partial<Record<Scope, number>>>(q, 'chat.uploadsPerDay'),
    getSetting<Partial<Record<Scope, number>>>(q, 'chat.uploadMegabytesPerDay'),
  ]);
  // Bytes are counted in kilobytes (10^3): a day of a generous limit still fits the counter's int.
  return {
    files: { ...DEFAULT_UPLOADS_PER_DAY, ...files },
    kilobytes: Object.fromEntries(
      Object.entries({ ...DEFAULT_MEGABYTES_PER_DAY, ...megabytes }).map(([k, mb]) => [
        k,
        Math.floor(mb * 1000),
      ]),
    ) as Record<Scope, number>,
  };
}

/** Refused until the day's window ends (Retry-After). */
const refused = (taken: Taken, now: Date) =>
  new AppError(
    'CHAT_UPLOAD_LIMIT',
    429,
    Math.max(1, Math.ceil((taken.windowEndsAt.getTime() - now.getTime()) / 1000)),
  );

/**
 * Takes the upload's place: a turn of the conversation's minute (REQUEST_LIMIT_1MIN), a file of each
 * day's count and room in its bytes (CHAT_UPLOAD_LIMIT, 429). Nothing stays counted when it refuses.
 */
export async function takeQuota(
  q: Queryable,
  who: Uploader,
  conversationId: string,
  address: string,
  now: Date,
): Promise<Quota> {
  const { files, kilobytes } = await limits(q);
  const scopes: Array<[Scope, string]> = [
    who.kind === 'member' ? ['member', `member:${who.memberId}`] : ['guest', `guest:${who.guestId}`],
  ];
  if (who.kind === 'guest') scopes.push(['address', `address:${address}`]);
  const taken: Taken[] = [];
  const release = () => Promise.all(taken.map((t) => giveBack(q, t))).then(() => undefined);
  try {
    const minute = await take(q, `chat-upload:${conversationId}`, 60, now);
    taken.push(minute);
    if (minute.hits > UPLOADS_PER_MIN) throw new AppError('REQUEST_LIMIT_1MIN', 429, 60);
    let bytesLeft = Infinity;
    for (const [scope, id] of scopes) {
      const day = await take(q, `chat-upload-day:${id}`, DAY_S, now);
      taken.push(day);
      if (day.hits > files[scope]) throw refused(day, now);
      const used = await peek(q, `chat-upload-kb:${id}`, DAY_S, now);
      bytesLeft = Math.min(bytesLeft, (kilobytes[scope] - used) * 1000);
      if (bytesLeft <= 0) throw refused(day, now);
    }
    return {
      bytesLeft,
      async commit(size) {
        const kb = Math.ceil(size / 1000);
        for (const [scope, id] of scopes) {
          const stored = await take(q, `chat-upload-kb:${id}`, DAY_S, now, kb);
          taken.push(stored);
          if (stored.hits > kilobytes[scope]) {
            await release();
            throw refused(stored, now);
          }
        }
      },
      release,
    };
  } catch (err) {
    await release();
    throw err;
  }
}
