// The worker thread that reads slip QRs (see read-qr.ts): decoding a photo takes up to a few seconds of
// CPU, which on the main thread would stall every other request meanwhile. One picture at a time; it says
// when it is ready, so that a picture's time budget does not count the worker's start, and which thread
// of the process it is, so that the budget can count its CPU time.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { readQr } from './image.ts';
import type { SlipImageType } from './image-header.ts';

parentPort!.on('message', (job: { bytes: Uint8Array; type: SlipImageType }) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length);
  parentPort!.postMessage({ read: readQr(bytes, job.type) });
});
// A first search, on a small blank picture, compiles the decoder and the search before a slip waits on them.
readQr(PNG.sync.write(new PNG({ width: 96, height: 96, fill: true })), 'image/png');
/** This thread's id in /proc/self/task (Linux); undefined elsewhere. */
function threadId(): string | undefined {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop();
  } catch {
    return undefined;
  }
}
parentPort!.postMessage({ ready: true, tid: threadId() });
