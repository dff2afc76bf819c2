/**
 * The chess words of the move log, the typed box's answers, speech and the board's squares in the
 * app's language (issue 28): domain says moves and positions through these functions, English
 * when none are given. Each function reads the catalogue when it is called, so one set of words
 * follows the language however often it changes. Squares and SAN stay as written ('e4', 'Nbd2').
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Color, CommandWords, MoveWords, PieceType } from '../../../domain';
import { PIECES, squareWords } from './square-words';
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';

/** A piece without its side, by how many ('queen', 'rooks'): a side's list, a promotion. */
const PIECE_KINDS: Record<PieceType, (count: number) => MessageDescriptor> = {
  k: (count) => msg`${plural(count, { one: 'king', other: 'kings' })}`,
  q: (count) => msg`${plural(count, { one: 'queen', other: 'queens' })}`,
  r: (count) => msg`${plural(count, { one: 'rook', other: 'rooks' })}`,
  b: (count) => msg`${plural(count, { one: 'bishop', other: 'bishops' })}`,
  n: (count) => msg`${plural(count, { one: 'knight', other: 'knights' })}`,
  p: (count) => msg`${plural(count, { one: 'pawn', other: 'pawns' })}`,
};

const SIDES: Record<Color, MessageDescriptor> = { w: msg`White`, b: msg`Black` };

/** A whole sentence for each side, so each language can agree its words with the side. */
const CASTLES: Record<Color, Record<'kingside' | 'queenside', MessageDescriptor>> = {
  w: { kingside: msg`White castles kingside`, queenside: msg`White castles queenside` },
  b: { kingside: msg`Black castles kingside`, queenside: msg`Black castles queenside` },
};

const TURNS: Record<Color, Record<'quiet' | 'check', MessageDescriptor>> = {
  w: { quiet: msg`White to move`, check: msg`White to move, in check` },
  b: { quiet: msg`Black to move`, check: msg`Black to move, in check` },
};

const WINS: Record<Color, MessageDescriptor> = { w: msg`Checkmate, White wins`, b: msg`Checkmate, Black wins` };

const DRAWS: Record<Parameters<CommandWords['draw']>[0], MessageDescriptor> = {
  stalemate: msg`Stalemate, a draw`,
  insufficient_material: msg`Draw: neither side can checkmate`,
  threefold_repetition: msg`Draw by threefold repetition`,
  fifty_move_rule: msg`Draw by the fifty-move rule`,
};

// The commands and moves in the help are typed as they are, in every language.
const READING_HELP = msg`Commands: board or p reads every piece; p N reads the white knights and p n the black ones; s e reads the e-file and s 4 the fourth rank; turn says whose move it is; last repeats the last move.`;

/** Items joined as a list ending in 'and' or 'or' ('a2, b2 and c2'), as the domain's English joins them. */
function joinList(items: readonly string[], last: (list: string, final: string) => string): string {
  if (items.length < 2) return items.join('');
  return last(items.slice(0, -1).join(', '), items[items.length - 1]!);
}

/** Every word domain says moves, positions and the typed box's answers with, in `i18n`'s language. */
export function chessWords(i18n: I18n): MoveWords & CommandWords {
  const readingHelp = () => i18n._(READING_HELP);
  return {
    ...squareWords(i18n),
    pieces: (color, type, count) => i18n._(PIECES[color][type](count)),
    pieceKind: (type, count) => i18n._(PIECE_KINDS[type](count)),
    move: (piece, square, kind) =>
      i18n._(kind === 'move' ? msg`${piece} to ${square}` : kind === 'capture' ? msg`${piece} takes ${square}` : msg`${piece} takes ${square} en passant`),
    promotion: (move, piece) => i18n._(msg`${move}, promotes to ${piece}`),
    check: (move, mate) => i18n._(mate ? msg`${move}, checkmate` : msg`${move}, check`),
    castles: (color, wing) => i18n._(CASTLES[color][wing]),
    plays: (color, san) => i18n._(color === 'w' ? msg`White plays ${san}` : msg`Black plays ${san}`),
    noPiece: (piece) => i18n._(msg`No ${piece}`),
    and: (items) => joinList(items, (list, final) => i18n._(msg`${list} and ${final}`)),
    side: (color) => i18n._(SIDES[color]),
    turn: (color, inCheck) => i18n._(TURNS[color][inCheck ? 'check' : 'quiet']),
    checkmate: (winner) => i18n._(WINS[winner]),
    draw: (reason) => i18n._(DRAWS[reason]),
    line: (kind, name) => i18n._(kind === 'rank' ? msg`Rank ${name}` : msg`File ${name}`),
    help: () => {
      const commands = readingHelp();
      return i18n._(msg`Type a move such as Nf3, e4, O-O, e8=Q or g1f3. ${commands}`);
    },
    readingHelp,
    lastMove: (move) => (move === null ? i18n._(msg`No move yet`) : i18n._(msg`Last move: ${move}`)),
    unreadable: () => i18n._(msg`The position cannot be read`),
    ambiguous: (typed, moves) => {
      const options = joinList(moves, (list, final) => i18n._(msg`${list} or ${final}`));
      return i18n._(msg`${typed} could be ${options}`);
    },
    refusal: (code, typed, example) => {
      switch (code) {
        case 'ERR_EMPTY': return i18n._(msg`Type a move or a command. Type help for the list.`);
        case 'ERR_ILLEGAL_MOVE': return i18n._(msg`${typed} is not a legal move here`);
        case 'ERR_PROMOTION_PIECE': return i18n._(msg`${typed}: say which piece the pawn becomes, such as ${example}`);
        case 'ERR_UNKNOWN_COMMAND': return i18n._(msg`${typed} is not a move or a command. Type help for the list.`);
      }
    },
  };
}

/** The chess words in the app's language, for a component. */
export function useChessWords(): MoveWords & CommandWords {
  const { i18n } = useLingui();
  return useMemo(() => chessWords(i18n), [i18n]);
}
