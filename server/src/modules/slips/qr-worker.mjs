// The slip QR worker's entry (read-qr.ts starts it). A worker thread does not inherit tsx's loader on
// Node 20, so this plain-JavaScript entry registers it before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./qr-worker.ts');
