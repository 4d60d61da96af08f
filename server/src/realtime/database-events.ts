import { moneyEventSchema, type MoneyEvent } from '@krapao/contract';

/** What the database announced (db/functions/realtime.sql), as the realtime module acts on it. */
export type DatabaseEvent =
  | { kind: 'member'; memberId: string; event: MoneyEvent }
  | { kind: 'sessionEnded'; tokenHashHex: string }
  | { kind: 'memberInactive'; memberId: string }
  | { kind: 'staffSessionEnded'; tokenHashHex: string };

/** Reads one event's payload (JSON from the outbox); anything that is not one of ours is undefined. */
export function parseDatabaseEvent(json: unknown): DatabaseEvent | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const msg = json as Record<string, unknown>;
  if (typeof msg.member === 'string' && msg.event) {
    const event = moneyEventSchema.safeParse(msg.event);
    return event.success ? { kind: 'member', memberId: msg.member, event: event.data } : undefined;
  }
  if (typeof msg.sessionEnded === 'string' && /^[0-9a-f]{64}$/.test(msg.sessionEnded)) {
    return { kind: 'sessionEnded', tokenHashHex: msg.sessionEnded };
  }
  if (typeof msg.memberInactive === 'string') return { kind: 'memberInactive', memberId: msg.memberInactive };
  if (typeof msg.staffSessionEnded === 'string' && /^[0-9a-f]{64}$/.test(msg.staffSessionEnded)) {
    return { kind: 'staffSessionEnded', tokenHashHex: msg.staffSessionEnded };
  }
  return undefined;
}
