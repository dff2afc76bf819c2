/**
 * What the engine worker exposes over Comlink: the EngineApi of engine-api.ts, the coaching
 * calls of coach-api.ts, and a status feed, so the main thread learns of `loading`,
 * `computing` and `failed` as they happen.
 */
import type { CoachApi } from './coach-api';
import type { EngineApi, EngineState } from './engine-api';

export interface EngineStatus {
  state: EngineState;
  /** Why the engine failed; null unless state is 'failed'. */
  error: string | null;
}

export interface EngineWorkerApi extends EngineApi, CoachApi {
  /** Calls the listener with the current status now and with every change after. */
  watch(listener: (status: EngineStatus) => void): void;
}
