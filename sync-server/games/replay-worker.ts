import { parentPort } from 'node:worker_threads';
import type { SavedGamePayload } from '../../schema';
import { prepareGame, type PrepareResult } from './save';

/** One game to replay: what `prepareGame` takes, with the date as an ISO string. */
export interface ReplayJob {
  clientGameId: string;
  payload: SavedGamePayload;
  finishedAt: string;
  playerName: string;
}

export interface ReplayRequest {
  id: number;
  jobs: ReplayJob[];
}

export interface ReplayAnswer {
  id: number;
  results: PrepareResult[];
}

/**
 * Replays games off the main thread (./replay-pool.ts): one message in, one answer out. (No
 * per-request process.cpuUsage() here: in a worker thread it cost about 0.3 ms a call, a third of
 * the replay of a 100-ply game; bench/sync.ts reads the whole process's CPU time instead.)
 */
parentPort?.on('message', (request: ReplayRequest) => {
  const results = request.jobs.map((job) => prepareGame(job.clientGameId, job.payload, new Date(job.finishedAt), job.playerName));
  const answer: ReplayAnswer = { id: request.id, results };
  parentPort?.postMessage(answer);
});
