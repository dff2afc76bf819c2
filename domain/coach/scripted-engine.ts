/**
 * An EnginePort that answers from a script (FEN → lines), for deterministic tests of the
 * coaching rules here and in the app and server. Positions missing from the script are an
 * error, so a test cannot pass on an analysis it did not mean to give. Pure apart from its
 * call log.
 */
import { positionKey } from '../chess';
import type { AnalysisLike, EnginePort, PvLineLike } from './engine-port';

/** A scripted line: the moves (UCI) and a score, side to move's view: { cp } or { mate }. */
export type ScriptedLine = { pv: string[] } & ({ cp: number } | { mate: number });

/** FENs are matched on their first four fields (placement, turn, castling, en passant). */
const key = positionKey;

export interface ScriptedEngine extends EnginePort {
  calls: { fen: string; depth: number; multiPv: number }[];
}

export function scriptedEngine(script: Readonly<Record<string, ScriptedLine[]>>): ScriptedEngine {
  const table = new Map(Object.entries(script).map(([fen, lines]) => [key(fen), lines]));
  const calls: ScriptedEngine['calls'] = [];
  return {
    calls,
    async analyse(fen, options): Promise<AnalysisLike> {
      const multiPv = options.multiPv ?? 1;
      calls.push({ fen, depth: options.depth, multiPv });
      const scripted = table.get(key(fen));
      if (!scripted) throw new Error(`scriptedEngine: no analysis scripted for ${fen}`);
      const lines: PvLineLike[] = scripted.slice(0, multiPv).map((l, i) => ({
        multipv: i + 1,
        depth: options.depth,
        scoreCp: 'cp' in l ? l.cp : null,
        mate: 'mate' in l ? l.mate : null,
        pv: l.pv,
      }));
      return { fen, depth: options.depth, lines, bestMove: lines[0]?.pv[0] ?? '' };
    },
  };
}
