import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PrepareResult } from './save';
import { prepareGame } from './save';
import type { ReplayAnswer, ReplayJob, ReplayRequest } from './replay-worker';

/**
 * Game replay (chess.js move by move: PGN, final position, opening) off the event loop: a small
 * pool of worker threads, so a push of long games never stalls other requests (/api/health
 * answers while 100 games of 1,196 plies are replayed). A batch is split across the workers and
 * answered in order. A worker that dies is replaced and its requests fail (the push answers 500
 * and the client pushes again; nothing was written).
 */
export interface GameReplayer {
  prepare(jobs: readonly ReplayJob[]): Promise<PrepareResult[]>;
  close(): Promise<void>;
}

export type { ReplayJob };

/** Replays on the calling thread (tests that do not measure, tools). */
export const inlineReplayer: GameReplayer = {
  prepare: async (jobs) => jobs.map((job) => prepareGame(job.clientGameId, job.payload, new Date(job.finishedAt), job.playerName)),
  close: async () => undefined,
};

/** Two on this 2-core machine; at most 4 (the engine pool wants cores too). */
export function defaultReplayThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

interface Pending {
  resolve: (results: PrepareResult[]) => void;
  reject: (error: Error) => void;
  worker: Slot;
}

interface Slot {
  worker: Worker;
  busy: number;
}

export class ReplayPool implements GameReplayer {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number = defaultReplayThreads()) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(new URL('./replay-worker.mjs', import.meta.url)), busy: 0 };
    slot.worker.unref();
    slot.worker.on('message', (answer: ReplayAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      slot.busy -= 1;
      waiting.resolve(answer.results);
    });
    const fail = (error: Error) => {
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== slot) continue;
        this.pending.delete(id);
        waiting.reject(error);
      }
      const index = this.slots.indexOf(slot);
      if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`replay worker exited with code ${code}`));
    });
    return slot;
  }

  async prepare(jobs: readonly ReplayJob[]): Promise<PrepareResult[]> {
    if (this.closed) throw new Error('Replay pool closed');
    if (jobs.length === 0) return [];
    // Split by plies so each worker gets about the same work.
    const total = jobs.reduce((sum, job) => sum + job.payload.moves.length + 1, 0);
    const parts = Math.min(this.slots.length, jobs.length);
    const chunks: ReplayJob[][] = [];
    let current: ReplayJob[] = [];
    let weight = 0;
    for (const job of jobs) {
      current.push(job);
      weight += job.payload.moves.length + 1;
      if (chunks.length < parts - 1 && weight >= (total / parts) * (chunks.length + 1)) {
        chunks.push(current);
        current = [];
      }
    }
    if (current.length > 0) chunks.push(current);
    const answers = await Promise.all(chunks.map((chunk) => this.send(chunk)));
    return answers.flat();
  }

  private send(jobs: ReplayJob[]): Promise<PrepareResult[]> {
    const slot = this.slots.reduce((best, candidate) => (candidate.busy < best.busy ? candidate : best));
    const id = this.nextId++;
    slot.busy += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker: slot });
      const request: ReplayRequest = { id, jobs };
      slot.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(new Error('Replay pool closed'));
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
