/**
 * How well each player of some games played, judged by one engine at a fixed depth: the Win%
 * each move gave away, lichess's accuracy curve, and its inaccuracy / mistake / blunder lines
 * (0.1, 0.2, 0.3 in winning chances: 5, 10, 15 Win% points).
 */
import { moveAccuracy, winPercent } from '../domain';
import type { Analysis } from '../worker/engine-api';
import { createNodeEngine } from '../worker/node-engine.node.js';
import { lineScore } from '../worker/uci';
import type { GameRecord } from './match';

export interface MoveQualitySummary {
  player: string;
  moves: number;
  /** Mean Win% points given away per move. */
  meanLoss: number;
  /** Mean per-move accuracy, 0 to 100. */
  meanAccuracy: number;
  /** Shares of moves losing at least 5, 10 and 15 Win% points. */
  inaccuracyRate: number;
  mistakeRate: number;
  blunderRate: number;
}

/** Win% of the side to move, from the judge's best line. */
function sideToMoveWin(analysis: Analysis): number {
  const line = analysis.lines[0];
  return line ? winPercent(lineScore(line)) : 50;
}

export async function judgeGames(games: GameRecord[], depth: number, parallel: number): Promise<MoveQualitySummary[]> {
  const judged = new Map<string, { loss: number; accuracy: number }[]>();
  let next = 0;
  const judge = async () => {
    const engine = createNodeEngine();
    try {
      while (next < games.length) {
        const game = games[next++]!;
        const positions = [...game.moves.map((m) => m.fen), game.finalFen];
        const wins: number[] = [];
        for (const fen of positions) wins.push(sideToMoveWin(await engine.analyse(fen, { depth })));
        game.moves.forEach((move, i) => {
          // After the move the opponent is to move: the mover's Win% is the complement.
          const before = wins[i]!;
          const after = 100 - wins[i + 1]!;
          const list = judged.get(move.player) ?? [];
          list.push({ loss: Math.max(0, before - after), accuracy: moveAccuracy(before, after) });
          judged.set(move.player, list);
        });
      }
    } finally {
      engine.terminate();
    }
  };
  await Promise.all(Array.from({ length: parallel }, judge));

  return [...judged.entries()].map(([player, list]) => {
    const share = (min: number) => list.filter((m) => m.loss >= min).length / list.length;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return {
      player,
      moves: list.length,
      meanLoss: mean(list.map((m) => m.loss)),
      meanAccuracy: mean(list.map((m) => m.accuracy)),
      inaccuracyRate: share(5),
      mistakeRate: share(10),
      blunderRate: share(15),
    };
  });
}
