import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { QrRead } from './image.ts';
import type { SlipImageType } from './image-header.ts';
import { FairQueue, type FairJob } from './qr-queue.ts';

/**
 * Reads slips' QRs on worker threads, so the server keeps answering while a photo is decoded, in the
 * fair order of qr-queue.ts, each picture within a time budget.
 *
 * Two workers, two lanes. The quick lane is for pictures up to LARGE_PIXELS (the slips banking apps save,
 * screenshots: nearly every slip), each given QUICK_BUDGET_MS; a real slip reads in 50 to 300 ms. The
 * slow lane, which only one worker serves at a time, is for camera photos and for quick-lane pictures
 * that ran out of their budget, each given the configured timeout (SLIP_READ_TIMEOUT_MS). So a queue of
 * heavy pictures holds back a slip by at most one quick budget: some patterns (fine stripes, a few KB of
 * PNG) keep the QR search busy for seconds whatever the size, and a legitimate picture that needs more
 * than a second gets it in the slow lane, in its turn. A member who sent a picture too large (a bomb) or
 * too slow reads in the slow lane only for SUSPECT_FOR_MS: the quick lane stays for everyone else.
 *
 * Budgets count the worker thread's CPU time (Linux, /proc/self/task), not the clock: on a machine busy
 * with other work a real slip's 150 ms of CPU can take seconds, and must not run out of time for it; the
 * clock still stops a picture at WALL_FACTOR times its budget. Elsewhere they count the clock.
 *
 * A picture still being read when its slow-lane budget runs out fails IMG_SIZE_UNABLE_TO_PROCESS, and its
 * worker is ended (terminate stops even a decoder stuck in a loop) and replaced at once by a spare that
 * is kept loaded (a worker takes a second or more to start). A worker that dies while reading a picture
 * fails that picture the same way; when no worker can start at all, what waits is rejected, and verify.ts
 * retries it later.
 */
const POOL_SIZE = 2;
/** Screenshots and saved slips are at most about 4.6 MP (1440 x 3200); above that, a camera photo. */
export const LARGE_PIXELS = 5_000_000;
/** A quick-lane picture's budget. */
export const QUICK_BUDGET_MS = 1_000;
/** How long a member who sent a picture too large or too slow is kept to the slow lane. */
const SUSPECT_FOR_MS = 60 * 60_000;
/** How much longer than its CPU budget a picture may take by the clock, on a machine busy elsewhere. */
const WALL_FACTOR = 20;
/** How often a picture's CPU time is looked at. */
const CHECK_EVERY_MS = 100;

/** The worker time a picture is expected to take: about a second for 16 MP, at least 50 ms. */
const expectedMs = (pixels: number) => 50 + pixels / 16_000;

export interface QrJob {
  memberId: string;
  pixels: number;
  bytes: Uint8Array;
  type: SlipImageType;
  /** The slow lane's budget (SLIP_READ_TIMEOUT_MS). */
  timeoutMs: number;
}

interface Pending extends FairJob {
  read: QrJob;
  slow: boolean;
  /** When its read began: by the clock, and the worker thread's CPU time then. */
  startedAt: number;
  cpuAt: number | undefined;
  resolve: (r: QrRead) => void;
  reject: (e: Error) => void;
}

interface Handle {
  worker: Worker;
  ready: boolean;
  /** The worker's thread in /proc/self/task, where its CPU time is. */
  tid: string | undefined;
}

interface Slot {
  handle: Handle | undefined;
  job: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

const queue = new FairQueue<Pending>();
const slots: Slot[] = Array.from({ length: POOL_SIZE }, () => ({
  handle: undefined,
  job: undefined,
  timer: undefined,
}));
let spare: Handle | undefined;
/** Members kept to the slow lane, until when (Date.now()). */
const suspects = new Map<string, number>();

/** Keeps the member's pictures to the slow lane for a while: it sent one too large or too slow. */
export function suspect(memberId: string): void {
  suspects.set(memberId, Date.now() + SUSPECT_FOR_MS);
}

function isSuspect(memberId: string): boolean {
  const until = suspects.get(memberId);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  suspects.delete(memberId);
  return false;
}

/** How a lane was done with a picture: its QR read, none found, its budget ran out, its worker died. */
export type QrReadOutcome = 'read' | 'unreadable' | 'out_of_time' | 'crashed';
export type QrLane = 'quick' | 'slow';
const noneYet = (): Record<QrReadOutcome, number> => ({ read: 0, unreadable: 0, out_of_time: 0, crashed: 0 });
/** Pictures the workers were done with, by lane and outcome, since the process started. */
const finished: Record<QrLane, Record<QrReadOutcome, number>> = { quick: noneYet(), slow: noneYet() };

const count = (job: Pending, outcome: QrReadOutcome) => finished[job.slow ? 'slow' : 'quick'][outcome]++;

/**
 * The pictures the QR workers were done with (krapao_slip_qr_reads_total), every lane and outcome from 0:
 * the workers serve the whole process, so every app of it reports the same counts. A quick-lane picture
 * that ran out of its budget counts there as out_of_time and again in the slow lane when that is done
 * with it.
 */
export function qrReadsFinished(): Array<{ lane: QrLane; outcome: QrReadOutcome; pictures: number }> {
  return (Object.keys(finished) as QrLane[]).flatMap((lane) =>
    (Object.keys(finished[lane]) as QrReadOutcome[]).map((outcome) => ({
      lane,
      outcome,
      pictures: finished[lane][outcome],
    })),
  );
}

/** Queues one picture; answers its QR's text or why it has none. */
export function readQrInTurn(read: QrJob): Promise<QrRead> {
  return new Promise((resolve, reject) => {
    const member = read.memberId;
    const slow = read.pixels > LARGE_PIXELS || isSuspect(member);
    queue.push({
      member,
      cost: expectedMs(read.pixels),
      read,
      slow,
      startedAt: 0,
      cpuAt: undefined,
      resolve,
      reject,
    });
    startQrWorkers();
    dispatch();
  });
}

/**
 * Starts the workers that are not running, and the spare (the server does at start-up: a worker takes a
 * second or more to load, which the first slips would otherwise wait for).
 */
export function startQrWorkers(): void {
  for (const slot of slots) slot.handle ??= spawn();
  spare ??= spawn();
}

function dispatch() {
  for (const slot of slots) {
    if (!slot.handle?.ready || slot.job) continue;
    const slowBusy = slots.some((s) => s.job?.slow);
    const job = queue.take((j) => !j.slow || !slowBusy);
    if (!job) continue;
    slot.job = job;
    job.startedAt = performance.now();
    job.cpuAt = cpuMs(slot.handle.tid);
    const budgetMs = job.slow ? job.read.timeoutMs : QUICK_BUDGET_MS;
    slot.timer = setInterval(() => {
      if (spentMs(slot) > budgetMs || performance.now() - job.startedAt > budgetMs * WALL_FACTOR)
        outOfTime(slot);
    }, CHECK_EVERY_MS);
    slot.timer.unref();
    // A copy goes over, so the caller's buffer stays usable.
    slot.handle.worker.postMessage({ bytes: job.read.bytes, type: job.read.type });
  }
}

/** The CPU time the slot's picture has had so far (the clock's time where there is no /proc). */
function spentMs(slot: Slot): number {
  const job = slot.job!;
  const now = cpuMs(slot.handle?.tid);
  return now !== undefined && job.cpuAt !== undefined ? now - job.cpuAt : performance.now() - job.startedAt;
}

/** A thread's CPU time in ms (user and system), from /proc/self/task/<tid>/stat; undefined without. */
function cpuMs(tid: string | undefined): number | undefined {
  if (!tid) return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    // After "pid (name) ": state is field 3; utime and stime are fields 14 and 15, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Frees the slot for the next picture and charges its member the time it took (a picture going on to
 * the slow lane is charged when it is done there).
 */
function release(slot: Slot, charge = true): Pending | undefined {
  const job = slot.job;
  if (!job) return undefined;
  const took = spentMs(slot);
  clearInterval(slot.timer);
  slot.job = undefined;
  slot.timer = undefined;
  queue.done(job, charge ? took : 0);
  return job;
}

function outOfTime(slot: Slot) {
  const toSlowLane = slot.job && !slot.job.slow;
  const job = release(slot, !toSlowLane);
  if (job) {
    count(job, 'out_of_time');
    suspect(job.member);
  }
  replace(slot);
  if (job && toSlowLane) queue.push({ ...job, slow: true });
  else job?.resolve({ ok: false, reason: 'IMG_SIZE_UNABLE_TO_PROCESS' });
  dispatch();
}

/** Ends the slot's worker and puts the spare (or a new worker) in its place. */
function replace(slot: Slot) {
  const old = slot.handle;
  slot.handle = spare ?? spawn();
  spare = spawn();
  if (old) void old.worker.terminate();
}

function spawn(): Handle {
  const handle: Handle = {
    worker: new Worker(new URL('./qr-worker.mjs', import.meta.url)),
    ready: false,
    tid: undefined,
  };
  const w = handle.worker;
  w.unref();
  const slotOf = () => slots.find((s) => s.handle === handle);
  w.on('message', (msg: { ready: true; tid?: string } | { read: QrRead }) => {
    if ('ready' in msg) {
      handle.ready = true;
      handle.tid = msg.tid;
    } else {
      const slot = slotOf();
      const job = slot && release(slot);
      if (job) {
        count(job, msg.read.ok ? 'read' : 'unreadable');
        job.resolve(msg.read);
      }
    }
    dispatch();
  });
  const died = (err: Error) => {
    if (spare === handle) spare = undefined;
    const slot = slotOf();
    if (!slot) return;
    const job = release(slot);
    if (job) {
      // The picture being read killed it (out of memory, a decoder's crash).
      count(job, 'crashed');
      replace(slot);
      job.resolve({ ok: false, reason: 'IMG_SIZE_UNABLE_TO_PROCESS' });
    } else {
      slot.handle = undefined;
      // No worker can start: what waits is retried later by the sweep.
      if (!slots.some((s) => s.handle?.ready)) for (const waiting of queue.drop()) waiting.reject(err);
    }
    dispatch();
  };
  w.on('error', died);
  w.on('exit', (code) => died(new Error(`slip QR worker exited with code ${code}`)));
  return handle;
}
