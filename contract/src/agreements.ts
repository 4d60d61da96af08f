import { z } from 'zod';
import { endpoint, text } from './common.ts';

/**
 * HOME-2: the version of the agreements the members are asked to accept now. The server derives it from
 * the agreements' content (migration 022), so any change of a text is a new version that asks again.
 */
export const agreementsVersionSchema = text().min(1).max(64);

export const agreementsStatusSchema = z.object({
  version: agreementsVersionSchema,
  /** Whether the member has accepted this version (an earlier version's acceptance does not count). */
  accepted: z.boolean(),
  /** When the member accepted this version, ISO 8601; null while not accepted. */
  acceptedAt: text().datetime().nullable(),
});
export type AgreementsStatus = z.infer<typeof agreementsStatusSchema>;

/** HOME-2: has the member accepted the current agreements? */
export const getStatus = endpoint({
  method: 'GET',
  path: '/api/agreements/status',
  body: undefined,
  response: agreementsStatusSchema,
  auth: true,
});

/**
 * HOME-2: the member accepts the version their screen showed. Idempotent: a repeat answers the first
 * acceptance's time. A version that is no longer the current one is refused with AGREEMENTS_CHANGED (409).
 */
export const accept = endpoint({
  method: 'POST',
  path: '/api/agreements/accept',
  body: z.object({ version: agreementsVersionSchema }),
  response: agreementsStatusSchema,
  auth: true,
});
