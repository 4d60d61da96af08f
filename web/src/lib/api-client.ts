import {
  REQUEST_TIMEOUT_MS,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type Endpoint,
} from '@krapao/contract';
import type { z } from 'zod';
import { currentLocale } from '../i18n';
import { noteServerDate } from './clock';
import { takeEarlyGet } from './early-requests';
import { getToken } from './session';

/**
 * How the web parses with the contract: zod's interpreter, not its compiler. zod compiles a parser for
 * each object schema at its first parse (`new Function`), which costs more than that parse: the home's
 * four first answers took 11 to 20 ms parsed the first time compiled, 4 to 5 ms interpreted (Node, this
 * machine; four times that on Lighthouse's phone, in the first screen's tasks), and a later parse of the
 * same answers costs a tenth more interpreted. A page parses each answer a few times, not thousands.
 */
export const PARSE_OPTIONS = { jitless: true } as const;

/**
 * A failed call, carrying the server's code ({ message: CODE }) or a client one (SH-18), and the
 * server's Retry-After in seconds when it said how long to wait (REQUEST_LIMIT).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly retryAfterS: number | undefined;
  /** What the answer said besides its message (DEPOSIT_LIMIT's `left`). */
  readonly details: Record<string, unknown>;
  constructor(code: string, status: number, retryAfterS?: number, details: Record<string, unknown> = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.retryAfterS = retryAfterS;
    this.details = details;
  }
}

/** A number the refusal carried besides its message (DEPOSIT_LIMIT's `left`), if it did. */
export function errorNumber(error: unknown, name: string): number | undefined {
  const value = error instanceof ApiError ? error.details[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function errorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (error instanceof Error) return error.message;
  return 'INTERNAL_SERVER_ERROR';
}

/** How many seconds the server asked the member to wait before trying again, when it said. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.retryAfterS : undefined;
}

/** Retry-After is seconds, or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** SH-13: answers that mean the session is over. */
export const SESSION_ENDED_MESSAGES = new Set([
  'invalid-token',
  'cannot verify identity',
  'INACTIVE_USER',
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
]);
/** SH-6: the service has ended. */
export const GONE_MESSAGE = 'gone';

type Handler = () => void;
const handlers: { sessionEnded: Handler; gone: Handler } = { sessionEnded: () => {}, gone: () => {} };

/** The app decides where to go; lib only reports (lib sits below app). */
export function setApiEventHandlers(next: Partial<typeof handlers>): void {
  Object.assign(handlers, next);
}

export interface CallOptions {
  /** Path parameters replace `{name}` in the endpoint path. */
  params?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a money-moving request (idempotency.ts). */
  headers?: Record<string, string>;
}

// An endpoint without a JSON body may take multipart form data (SLIP-1: the slip image).
type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined | FormData;
type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** `promise`, or its rejection once `signal` aborts (a timeout, a screen that went away). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * Calls one contract endpoint and parses the answer with its response schema. Every call carries
 * X-Requested-With and, when a member is logged in, the bearer token (SH-18).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  body?: BodyOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  let path = endpoint.path;
  for (const [name, value] of Object.entries(options.params ?? {})) {
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const headers: Record<string, string> = {
    // The app's language, not the phone's: a game opens in it, the chat's bot answers in it (BCP 47:
    // Lao is lo).
    'Accept-Language': currentLocale() === 'la' ? 'lo' : currentLocale(),
    ...options.headers,
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  // A plain GET the entry has already made for the first screen (lib/early-requests.ts).
  const early =
    endpoint.method === 'GET' && body === undefined && !options.headers
      ? takeEarlyGet(path, token)
      : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, controller.signal)
      : fetch(path, {
          method: endpoint.method,
          headers,
          body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
          signal: controller.signal,
        }));
  } catch (error) {
    if (timedOut) throw new ApiError('REQUEST_TIMEOUT', 0);
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  noteServerDate(response.headers.get('date'));
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : response.status === 410
          ? GONE_MESSAGE
          : 'INTERNAL_SERVER_ERROR';
    if (message === GONE_MESSAGE) handlers.gone();
    else if (token && SESSION_ENDED_MESSAGES.has(message)) handlers.sessionEnded();
    const { message: _message, ...details } = (data && typeof data === 'object' ? data : {}) as Record<
      string,
      unknown
    >;
    throw new ApiError(
      message,
      response.status,
      parseRetryAfter(response.headers.get('retry-after')),
      details,
    );
  }
  const parsed = endpoint.response.safeParse(data, PARSE_OPTIONS);
  if (!parsed.success) throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
  return parsed.data as ResponseOf<E>;
}
