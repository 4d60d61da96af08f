/**
 * A piece of the server's background work: started once the server listens, stopped when it closes
 * (server/src/jobs.ts registers them). stop lets work in flight finish before the database closes.
 */
export interface Job {
  start: () => Promise<void>;
  stop: () => Promise<void>;
}
