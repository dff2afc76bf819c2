/**
 * The bench page: pairs round 6 of a random Swiss through the app's own pairing worker client
 * (worker/pairing-client.ts: Comlink, module worker, domain/tournament's Dutch engine), timing
 * the call as the Rounds tab makes it. bench/pairing-worker.ts calls window.pairingBench.
 */
import { startSwissPairing, type PairingProgress } from '../../worker/pairing-client';
import { randomTournament } from '../pairing';

export interface PairingBenchFigures {
  players: number;
  wallMs: number;
  boards: number;
  bye: boolean;
  stages: PairingProgress[];
  error: string | null;
}

declare global {
  interface Window {
    pairingBench: (players: number, seed: number) => Promise<PairingBenchFigures>;
  }
}

window.pairingBench = async (players, seed) => {
  const tournament = randomTournament(players, 5, 9, seed);
  const stages: PairingProgress[] = [];
  const started = performance.now();
  const job = startSwissPairing(tournament, {}, (progress) => stages.push(progress));
  const result = await job.result;
  const wallMs = performance.now() - started;
  return {
    players,
    wallMs,
    boards: result.ok ? result.value.pairs.length : 0,
    bye: result.ok && result.value.bye !== null,
    stages,
    error: result.ok ? null : result.error.code,
  };
};
