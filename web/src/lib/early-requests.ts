import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@krapao/contract';

/** How long an early answer waits for the screen that wants it; after that the screen asks again. */
const KEEP_MS = 10_000;

interface EarlyGet {
  token: string;
  at: number;
  response: Promise<Response>;
}

const early = new Map<string, EarlyGet>();

/**
 * On a member's page load the GETs of the first screen start as the entry runs, while the app's chunks
 * are still on their way (app/first-screen.ts). The api client takes each answer once, for the same
 * path and token, in place of making the request itself (lib/api-client.ts). Answers the responses by
 * path, for the entry to read a copy of one before the app's code is here.
 */
export function startEarlyGets(paths: readonly string[], token: string): Map<string, Promise<Response>> {
  const started = new Map<string, Promise<Response>>();
  for (const path of paths) {
    const response = fetch(path, {
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE, Authorization: `Bearer ${token}` },
    });
    // A failure is reported by the api client when a screen takes the answer.
    response.catch(() => {});
    early.set(path, { token, at: Date.now(), response });
    started.set(path, response);
  }
  return started;
}

/** The early answer to GET `path` made with `token`, once; undefined when there is none (or too old). */
export function takeEarlyGet(path: string, token: string | null): Promise<Response> | undefined {
  const found = early.get(path);
  if (!found) return undefined;
  early.delete(path);
  return found.token === token && Date.now() - found.at < KEEP_MS ? found.response : undefined;
}
