import type { AgreementsStatus } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';

// HOME-2: the member's acceptance of the agreements, kept per version (db/functions/agreements.sql derives
// the version from the agreements' content, so a changed text asks again). The texts themselves are the
// lookup's.

/** GET /api/agreements/status: the current version and whether (and when) the member accepted it. */
export async function status(ctx: Ctx, memberId: string): Promise<AgreementsStatus> {
  const [row] = await ctx.db.query<{ version: string; accepted_at: Date | null }>(
    `select v.version, a.accepted_at
     from (select agreements_version() as version) v
     left join agreement_acceptances a on a.member_id = $1 and a.version = v.version`,
    [memberId],
  );
  return answer(row!.version, row!.accepted_at);
}

/**
 * POST /api/agreements/accept: one statement (agreements_accept). A repeat answers the first acceptance;
 * a version other than the current one is AGREEMENTS_CHANGED (409): the member's screen showed texts
 * that have since changed, and accepting them would record words the member never read.
 */
export async function accept(ctx: Ctx, memberId: string, version: string): Promise<AgreementsStatus> {
  const [row] = await ctx.db.query<{ current_version: string; accepted_at: Date | null }>(
    'select current_version, accepted_at from agreements_accept($1, $2, $3)',
    [memberId, version, ctx.clock.now()],
  );
  if (!row?.accepted_at) throw new AppError('AGREEMENTS_CHANGED', 409);
  return answer(row.current_version, row.accepted_at);
}

const answer = (version: string, acceptedAt: Date | null): AgreementsStatus => ({
  version,
  accepted: acceptedAt !== null,
  acceptedAt: acceptedAt?.toISOString() ?? null,
});

type Localized = { th: string; la: string; en: string };
interface StoredAgreement {
  id: string;
  title: Localized;
  content: Localized;
}

/** The operator's view: the agreements as stored (the lookup cleans them for members) and their version. */
export async function opsAgreements(q: Queryable) {
  const [row] = await q.query<{ version: string; list: StoredAgreement[] | null }>(
    `select agreements_version_of(s.value) as version, s.value as list
     from (select (select value from settings where key = 'site.agreements') as value) s`,
  );
  return { version: row!.version, agreements: row!.list ?? [] };
}

/** Replaces the agreements; their version follows their content (db/functions/agreements.sql). */
export async function setAgreements(ctx: Ctx, list: StoredAgreement[]) {
  await ctx.db.query(
    `insert into settings (key, value) values ('site.agreements', $1)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(list)],
  );
  return opsAgreements(ctx.db);
}
