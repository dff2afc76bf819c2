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
  /** CPU time this thread spent on the request, in microseconds (bench/sync.ts reports it). */
  cpuMicros: number;
}

/** Replays games off the main thread (./replay-pool.ts): one message in, one answer out. */
parentPort?.on('message', (request: ReplayRequest) => {
  const start = process.cpuUsage();
  const results = request.jobs.map((job) => prepareGame(job.clientGameId, job.payload, new Date(job.finishedAt), job.playerName));
  const used = process.cpuUsage(start);
  const answer: ReplayAnswer = { id: request.id, results, cpuMicros: used.user + used.system };
  parentPort?.postMessage(answer);
});
