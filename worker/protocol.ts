/**
 * What the engine worker exposes over Comlink: booting, a status feed (so the main thread learns
 * of `loading`, `computing` and `failed` as they happen), and the work runner of work-runner.ts.
 */
import type { EngineState } from './engine-api';
import type { WorkRunnerApi } from './work-runner';

export interface EngineStatus {
  state: EngineState;
  /** Why the engine failed; null unless state is 'failed'. */
  error: string | null;
}

export interface EngineWorkerApi extends WorkRunnerApi {
  /** Boots Stockfish; resolves once it answered `readyok`. Safe to call twice. */
  init(): Promise<void>;
  /** Calls the listener with the current status now and with every change after. */
  watch(listener: (status: EngineStatus) => void): void;
}
