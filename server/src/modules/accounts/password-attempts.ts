import {
  LOGIN_ACCOUNT_WINDOW_S,
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
  LOGIN_FAILURES_PER_ADDRESS,
} from '@krapao/contract';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { giveBack, take, type Taken } from '../../lib/rate-counter.ts';

/** What a password is checked for: logging in (by phone), or changing it (by member, PRO-2). */
export type PasswordCheck = { kind: 'login'; phone: string } | { kind: 'changepwd'; memberId: string };

/** The right to check one password, taken before it is checked. */
export interface Attempt {
  /** The password was right: the attempt is given back, so members who log in often are never limited. */
  succeeded(): Promise<void>;
  /**
   * A login past the per-account limit (LOG-3): the password is still checked and counted, but only a
   * code sent to the registered phone lets it in (login-otp.ts), so strangers guessing from many
   * addresses can no longer lock the owner out.
   */
  pastAccountLimit: boolean;
}

/**
 * LOG-3, PRO-2: counts a password check BEFORE it is made, with one atomic upsert per limit, so no
 * interleaving of parallel requests checks more wrong passwords than the limits allow (the old code read
 * the counters, verified, then counted failures: 100 simultaneous guesses were all checked). A wrong
 * password keeps its count; a right one gives it back. Limits are taken narrowest first (account and
 * address, address, account): a refused attempt gives back what it took, so guesses refused at one
 * address never use up the account's ceiling that protects the member at their own address.
 * Refused: REQUEST_LIMIT (429) with Retry-After, the seconds until that window frees a slot; except a
 * login past the per-account limit alone, which goes on with `pastAccountLimit` (its count kept).
 */
export async function claimPasswordAttempt(
  q: Queryable,
  check: PasswordCheck,
  address: string,
  now: Date,
): Promise<Attempt> {
  const taken: Taken[] = [];
  let pastAccountLimit = false;
  for (const limit of limitsOf(check, address)) {
    const t = await take(q, limit.key, limit.windowS, now);
    taken.push(t);
    if (t.hits > limit.max && limit.perAccount && check.kind === 'login') pastAccountLimit = true;
    else if (t.hits > limit.max) {
      await Promise.all(taken.map((x) => giveBack(q, x)));
      const waitS = Math.max(1, Math.ceil((t.windowEndsAt.getTime() - now.getTime()) / 1000));
      throw new AppError('REQUEST_LIMIT', 429, waitS);
    }
  }
  return {
    pastAccountLimit,
    async succeeded() {
      await Promise.all(taken.map((x) => giveBack(q, x)));
    },
  };
}

function limitsOf(check: PasswordCheck, address: string) {
  const who = check.kind === 'login' ? `phone:${check.phone}` : `id:${check.memberId}`;
  return [
    {
      key: `${check.kind}:account-address:${who}:${address}`,
      max: LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
      windowS: LOGIN_FAILURE_WINDOW_S,
    },
    {
      key: `${check.kind}:address:${address}`,
      max: LOGIN_FAILURES_PER_ADDRESS,
      windowS: LOGIN_FAILURE_WINDOW_S,
    },
    {
      key: `${check.kind}:account:${who}`,
      max: LOGIN_FAILURES_PER_ACCOUNT,
      windowS: LOGIN_ACCOUNT_WINDOW_S,
      perAccount: true,
    },
  ];
}
