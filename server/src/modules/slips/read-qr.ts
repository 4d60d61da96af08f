import { Worker } from 'node:worker_threads';
import type { QrRead, SlipImageType } from './image.ts';

/**
 * Reads a slip's QR on a worker thread, one picture at a time, so the server keeps answering while a
 * large photo is decoded. The worker starts with the first slip and is restarted after a failure; a
 * picture that kills it (or a worker that cannot start) rejects, and the slip's attempt is retried
 * later like any other error (verify.ts), until its attempts run out.
 */
let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (r: QrRead) => void; reject: (e: Error) => void }>();

function start(): Worker {
  const w = new Worker(new URL('./qr-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', ({ id, read }: { id: number; read: QrRead }) => {
    waiting.get(id)?.resolve(read);
    waiting.delete(id);
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`slip QR worker exited with code ${code}`)));
  return w;
}

export function readQrOffThread(bytes: Uint8Array, type: SlipImageType): Promise<QrRead> {
  worker ??= start();
  const id = nextId++;
  const w = worker;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // A copy goes over, so the caller's buffer stays usable.
    w.postMessage({ id, bytes, type });
  });
}
