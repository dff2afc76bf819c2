import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Password hashing on threads of its own (issue 26). node:crypto's async scrypt runs in libuv's
 * shared pool of 4 threads, where the database's fsync and file reads wait too: 100 hashes of a
 * pasted class held /api/health and everyone's sign-in and saves for seconds. Here each worker
 * thread hashes synchronously, one hash at a time, so libuv's pool stays free, and the queue in
 * front of them decides what runs next:
 *
 * - interactive work (a sign-in, a registration, a password change or reset) goes first;
 * - bulk work (a pasted class's 100 passwords) runs only on the `bulkSlots` bulk threads (half
 *   the pool, at least one), at a lower OS priority, so a thread is always left for sign-ins and
 *   the CPU goes to them and the event loop first; the batches of several pastes take turns, one
 *   hash each. A sign-in uses a bulk thread only when every other one is busy.
 *
 * A thread keeps the process alive only while it hashes. One that dies fails its hash (the
 * request answers 500, nothing was written) and is replaced.
 */

export type HashPriority = 'interactive' | 'bulk';

export interface ScryptRequest {
  /** Already normalised (NFKC) by the caller. */
  password: string;
  salt: Buffer;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

interface Job extends ScryptRequest {
  id: number;
  priority: HashPriority;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** A bulk thread: runs at a lower OS priority (BULK_NICE), so a paste takes only spare CPU. */
  bulk: boolean;
}

/**
 * The nice value of the bulk threads (Linux keeps one per thread): a paste's hashes yield the CPU
 * to sign-ins, the event loop and everything else on the machine, and use what is left.
 */
export const BULK_NICE = 10;

type Answer = { id: number; key: Uint8Array } | { id: number; error: string };

/** Two threads on a 2-core machine, at most 4 (the engine and replay pools want cores too). */
export function defaultHashThreads(): number {
  return Math.max(2, Math.min(4, availableParallelism()));
}

export class PasswordPool {
  private readonly slots: Slot[] = [];
  private readonly interactive: Job[] = [];
  /** Queued bulk hashes by batch, the batch to serve next first (a Map keeps insertion order). */
  private readonly bulk = new Map<object, Job[]>();
  private nextId = 1;
  private closed = false;
  private pumpScheduled = false;
  /** Hashes finished so far, by priority. */
  private readonly done = { interactive: 0, bulk: 0 };

  constructor(
    readonly size: number = defaultHashThreads(),
    readonly bulkSlots: number = Math.max(1, Math.floor(size / 2)),
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(i < bulkSlots));
  }

  /** The scrypt key of `request`; `batch` groups the bulk hashes of one paste (they take turns with other pastes'). */
  hash(request: ScryptRequest, priority: HashPriority, batch: object = {}): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('Password pool closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { ...request, id: this.nextId++, priority, resolve, reject };
      if (priority === 'interactive') this.interactive.push(job);
      else {
        const queued = this.bulk.get(batch);
        if (queued) queued.push(job);
        else this.bulk.set(batch, [job]);
      }
      // After the current burst (a paste queues its hashes in one go), so its batch takes turns from the first hash.
      if (!this.pumpScheduled) {
        this.pumpScheduled = true;
        queueMicrotask(() => {
          this.pumpScheduled = false;
          this.pump();
        });
      }
    });
  }

  /** What runs and waits now, and how many hashes were made so far (tests, benches). */
  stats(): { running: Record<HashPriority, number>; queued: Record<HashPriority, number>; done: Record<HashPriority, number> } {
    const running = { interactive: 0, bulk: 0 };
    for (const slot of this.slots) if (slot.job) running[slot.job.priority] += 1;
    let bulk = 0;
    for (const jobs of this.bulk.values()) bulk += jobs.length;
    return { running, queued: { interactive: this.interactive.length, bulk }, done: { ...this.done } };
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('Password pool closed');
    for (const job of this.interactive.splice(0)) job.reject(error);
    for (const jobs of this.bulk.values()) for (const job of jobs) job.reject(error);
    this.bulk.clear();
    for (const slot of this.slots) slot.job?.reject(error);
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(bulk: boolean): Slot {
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url), { workerData: { nice: bulk ? BULK_NICE : 0 } });
    const slot: Slot = { worker, job: null, bulk };
    slot.worker.unref();
    slot.worker.on('message', (answer: Answer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      this.done[job.priority] += 1;
      this.finish(slot);
      if ('key' in answer) job.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else job.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(error);
      const index = this.slots.indexOf(slot);
      if (index >= 0 && !this.closed) {
        this.slots[index] = this.spawn(slot.bulk);
        this.pump();
      }
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`password worker exited with code ${code}`));
    });
    return slot;
  }

  private finish(slot: Slot): void {
    slot.job = null;
    slot.worker.unref();
    this.pump();
  }

  /** Starts the next hashes on the free threads: interactive first (its own threads, then a free bulk one), bulk on the bulk threads. */
  private pump(): void {
    const free = this.slots.filter((slot) => slot.job === null);
    for (const slot of [...free.filter((each) => !each.bulk), ...free.filter((each) => each.bulk)]) {
      const job = this.interactive.shift() ?? (slot.bulk ? this.nextBulk() : undefined);
      if (job) this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    // Alive while hashing: a script awaiting a hash must not exit under it.
    slot.worker.ref();
    const { password, salt, keyLength, options } = job;
    slot.worker.postMessage({ id: job.id, password, salt, keyLength, options });
  }

  private nextBulk(): Job | undefined {
    const first = this.bulk.entries().next();
    if (first.done) return undefined;
    const [batch, jobs] = first.value;
    const job = jobs.shift();
    // The batch goes to the back of the line: two pastes at once take turns.
    this.bulk.delete(batch);
    if (jobs.length > 0) this.bulk.set(batch, jobs);
    return job;
  }
}
