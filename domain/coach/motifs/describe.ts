/**
 * Plain words for a child about a motif: what the move does ("Nf5 forks the king and queen") or
 * what it would have done ("Nf5 would have forked the king and queen"). Pure.
 */
import type { Color } from 'chess.js';
import { COLOR_NAMES, PIECE_NAMES, PIECE_VALUES, type PlacedPiece } from './board';
import type { Motif } from './types';

export type Tense = 'does' | 'would';

const names = (pieces: PlacedPiece[]) => {
  const list = pieces.map((p) => PIECE_NAMES[p.type]);
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};

/** `mover` is the side that plays `san`; `viewer` the learner ("your" pieces). */
export function describeMotif(motif: Motif, san: string, tense: Tense, mover: Color): string {
  const v = (does: string, would: string) => (tense === 'does' ? does : `would have ${would}`);
  const them = COLOR_NAMES[mover === 'w' ? 'b' : 'w'];
  switch (motif.kind) {
    case 'checkmate':
      return `${san} ${v('is checkmate', 'been checkmate')}${motif.backRank ? ' on the back rank: the king is trapped behind its own pawns' : ''}.`;
    case 'mate-threat':
      return `${san} ${v('threatens', 'threatened')} ${motif.backRank ? 'a back-rank mate' : 'checkmate'} with ${motif.mateMove}.`;
    case 'allows-mate':
      return `After ${san}, ${them} ${tense === 'does' ? 'can' : 'could'} checkmate with ${motif.mateMove}${motif.backRank ? ' on the back rank' : ''}.`;
    case 'promotion':
      return `${san} ${v('turns the pawn into a new', 'turned the pawn into a new')} ${motif.piece}.`;
    case 'fork':
      return `${san} ${v('forks', 'forked')} the ${names(motif.targets)} with the ${PIECE_NAMES[motif.piece.type]}.`;
    case 'pin':
      return `${san} ${v('pins', 'pinned')} the ${PIECE_NAMES[motif.pinned.type]} on ${motif.pinned.square} to the ${PIECE_NAMES[motif.behind.type]} behind it.`;
    case 'skewer':
      return `${san} ${v('skewers', 'skewered')} the ${PIECE_NAMES[motif.front.type]} and the ${PIECE_NAMES[motif.behind.type]} behind it: when the ${PIECE_NAMES[motif.front.type]} moves, the ${PIECE_NAMES[motif.behind.type]} falls.`;
    case 'discovered-attack':
      return motif.check
        ? `${san} ${v('uncovers', 'uncovered')} a discovered check from the ${PIECE_NAMES[motif.slider.type]} on ${motif.slider.square}.`
        : `${san} ${v('uncovers', 'uncovered')} an attack by the ${PIECE_NAMES[motif.slider.type]} on ${motif.slider.square} against the ${PIECE_NAMES[motif.target.type]} on ${motif.target.square}.`;
    case 'free-capture':
      return motif.gain < PIECE_VALUES[motif.captured.type]
        ? `${san} ${v('wins', 'won')} the ${PIECE_NAMES[motif.captured.type]} for a ${PIECE_NAMES[motif.by.type]}.`
        : `${san} ${v('wins', 'won')} a free ${PIECE_NAMES[motif.captured.type]}.`;
    case 'hanging':
      return `${san} ${v('leaves', 'left')} the ${PIECE_NAMES[motif.piece.type]} on ${motif.piece.square} unprotected: the ${PIECE_NAMES[motif.attacker.type]} on ${motif.attacker.square} can take it.`;
  }
}
