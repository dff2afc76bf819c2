/**
 * The pairing worker: runs domain/tournament's Dutch engine and reports its stages. Prohibited
 * pairings (260) give way when no pairing keeps them all (pairGivingWay; issue 29).
 */
import * as Comlink from 'comlink';
import { pairGivingWay } from '../domain/tournament';
import type { PairingWorkerApi } from './pairing-api';

const api: PairingWorkerApi = {
  async pairSwiss(tournament, options, onProgress) {
    const started = performance.now();
    const players = tournament.players.length;
    const report = (stage: 'received' | 'pairing' | 'done') =>
      onProgress ? onProgress({ stage, players, elapsedMs: Math.round(performance.now() - started) }) : undefined;
    // Awaited so the main thread hears of each stage before the engine takes the thread.
    await report('received');
    await report('pairing');
    const result = pairGivingWay(tournament, options);
    await report('done');
    return result.ok ? { ok: true as const, value: result.value.pairing } : result;
  },
};

Comlink.expose(api);
