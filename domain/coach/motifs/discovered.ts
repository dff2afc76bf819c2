/**
 * Discovered attacks: the moved piece steps off a line and uncovers an attack by one of its own
 * rook, bishop or queen on an enemy piece (a discovered check when the target is the king). Pure.
 */
import { applyMove, attackersOf, fileOf, other, pieceAt, piecesOnRay, PIECE_VALUES, rankOf, slidingDirections } from './board';
import type { Motif } from './types';

export function detectDiscoveredAttack(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after) return null;
  const { chess, move: played } = after;
  const mover = played.color;
  let best: Motif | null = null;
  for (const direction of [...slidingDirections('q')]) {
    // Look back from the vacated square for one of our sliders that moves along this direction.
    const back: [number, number] = [-direction[0], -direction[1]];
    const [slider] = piecesOnRay(chess, played.from, back, 1);
    if (!slider || slider.color !== mover || slider.square === played.to) continue;
    if (!slidingDirections(slider.type).some(([f, r]) => f === direction[0] && r === direction[1])) continue;
    const [target] = piecesOnRay(chess, played.from, direction, 1);
    if (!target || target.color === mover || target.square === played.to) continue;
    const valuable =
      target.type === 'k' ||
      PIECE_VALUES[target.type] > PIECE_VALUES[slider.type] ||
      (target.type !== 'p' && attackersOf(chess, target.square, other(mover)).length === 0);
    if (!valuable) continue;
    // The moved piece must have stood between them (same line as the from-square).
    const onLine =
      Math.sign(fileOf(target.square) - fileOf(played.from)) === direction[0] &&
      Math.sign(rankOf(target.square) - rankOf(played.from)) === direction[1];
    if (!onLine) continue;
    const motif: Motif = { kind: 'discovered-attack', slider: pieceAt(chess, slider.square)!, target, check: target.type === 'k' };
    if (!best || (best.kind === 'discovered-attack' && PIECE_VALUES[target.type] > PIECE_VALUES[best.target.type])) best = motif;
  }
  return best;
}
