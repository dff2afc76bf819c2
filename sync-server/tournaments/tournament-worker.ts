import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { snapshotStandings } from '../../domain/tournament-admin';
import { parseTrf } from '../../domain/tournament';
import { standingSchema, type TournamentSnapshot, type CodedError } from '../../schema';
import { exportTrf } from './trf';
import { HttpError } from '../core/plugins/errors';

/** The work of ./tournament-threads.ts: what takes a large event from 0.3 s to over a second. */
export type TournamentTask =
  /** The snapshot as JSON text: a string crosses to the thread far faster than the object graph. */
  | { kind: 'standings'; snapshot: string }
  | { kind: 'exportTrf'; snapshot: string }
  | { kind: 'parseTrf'; text: string };

export interface TournamentTaskRequest {
  id: number;
  task: TournamentTask;
}

/** `value`: the standings as JSON text, the TRF file, or parseTrf's result. `error`: an httpError's status, words and code. */
export type TournamentTaskAnswer = { id: number; value: unknown } | { id: number; error: { status: number; message: string; reason?: CodedError | undefined } };

function run(task: TournamentTask): unknown {
  switch (task.kind) {
    case 'standings':
      return JSON.stringify(z.array(standingSchema).parse(snapshotStandings(JSON.parse(task.snapshot) as TournamentSnapshot)));
    case 'exportTrf':
      return exportTrf(JSON.parse(task.snapshot) as TournamentSnapshot);
    case 'parseTrf':
      return parseTrf(task.text);
  }
}

parentPort?.on('message', (request: TournamentTaskRequest) => {
  let answer: TournamentTaskAnswer;
  try {
    answer = { id: request.id, value: run(request.task) };
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    const reason = error instanceof HttpError ? error.reason : undefined;
    answer = { id: request.id, error: { status: typeof status === 'number' ? status : 500, message: error instanceof Error ? error.message : String(error), reason } };
  }
  parentPort?.postMessage(answer);
});
