import { readItem, STORAGE_KEYS, writeItem } from '../../lib/storage';

// A paid QR stays the provider's latest for its lifetime, so every panel opened meanwhile would say
// "received" again. The member has read it once: the next time the deposit window opens, the entry is
// back. Kept for this tab only (session storage), a few ids at most.
const KEEP = 20;

function seenIds(): string[] {
  try {
    const ids: unknown = JSON.parse(readItem(STORAGE_KEYS.qrReceivedSeen, 'session') ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The paid QRs whose "received" screen was shown before now. */
export const receivedSeenBefore = (): ReadonlySet<string> => new Set(seenIds());

/** The "received" screen of this QR was shown. */
export function markReceivedSeen(qrcodeId: string): void {
  const ids = seenIds().filter((id) => id !== qrcodeId);
  writeItem(STORAGE_KEYS.qrReceivedSeen, JSON.stringify([...ids, qrcodeId].slice(-KEEP)), 'session');
}
