import {
  REQUEST_TIMEOUT_MS,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type Endpoint,
} from '@krapao/contract';
import type { z } from 'zod';
import { ApiError, PARSE_OPTIONS, parseRetryAfter } from '../../lib/api-client';
import { getStaffToken } from '../session';

/**
 * The console's own caller of /api/console/*: the staff token (never a member's) as a bearer, query
 * strings for the list endpoints, and its own "session over" handler, so that a staff session ending
 * never signs a member out in another tab, and the other way round.
 */

/** Answers that mean the staff session is over (idle, expired, ended by an admin, staff disabled). */
const SESSION_ENDED = new Set(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN', 'INACTIVE_USER', 'invalid-token']);

let onSessionEnded: () => void = () => {};
/** The console's shell decides where an ended session goes (the sign-in page). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

type Query = Record<string, string | number | undefined | null>;
export interface ConsoleCallOptions {
  params?: Record<string, string>;
  query?: Query;
  signal?: AbortSignal;
}

type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
type ResponseOf<E extends Endpoint> = z.output<E['response']>;

export function consolePath(endpoint: Pick<Endpoint, 'path'>, options: ConsoleCallOptions = {}): string {
  let path = endpoint.path;
  for (const [name, value] of Object.entries(options.params ?? {})) {
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export function staffHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };
  const token = getStaffToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

/** A failed answer as an ApiError with the server's code; an ended session is reported first. */
async function failure(response: Response, hadToken: boolean): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => undefined);
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : 'INTERNAL_SERVER_ERROR';
  if (hadToken && response.status === 401 && SESSION_ENDED.has(message)) onSessionEnded();
  // A lockout says how long it lasts (Retry-After), which the sign-in form shows.
  return new ApiError(message, response.status, parseRetryAfter(response.headers.get('retry-after')));
}

/** Calls one console endpoint and parses the answer with the contract's schema. */
export async function consoleCall<E extends Endpoint>(
  endpoint: E,
  body?: BodyOf<E>,
  options: ConsoleCallOptions = {},
): Promise<ResponseOf<E>> {
  const hadToken = getStaffToken() !== null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetch(consolePath(endpoint, options), {
      method: endpoint.method,
      headers: staffHeaders(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(controller.signal.aborted ? 'REQUEST_TIMEOUT' : 'NETWORK_ERROR', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (!response.ok) throw await failure(response, hadToken);
  const parsed = endpoint.response.safeParse(await response.json().catch(() => undefined), PARSE_OPTIONS);
  if (!parsed.success) throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
  return parsed.data as ResponseOf<E>;
}

/** A non-JSON answer (the audit CSV) as a Blob, with the same headers and failures. */
export async function consoleDownload(path: string, options: ConsoleCallOptions): Promise<Blob> {
  const hadToken = getStaffToken() !== null;
  let response: Response;
  try {
    response = await fetch(consolePath({ path }, options), { headers: staffHeaders(false) });
  } catch {
    throw new ApiError('NETWORK_ERROR', 0);
  }
  if (!response.ok) throw await failure(response, hadToken);
  return response.blob();
}
