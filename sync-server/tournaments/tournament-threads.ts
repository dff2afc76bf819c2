import { Worker } from 'node:worker_threads';
import type { Result } from '../../domain/result-type';
import type { Trf, TrfError } from '../../domain/tournament';
import type { TournamentSnapshot } from '../../schema';
import { ruleHttpError } from '../core/plugins/errors';
import type { TournamentTask, TournamentTaskAnswer, TournamentTaskRequest } from './tournament-worker';

/**
 * The CPU-heavy tournament work off the event loop (issue 18): standings (1.1 s for 2,000
 * players and 3 rounds on this machine), the TRF export (1.4 s) and reading an imported TRF file
 * (0.3 s for 1.8 MB) run in one worker thread, started on first use, so /api/health and every
 * other request go on meanwhile. Tasks queue in the worker in order; a worker that dies fails its
 * tasks (a 500; nothing was written) and the next task starts a new one.
 */
export class TournamentThreads {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private closed = false;

  /** The standings as JSON text (validated against the response schema in the worker). */
  standingsJson(snapshot: TournamentSnapshot): Promise<string> {
    return this.run({ kind: 'standings', snapshot: JSON.stringify(snapshot) }) as Promise<string>;
  }

  /** The TRF file; an httpError (the export's refusal) otherwise. */
  exportTrf(snapshot: TournamentSnapshot): Promise<string> {
    return this.run({ kind: 'exportTrf', snapshot: JSON.stringify(snapshot) }) as Promise<string>;
  }

  parseTrf(text: string): Promise<Result<Trf, TrfError>> {
    return this.run({ kind: 'parseTrf', text }) as Promise<Result<Trf, TrfError>>;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('Tournament worker closed'));
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private run(task: TournamentTask): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('Tournament worker closed'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: TournamentTaskRequest = { id, task };
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = new Worker(new URL('./tournament-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (answer: TournamentTaskAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if ('error' in answer) waiting.reject(answer.error.status < 500 ? ruleHttpError(answer.error) : new Error(answer.error.message));
      else waiting.resolve(answer.value);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`tournament worker exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(error);
    }
  }
}
