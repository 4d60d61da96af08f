import { describe, expect, it } from 'vitest';
import { FairQueue } from '../src/modules/slips/qr-queue.ts';

const job = (member: string, n: number, cost = 100) => ({ member, cost, name: `${member}${n}` });

describe('the QR reader’s turns (trust-5)', () => {
  it('[trust-5] members take turns: a member with many pictures waiting holds another’s back by at most one', () => {
    const q = new FairQueue<ReturnType<typeof job>>();
    for (let i = 1; i <= 10; i++) q.push(job('A', i));
    const a1 = q.take()!;
    expect(a1.name).toBe('A1');
    // One picture in flight per member: A's next waits while A1 is read.
    expect(q.take()).toBeUndefined();
    q.push(job('B', 1));
    const b1 = q.take()!;
    expect(b1.name).toBe('B1');
    q.done(a1, 100);
    q.done(b1, 100);
    expect(q.take()!.name).toBe('A2');
  });

  it('[trust-5] heavy pictures wait behind light ones, and a picture that ran long pushes its member back', () => {
    const q = new FairQueue<ReturnType<typeof job>>();
    q.push(job('A', 1, 1_000));
    q.push(job('C', 1, 100));
    expect(q.take()!.name).toBe('C1');
    expect(q.take()!.name).toBe('A1');

    const r = new FairQueue<ReturnType<typeof job>>();
    r.push(job('A', 1, 100));
    const a1 = r.take()!;
    r.push(job('B', 1, 1_000));
    // A1 was expected to take 100 ms and took 5 s: A's next light picture goes after B's heavy one.
    r.done(a1, 5_000);
    r.push(job('A', 2, 100));
    expect([r.take()!.name, r.take()!.name]).toEqual(['B1', 'A2']);
  });
});
