// Types of scripts/lib.mjs for the TypeScript that uses it (the browser tests).
import type { BrowserContext, Page } from 'playwright-core';

export const root: string;
/** The region the web app is built for: VITE_REGION, else REGION, else 'th'. */
export function webRegion(): 'th' | 'la';
/** The built web app: web/dist/<region> (this process's region unless given), or WEB_OUT_DIR when set. */
export function webDist(region?: 'th' | 'la'): string;
export function ensureChromium(): string;
export function startServer(
  env?: Record<string, string>,
  opts?: { nodeArgs?: string[] },
): Promise<{ base: string; stop(): Promise<void> }>;
/** Fills an empty folder with an initialised, empty PGlite cluster (copied from one made once per version). */
export function initPgliteDataDir(dir: string): Promise<void>;
export function freePort(): Promise<number>;
/** Whether process `pid` listens on TCP `port` (Linux; true where /proc is missing). */
export function listensOn(pid: number, port: number): boolean;
export function startSimWorld(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>;
/** A Node process listening on a port found free (or given), once it answers `probe` and is the listener. */
export function listeningChild(opts: {
  what: string;
  args: string[];
  env: (port: number) => Record<string, string | undefined>;
  port?: number;
  probe: string;
  timeoutMs: number;
  cwd?: string;
  onStderr?: (chunk: Buffer) => void;
}): Promise<{
  child: import('node:child_process').ChildProcess;
  port: number;
  base: string;
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}>;
export const CHROMIUM_ARGS: string[];
export function launchChromium(opts?: {
  viewport?: { width: number; height: number };
  /** The browser's own language, e.g. 'lo-LA' (--lang and the context locale). */
  locale?: string;
  /** 'block': no service worker runs, so every request the page makes reaches the network (and page.route). */
  serviceWorkers?: 'allow' | 'block';
}): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }>;
