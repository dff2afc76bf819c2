/**
 * The pairing worker on the main thread: one module worker per job, so a job that is no longer
 * wanted (the organiser left the screen) is ended by terminating its worker, and a worker that
 * dies rejects the call instead of leaving it waiting.
 */
import * as Comlink from 'comlink';
import type { DutchOptions, PairingError, RoundPairing, Tournament } from '../domain/tournament';
import type { Result } from '../domain/result-type';
import type { PairingProgress, PairingWorkerApi } from './pairing-api';

export type { PairingProgress, PairingStage } from './pairing-api';
export { PAIRING_STAGES } from './pairing-api';

export interface PairingJob {
  result: Promise<Result<RoundPairing, PairingError>>;
  cancel(): void;
}

export function startSwissPairing(
  tournament: Tournament,
  options: DutchOptions = {},
  onProgress?: (progress: PairingProgress) => void,
  createWorker: () => Worker = () => new Worker(new URL('./pairing.worker.ts', import.meta.url), { type: 'module' }),
): PairingJob {
  const worker = createWorker();
  const remote = Comlink.wrap<PairingWorkerApi>(worker);
  let cancel: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    cancel = reject;
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    cancel(new Error(event.message || 'The pairing worker could not be loaded'));
  });
  const result = Promise.race([
    remote.pairSwiss(tournament, options, onProgress ? Comlink.proxy(onProgress) : undefined),
    stopped,
  ]).finally(() => worker.terminate());
  return {
    result,
    cancel() {
      cancel(new Error('Pairing cancelled'));
      worker.terminate();
    },
  };
}
