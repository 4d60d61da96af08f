/**
 * The order in which slip pictures get the QR-reading workers: fair between members, never first come
 * first served (one member's many uploads, or many members' heavy pictures, must not hold back another
 * member's slip).
 *
 * Start-time fair queuing over worker time: each picture gets a finish tag, its member's previous tag (or
 * the queue's current "virtual time", whichever is later) plus its expected cost, and the smallest tag
 * goes next. So with equal pictures members take turns (round robin); a member with ten pictures waiting
 * lines them up ten costs ahead, and a member arriving with one small slip lands just after the pictures
 * being read; heavy pictures wait behind light ones. A picture that took longer than expected (a QR
 * search some patterns make slow) charges the overrun to its member's later pictures. A member has at
 * most one picture in flight at a time, so one member never holds two workers.
 */
/** A picture to read: whose it is (`member`, the unit of fairness) and what it costs. */
export interface FairJob extends Record<'member', string> {
  /** The worker time it is expected to take, in ms. */
  cost: number;
}

interface Entry<J> {
  job: J;
  start: number;
  finish: number;
  seq: number;
}

export class FairQueue<J extends FairJob> {
  #virtualTime = 0;
  #lastFinish = new Map<string, number>();
  #waiting: Entry<J>[] = [];
  #inFlight = new Set<string>();
  #seq = 0;

  get waiting(): number {
    return this.#waiting.length;
  }

  push(job: J): void {
    const start = Math.max(this.#virtualTime, this.#lastFinish.get(job.member) ?? 0);
    const finish = start + job.cost;
    this.#lastFinish.set(job.member, finish);
    this.#waiting.push({ job, start, finish, seq: this.#seq++ });
  }

  /**
   * The next picture for a free worker, among those `eligible` says it may take, and none of a member
   * who already has one in flight; undefined when there is none. The caller reports done() after.
   */
  take(eligible: (job: J) => boolean = () => true): J | undefined {
    let best: Entry<J> | undefined;
    for (const e of this.#waiting) {
      if (this.#inFlight.has(e.job.member) || !eligible(e.job)) continue;
      if (!best || e.finish < best.finish || (e.finish === best.finish && e.seq < best.seq)) best = e;
    }
    if (!best) return undefined;
    this.#waiting.splice(this.#waiting.indexOf(best), 1);
    this.#inFlight.add(best.job.member);
    this.#virtualTime = Math.max(this.#virtualTime, best.start);
    return best.job;
  }

  /** The job's picture is read; it took `tookMs` of a worker. */
  done(job: J, tookMs: number): void {
    this.#inFlight.delete(job.member);
    if (tookMs > job.cost) {
      const last = Math.max(this.#virtualTime, this.#lastFinish.get(job.member) ?? 0);
      this.#lastFinish.set(job.member, last + tookMs - job.cost);
    }
    // A member whose last tag the virtual time has passed starts from the virtual time anyway.
    for (const [member, finish] of this.#lastFinish) {
      if (finish <= this.#virtualTime) this.#lastFinish.delete(member);
    }
  }

  /** Empties the queue, answering what waits (the workers could not start). */
  drop(): J[] {
    const jobs = this.#waiting.map((e) => e.job);
    this.#waiting = [];
    return jobs;
  }
}
