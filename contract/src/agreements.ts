import { z } from 'zod';
import { endpoint, text } from './common.ts';

/**
 * HOME-2: the version of the agreements the members are asked to accept now. The server derives it from
 * the agreements' content (server/src/db/functions/agreements.sql), so any change of a text is a new
 * version that asks again.
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

// ---- The operator's side: /api/ops/agreements, the operator token, audited.

const localizedHtml = (max: number) =>
  z.object({ th: text().min(1).max(max), la: text().min(1).max(max), en: text().min(1).max(max) });

/** One agreement as the operator writes it: a title and HTML content in th, la and en (cleaned when read). */
export const opsAgreementSchema = z.object({
  id: text().regex(/^[a-z0-9-]{1,40}$/),
  title: localizedHtml(200),
  content: localizedHtml(20_000),
});

const opsAgreementsAnswer = z.object({
  version: agreementsVersionSchema,
  agreements: z.array(opsAgreementSchema),
});

export const opsGet = endpoint({
  method: 'GET',
  path: '/api/ops/agreements',
  body: undefined,
  response: opsAgreementsAnswer,
  auth: false,
});

/**
 * Replaces the agreements as a whole. Any change of a text is a new version (their content's hash), so
 * every member is asked again; the same texts again change nothing.
 */
export const opsSet = endpoint({
  method: 'PUT',
  path: '/api/ops/agreements',
  body: z.object({ agreements: z.array(opsAgreementSchema).min(1).max(20) }),
  response: opsAgreementsAnswer,
  auth: false,
});
