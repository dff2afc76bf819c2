/**
 * What the pairing worker exposes over Comlink: the Dutch Swiss engine of domain/tournament,
 * run off the main thread so a 300-player field does not freeze the organiser's screen. Round
 * robin and elimination schedules are table look-ups and stay on the main thread.
 */
import type { DutchOptions, PairingError, RoundPairing, Tournament } from '../domain/tournament';
import type { Result } from '../domain/result-type';

/** The stages of one pairing job, in order; the UI draws them as a progress bar. */
export const PAIRING_STAGES = ['received', 'pairing', 'done'] as const;
export type PairingStage = (typeof PAIRING_STAGES)[number];

export interface PairingProgress {
  stage: PairingStage;
  /** Players in the field being paired. */
  players: number;
  /** Milliseconds since the worker received the job. */
  elapsedMs: number;
}

export interface PairingWorkerApi {
  pairSwiss(
    tournament: Tournament,
    options: DutchOptions,
    onProgress?: (progress: PairingProgress) => void,
  ): Promise<Result<RoundPairing, PairingError>>;
}
