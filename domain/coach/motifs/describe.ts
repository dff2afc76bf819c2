/**
 * Plain words for a child about a motif: what the move does ("Nf5 forks the king and queen") or
 * what it would have done ("Nf5 would have forked the king and queen"), as a phrase the app can
 * translate (../words.ts) and in English. Pure.
 */
import type { Color, PieceSymbol } from 'chess.js';
import { englishPhrase, phrase, type MotifPhrase, type Tense } from '../words';
import { PIECE_NAMES, PIECE_VALUES } from './board';
import type { Motif } from './types';

export type { Tense } from '../words';

/** The promotion motif names its piece in English ('queen'); the phrase carries the piece itself. */
const promotedPiece = (name: string): PieceSymbol => (Object.keys(PIECE_NAMES) as PieceSymbol[]).find((piece) => PIECE_NAMES[piece] === name) ?? 'q';

/** `mover` is the side that plays `san`. */
export function motifPhrase(motif: Motif, san: string, tense: Tense, mover: Color): MotifPhrase {
  switch (motif.kind) {
    case 'checkmate':
      return phrase('checkmate', { san, tense, backRank: motif.backRank });
    case 'mate-threat':
      return phrase('mate-threat', { san, tense, backRank: motif.backRank, mateMove: motif.mateMove });
    case 'allows-mate':
      return phrase('allows-mate', { san, tense, backRank: motif.backRank, mateMove: motif.mateMove, them: mover === 'w' ? 'b' : 'w' });
    case 'promotion':
      return phrase('promotion', { san, tense, piece: promotedPiece(motif.piece) });
    case 'fork':
      return phrase('fork', { san, tense, piece: motif.piece.type, targets: motif.targets.map((p) => p.type) });
    case 'pin':
      return phrase('pin', { san, tense, pinned: motif.pinned.type, square: motif.pinned.square, behind: motif.behind.type });
    case 'skewer':
      return phrase('skewer', { san, tense, front: motif.front.type, behind: motif.behind.type });
    case 'discovered-attack':
      return motif.check
        ? phrase('discovered-check', { san, tense, slider: motif.slider.type, square: motif.slider.square })
        : phrase('discovered-attack', { san, tense, slider: motif.slider.type, square: motif.slider.square, target: motif.target.type, targetSquare: motif.target.square });
    case 'free-capture':
      return motif.gain < PIECE_VALUES[motif.captured.type]
        ? phrase('wins-for', { san, tense, captured: motif.captured.type, by: motif.by.type })
        : phrase('wins-free', { san, tense, captured: motif.captured.type });
    case 'hanging':
      return phrase('hanging', { san, tense, piece: motif.piece.type, square: motif.piece.square, attacker: motif.attacker.type, attackerSquare: motif.attacker.square });
  }
}

export function describeMotif(motif: Motif, san: string, tense: Tense, mover: Color): string {
  return englishPhrase(motifPhrase(motif, san, tense, mover));
}
