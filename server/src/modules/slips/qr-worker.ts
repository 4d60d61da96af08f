// The worker thread that reads slip QRs (see read-qr.ts): decoding a photo takes up to about a second of
// CPU, which on the main thread would stall every other request meanwhile.
import { parentPort } from 'node:worker_threads';
import { readQr, type SlipImageType } from './image.ts';

parentPort!.on('message', (job: { id: number; bytes: Uint8Array; type: SlipImageType }) => {
  parentPort!.postMessage({ id: job.id, read: readQr(Buffer.from(job.bytes), job.type) });
});
