/** Motif detectors: what a move does on the board. */
import { detectDiscoveredAttack } from './discovered';
import { detectFork } from './fork';
import { detectFreeCapture, detectHanging } from './hanging';
import { detectAllowsMate, detectCheckmate, detectMateThreat } from './mate-threats';
import { detectPinOrSkewer } from './pin-skewer';
import { detectPromotion } from './promotion';
import type { Motif } from './types';

export type { Motif, MotifKind } from './types';
export { describeMotif, motifPhrase, type Tense } from './describe';
export * from './board';
export { detectDiscoveredAttack, detectFork, detectFreeCapture, detectHanging, detectAllowsMate, detectCheckmate, detectMateThreat, detectPinOrSkewer, detectPromotion };

/**
 * The tactics a move carries out, most telling first: mate, promotion, fork, skewer, pin,
 * discovered attack, a free capture, a mate threat.
 */
export function findMotifs(fen: string, move: string): Motif[] {
  const detectors = [
    detectCheckmate,
    detectPromotion,
    detectFork,
    detectPinOrSkewer,
    detectDiscoveredAttack,
    detectFreeCapture,
    detectMateThreat,
  ];
  const out: Motif[] = [];
  for (const detect of detectors) {
    const motif = detect(fen, move);
    if (motif) out.push(motif);
    if (motif?.kind === 'checkmate') break;
  }
  return out;
}
