/**
 * The coach's words in the app's language (issue 28): each phrase of domain/coach/words.ts (an
 * explanation's sentences, a hint, a nudge, a learning tip) becomes a message with named
 * placeholders; pieces come from label maps with the article each sentence needs, SAN moves are
 * written in the learner's notation (figurines or letters). Every place that shows or speaks the
 * coach's words goes through `coachText`. Text without phrases (a result made before they
 * existed) stays in the English it came with.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import type { PieceSymbol } from 'chess.js';
import { formatSan, type Notation } from '../../../domain';
import { isCoachPhraseId, type CoachPhrase, type MatePatternName, type MotifKind, type MotifPhrase, type StandingLevel, type Who } from '../../../domain/coach';
import type { CoachPhraseData, GamePhase, MoveCategory } from '../../../schema';
import { useDeviceNotation } from '../device-preferences';
import { isAppLocale, textDirection } from './locales';
import { A_PIECE, FREE_PIECE, LISTED_PIECE, NEW_PIECE, THE_PIECE, YOUR_PIECE } from './coach-pieces';

type Piece = PieceSymbol;
type Side = Exclude<Who, 'you'>;

const OPENERS: Readonly<Record<MoveCategory, MessageDescriptor>> = {
  brilliant: msg`Brilliant!`,
  great: msg`Great move!`,
  best: msg`Best move!`,
  excellent: msg`Excellent!`,
  good: msg`Good move.`,
  book: msg`Book move.`,
  inaccuracy: msg`Inaccuracy.`,
  mistake: msg`Mistake.`,
  miss: msg`Missed opportunity.`,
  blunder: msg`Blunder!`,
};

const STANDINGS: Readonly<Record<Who, Readonly<Record<StandingLevel, MessageDescriptor>>>> = {
  you: { winning: msg`You are winning.`, better: msg`You are better.`, equal: msg`The game is about equal.`, worse: msg`You are worse.`, losing: msg`You are losing.` },
  w: { winning: msg`White is winning.`, better: msg`White is better.`, equal: msg`The game is about equal.`, worse: msg`White is worse.`, losing: msg`White is losing.` },
  b: { winning: msg`Black is winning.`, better: msg`Black is better.`, equal: msg`The game is about equal.`, worse: msg`Black is worse.`, losing: msg`Black is losing.` },
};

function positionStanding(level: StandingLevel, who: Side, score: string): MessageDescriptor {
  if (level === 'equal') return msg`The game is about equal (${score}).`;
  const white: Record<Exclude<StandingLevel, 'equal'>, MessageDescriptor> = {
    winning: msg`White is winning (${score}).`,
    better: msg`White is better (${score}).`,
    worse: msg`White is worse (${score}).`,
    losing: msg`White is losing (${score}).`,
  };
  const black: Record<Exclude<StandingLevel, 'equal'>, MessageDescriptor> = {
    winning: msg`Black is winning (${score}).`,
    better: msg`Black is better (${score}).`,
    worse: msg`Black is worse (${score}).`,
    losing: msg`Black is losing (${score}).`,
  };
  return (who === 'w' ? white : black)[level];
}

const PATTERN_IS: Readonly<Record<MatePatternName, MessageDescriptor>> = {
  'back-rank': msg`It is a back-rank mate: the king is trapped behind its own pawns.`,
  smothered: msg`It is a smothered mate: the king is boxed in by its own pieces, and the knight gives check.`,
};
const PATTERN_ENDS: Readonly<Record<MatePatternName, MessageDescriptor>> = {
  'back-rank': msg`It ends with a back-rank mate: the king is trapped behind its own pawns.`,
  smothered: msg`It ends with a smothered mate: the king is boxed in by its own pieces, and the knight gives check.`,
};

const IDEA_TITLES: Readonly<Record<MotifKind, MessageDescriptor>> = {
  checkmate: msg`You can checkmate!`,
  'mate-threat': msg`Make a threat of checkmate.`,
  'allows-mate': msg`Careful with your king.`,
  promotion: msg`Promote your pawn!`,
  fork: msg`Look for a fork.`,
  pin: msg`Look for a pin.`,
  skewer: msg`Look for a skewer.`,
  'discovered-attack': msg`Look for a discovered attack.`,
  'free-capture': msg`Free material!`,
  hanging: msg`Careful: a piece is unprotected.`,
};

function nudge(kind: MotifKind, piece: string, square: string): MessageDescriptor {
  switch (kind) {
    case 'checkmate':
      return msg`Look at ${piece} on ${square}: it can give checkmate right now.`;
    case 'mate-threat':
      return msg`Look at ${piece} on ${square}: it can threaten checkmate.`;
    case 'allows-mate':
      return msg`Look at ${piece} on ${square}: watch your king.`;
    case 'promotion':
      return msg`Look at ${piece} on ${square}: it can become a new queen.`;
    case 'fork':
      return msg`Look at ${piece} on ${square}: it can attack two pieces at once.`;
    case 'pin':
      return msg`Look at ${piece} on ${square}: it can pin an enemy piece.`;
    case 'skewer':
      return msg`Look at ${piece} on ${square}: it can attack two pieces on one line.`;
    case 'discovered-attack':
      return msg`Look at ${piece} on ${square}: moving it uncovers an attack.`;
    case 'free-capture':
      return msg`Look at ${piece} on ${square}: something can be taken for free.`;
    case 'hanging':
      return msg`Look at ${piece} on ${square}: is it safe?`;
  }
}

const MOTIF_TIPS: Readonly<Record<MotifKind, MessageDescriptor>> = {
  checkmate: msg`Always look for checks first: one of them might be checkmate.`,
  'mate-threat': msg`A threat of checkmate forces your opponent to defend instead of attacking.`,
  'allows-mate': msg`Before you move, ask: what can my opponent do next?`,
  promotion: msg`A pawn that reaches the last row can become a queen, the strongest piece.`,
  fork: msg`A fork attacks two pieces at once; your opponent can only save one. Knights are great at forks.`,
  pin: msg`A pinned piece cannot move without exposing a more valuable piece behind it.`,
  skewer: msg`A skewer attacks a big piece; when it moves away, you take the piece behind it.`,
  'discovered-attack': msg`Moving one piece out of the way can open an attack by another: two threats at once.`,
  'free-capture': msg`Count attackers and defenders: a piece with no defender can be taken for free.`,
  hanging: msg`Before every move, check that all your pieces are protected.`,
};

const PHASE_TIPS: Readonly<Record<GamePhase, MessageDescriptor>> = {
  opening: msg`In the opening, bring out your knights and bishops, control the centre and castle early.`,
  middlegame: msg`Look for checks, captures and threats, for both sides, before you choose a move.`,
  endgame: msg`In the endgame your king is a strong piece: bring it to the centre.`,
};

/** How one text's values are written: pieces with their articles, moves in the notation. */
interface Writer {
  san: (san: string) => string;
  the: (piece: Piece) => string;
  /** 'The knight', for a sentence that begins with it. */
  The: (piece: Piece) => string;
  your: (piece: Piece) => string;
  /** 'Your knight', for a sentence that begins with it. */
  Your: (piece: Piece) => string;
  free: (piece: Piece) => string;
  a: (piece: Piece) => string;
  newPiece: (piece: Piece) => string;
  list: (pieces: readonly Piece[]) => string;
}

function writer(i18n: I18n, notation: Notation): Writer {
  // A right-to-left language keeps a move left to right (isolated), as Arabic chess books print it.
  const rtl = isAppLocale(i18n.locale) && textDirection(i18n.locale) === 'rtl';
  const the = (piece: Piece) => i18n._(THE_PIECE[piece]);
  const your = (piece: Piece) => i18n._(YOUR_PIECE[piece]);
  const upperFirst = (words: string) => words.charAt(0).toLocaleUpperCase(i18n.locale) + words.slice(1);
  return {
    san: (san) => (rtl ? `\u2066${formatSan(san, notation)}\u2069` : formatSan(san, notation)),
    the,
    The: (piece) => upperFirst(the(piece)),
    your,
    Your: (piece) => upperFirst(your(piece)),
    free: (piece) => i18n._(FREE_PIECE[piece]),
    a: (piece) => i18n._(A_PIECE[piece]),
    newPiece: (piece) => i18n._(NEW_PIECE[piece]),
    list: (pieces) =>
      pieces.reduce((list: string, piece, index) => {
        if (index === 0) return the(piece);
        const next = i18n._(LISTED_PIECE[piece]);
        return index === pieces.length - 1 ? i18n._(msg`${list} and ${next}`) : i18n._(msg`${list}, ${next}`);
      }, ''),
  };
}

function motifMessage(p: MotifPhrase, w: Writer): MessageDescriptor {
  const san = w.san(p.values.san);
  const does = p.values.tense === 'does';
  switch (p.id) {
    case 'checkmate':
      if (p.values.backRank) return does ? msg`${san} is checkmate on the back rank: the king is trapped behind its own pawns.` : msg`${san} would have been checkmate on the back rank: the king is trapped behind its own pawns.`;
      return does ? msg`${san} is checkmate.` : msg`${san} would have been checkmate.`;
    case 'mate-threat': {
      const mateMove = w.san(p.values.mateMove);
      if (p.values.backRank) return does ? msg`${san} threatens a back-rank mate with ${mateMove}.` : msg`${san} would have threatened a back-rank mate with ${mateMove}.`;
      return does ? msg`${san} threatens checkmate with ${mateMove}.` : msg`${san} would have threatened checkmate with ${mateMove}.`;
    }
    case 'allows-mate': {
      const mateMove = w.san(p.values.mateMove);
      const white = p.values.them === 'w';
      if (p.values.backRank) {
        if (does) return white ? msg`After ${san}, White can checkmate with ${mateMove} on the back rank.` : msg`After ${san}, Black can checkmate with ${mateMove} on the back rank.`;
        return white ? msg`After ${san}, White could checkmate with ${mateMove} on the back rank.` : msg`After ${san}, Black could checkmate with ${mateMove} on the back rank.`;
      }
      if (does) return white ? msg`After ${san}, White can checkmate with ${mateMove}.` : msg`After ${san}, Black can checkmate with ${mateMove}.`;
      return white ? msg`After ${san}, White could checkmate with ${mateMove}.` : msg`After ${san}, Black could checkmate with ${mateMove}.`;
    }
    case 'promotion': {
      const piece = w.newPiece(p.values.piece);
      return does ? msg`${san} turns the pawn into ${piece}.` : msg`${san} would have turned the pawn into ${piece}.`;
    }
    case 'fork': {
      const targets = w.list(p.values.targets);
      const piece = w.the(p.values.piece);
      return does ? msg`${san} forks ${targets} with ${piece}.` : msg`${san} would have forked ${targets} with ${piece}.`;
    }
    case 'pin': {
      const pinned = w.the(p.values.pinned);
      const { square } = p.values;
      const behind = w.the(p.values.behind);
      return does ? msg`${san} pins ${pinned} on ${square} to ${behind} behind it.` : msg`${san} would have pinned ${pinned} on ${square} to ${behind} behind it.`;
    }
    case 'skewer': {
      const front = w.the(p.values.front);
      const behind = w.the(p.values.behind);
      return does
        ? msg`${san} skewers ${front} and ${behind} behind it: when ${front} moves, ${behind} falls.`
        : msg`${san} would have skewered ${front} and ${behind} behind it: when ${front} moves, ${behind} falls.`;
    }
    case 'discovered-check': {
      const slider = w.the(p.values.slider);
      const { square } = p.values;
      return does ? msg`${san} uncovers a discovered check from ${slider} on ${square}.` : msg`${san} would have uncovered a discovered check from ${slider} on ${square}.`;
    }
    case 'discovered-attack': {
      const slider = w.the(p.values.slider);
      const target = w.the(p.values.target);
      const { square, targetSquare } = p.values;
      return does
        ? msg`${san} uncovers an attack by ${slider} on ${square} against ${target} on ${targetSquare}.`
        : msg`${san} would have uncovered an attack by ${slider} on ${square} against ${target} on ${targetSquare}.`;
    }
    case 'wins-for': {
      const captured = w.the(p.values.captured);
      const by = w.a(p.values.by);
      return does ? msg`${san} wins ${captured} for ${by}.` : msg`${san} would have won ${captured} for ${by}.`;
    }
    case 'wins-free': {
      const captured = w.free(p.values.captured);
      return does ? msg`${san} wins ${captured}.` : msg`${san} would have won ${captured}.`;
    }
    case 'hanging': {
      const piece = w.the(p.values.piece);
      const attacker = w.the(p.values.attacker);
      const { square, attackerSquare } = p.values;
      return does
        ? msg`${san} leaves ${piece} on ${square} unprotected: ${attacker} on ${attackerSquare} can take it.`
        : msg`${san} would have left ${piece} on ${square} unprotected: ${attacker} on ${attackerSquare} can take it.`;
    }
  }
}

/** "You …" / "White …" / "Black …": one message a side, so each language can agree its verb. */
const bySide = (who: Who, you: MessageDescriptor, white: MessageDescriptor, black: MessageDescriptor) => (who === 'you' ? you : who === 'w' ? white : black);

function message(p: CoachPhrase, w: Writer): MessageDescriptor {
  switch (p.id) {
    case 'opener':
      return OPENERS[p.values.category];
    case 'standing':
      return STANDINGS[p.values.who][p.values.level];
    case 'game-won':
      return bySide(p.values.who, msg`You win the game!`, msg`White wins the game.`, msg`Black wins the game.`);
    case 'book-move': {
      const san = w.san(p.values.san);
      return msg`${san} is a well-known opening move.`;
    }
    case 'brilliant-sacrifice': {
      const san = w.san(p.values.san);
      return msg`${san} gives up material on purpose, and it works.`;
    }
    case 'only-move-keeps': {
      const san = w.san(p.values.san);
      return bySide(p.values.who, msg`${san} was the only move that keeps you in the game.`, msg`${san} was the only move that keeps White in the game.`, msg`${san} was the only move that keeps Black in the game.`);
    }
    case 'only-good-move': {
      const san = w.san(p.values.san);
      return msg`${san} was the only good move here.`;
    }
    case 'takes-back': {
      const san = w.san(p.values.san);
      return msg`${san} takes back material.`;
    }
    case 'opponent-erred':
      return bySide(
        p.values.whose,
        msg`Your last move was a mistake, and this move lets the chance go.`,
        msg`White's last move was a mistake, and this move lets the chance go.`,
        msg`Black's last move was a mistake, and this move lets the chance go.`,
      );
    case 'missed-mate-in-one': {
      const san = w.san(p.values.san);
      return bySide(p.values.who, msg`You had checkmate in one: ${san}.`, msg`White had checkmate in one: ${san}.`, msg`Black had checkmate in one: ${san}.`);
    }
    case 'missed-forced-mate': {
      const san = w.san(p.values.san);
      const { moves } = p.values;
      return bySide(
        p.values.who,
        msg`You had a forced checkmate in ${moves}, starting with ${san}.`,
        msg`White had a forced checkmate in ${moves}, starting with ${san}.`,
        msg`Black had a forced checkmate in ${moves}, starting with ${san}.`,
      );
    }
    case 'reply':
      return bySide(p.values.whose, msg`Your reply`, msg`White's reply`, msg`Black's reply`);
    case 'that-is':
      return p.values.kind === 'fork' ? msg`That is a fork.` : msg`That is a skewer.`;
    case 'was-better': {
      const san = w.san(p.values.san);
      return msg`${san} was better.`;
    }
    case 'position-standing':
      return positionStanding(p.values.level, p.values.who, p.values.score);
    case 'position-mate': {
      const { score } = p.values;
      return p.values.who === 'w' ? msg`White can force checkmate (${score}).` : msg`Black can force checkmate (${score}).`;
    }
    case 'position-best':
      return msg`Best:`;
    case 'position-best-move': {
      const san = w.san(p.values.san);
      return msg`Best: ${san}.`;
    }
    case 'game-over-checkmate':
      return p.values.winner === 'w' ? msg`Checkmate: the game is over. White wins.` : msg`Checkmate: the game is over. Black wins.`;
    case 'game-over-stalemate':
      return msg`Stalemate: the game is over. It is a draw.`;
    case 'is-checkmate': {
      const san = w.san(p.values.san);
      return msg`${san} is checkmate.`;
    }
    case 'is-checkmate-taking': {
      const san = w.san(p.values.san);
      const piece = w.free(p.values.piece);
      return msg`${san} is checkmate, and it takes ${piece}.`;
    }
    case 'mate-pattern-is':
      return PATTERN_IS[p.values.pattern];
    case 'mate-pattern-ends':
      return PATTERN_ENDS[p.values.pattern];
    case 'forced-mate': {
      const san = w.san(p.values.san);
      const { moves } = p.values;
      return msg`You have a forced checkmate in ${moves}. It starts with ${san}.`;
    }
    case 'sacrifice-deflects': {
      const san = w.san(p.values.san);
      const piece = w.the(p.values.piece);
      const next = w.san(p.values.next);
      const { square } = p.values;
      return msg`${san} is a sacrifice that pulls ${piece} away from ${square}, so ${next} can follow.`;
    }
    case 'sacrifice-lures': {
      const san = w.san(p.values.san);
      const piece = w.the(p.values.piece);
      const next = w.san(p.values.next);
      const { square } = p.values;
      return msg`${san} is a sacrifice that lures ${piece} to ${square}, where ${next} follows.`;
    }
    case 'takes-free': {
      const san = w.san(p.values.san);
      const piece = w.free(p.values.piece);
      return msg`${san} takes ${piece}.`;
    }
    case 'pinned-victim': {
      const piece = w.The(p.values.piece);
      const pinner = w.the(p.values.pinner);
      const san = w.san(p.values.san);
      const { square } = p.values;
      return msg`${piece} on ${square} is pinned to its king by ${pinner}, so ${san} wins it.`;
    }
    case 'pinned-cannot-stop-mate': {
      const piece = w.The(p.values.piece);
      const pinner = w.the(p.values.pinner);
      const { square } = p.values;
      return msg`${piece} on ${square} cannot stop the mate: it is pinned to its king by ${pinner}.`;
    }
    case 'pinned-cannot-take': {
      const piece = w.The(p.values.piece);
      const target = w.the(p.values.target);
      const pinner = w.the(p.values.pinner);
      const { square, targetSquare } = p.values;
      return msg`${piece} on ${square} cannot take ${target} on ${targetSquare}: it is pinned to its king by ${pinner}.`;
    }
    case 'opens-line': {
      const piece = w.the(p.values.piece);
      const slider = w.the(p.values.slider);
      const { from, square } = p.values;
      return msg`Moving ${piece} from ${from} opens the line for ${slider} on ${square}: a discovered attack.`;
    }
    case 'is-check': {
      const san = w.san(p.values.san);
      return msg`${san} is check.`;
    }
    case 'comes-first': {
      const san = w.san(p.values.san);
      return msg`${san} comes first.`;
    }
    case 'after': {
      const san = w.san(p.values.san);
      return msg`After ${san},`;
    }
    case 'also-discovered-check': {
      const slider = w.the(p.values.slider);
      const { square } = p.values;
      return msg`It is also a discovered attack: it uncovers a discovered check from ${slider} on ${square}.`;
    }
    case 'also-discovered-attack': {
      const slider = w.the(p.values.slider);
      const target = w.the(p.values.target);
      const { square, targetSquare } = p.values;
      return msg`It is also a discovered attack: it uncovers an attack by ${slider} on ${square} against ${target} on ${targetSquare}.`;
    }
    case 'wins-material': {
      const san = w.san(p.values.san);
      return msg`${san} wins material.`;
    }
    case 'follows': {
      const san = w.san(p.values.san);
      return msg`${san} follows.`;
    }
    case 'idea-title':
      return IDEA_TITLES[p.values.kind];
    case 'rescue-moves': {
      const piece = w.Your(p.values.piece);
      const san = w.san(p.values.san);
      const { square } = p.values;
      return msg`${piece} on ${square} is in danger: ${san} moves it to safety.`;
    }
    case 'rescue-protects': {
      const piece = w.Your(p.values.piece);
      const san = w.san(p.values.san);
      const { square } = p.values;
      return msg`${piece} on ${square} is in danger: ${san} protects it.`;
    }
    case 'castle': {
      const san = w.san(p.values.san);
      return msg`Castle with ${san}: your king gets safe and your rook joins the game.`;
    }
    case 'gives-check': {
      const san = w.san(p.values.san);
      return msg`${san} gives check and keeps the initiative.`;
    }
    case 'develop': {
      const san = w.san(p.values.san);
      const piece = w.your(p.values.piece);
      return msg`Develop a piece: ${san} brings ${piece} into the game.`;
    }
    case 'take-centre': {
      const san = w.san(p.values.san);
      return msg`Take the centre: ${san} puts a pawn in the middle of the board.`;
    }
    case 'best-capture': {
      const san = w.san(p.values.san);
      const piece = w.the(p.values.piece);
      return msg`${san} takes ${piece}: it is the best capture here.`;
    }
    case 'push-pawn': {
      const san = w.san(p.values.san);
      return msg`Push your pawn: ${san} gets it close to becoming a queen.`;
    }
    case 'improves': {
      const san = w.san(p.values.san);
      const piece = w.your(p.values.piece);
      return msg`${san} improves ${piece}: it finds a better square where it does more.`;
    }
    case 'nudge':
      return nudge(p.values.kind, w.your(p.values.piece), p.values.square);
    case 'nudge-forced-mate': {
      const piece = w.your(p.values.piece);
      const { square } = p.values;
      return msg`There is a forced checkmate. Look at ${piece} on ${square}.`;
    }
    case 'nudge-in-danger': {
      const piece = w.your(p.values.piece);
      const { square } = p.values;
      return msg`One of your pieces is in danger. Look at ${piece} on ${square}.`;
    }
    case 'nudge-unprotected': {
      const piece = w.your(p.values.piece);
      const { square } = p.values;
      return msg`Something of your opponent's is unprotected. Look at ${piece} on ${square}.`;
    }
    case 'nudge-look': {
      const piece = w.your(p.values.piece);
      const { square } = p.values;
      return msg`Look at ${piece} on ${square}.`;
    }
    case 'motif-tip':
      return MOTIF_TIPS[p.values.kind];
    case 'phase-tip':
      return PHASE_TIPS[p.values.phase];
    case 'ask-tip':
      return msg`Ask after every move your opponent makes: what does it attack?`;
    default:
      return motifMessage(p, w);
  }
}

/**
 * The phrases of a coach result, when they all come from this app's domain/coach (the worker's
 * own results; a result cached by an older version has none, a newer one may have ids we lack).
 */
function knownPhrases(words: readonly CoachPhraseData[] | null | undefined): CoachPhrase[] | null {
  if (!words || words.length === 0) return null;
  return words.every((p) => isCoachPhraseId(p.id)) ? (words as CoachPhrase[]) : null;
}

/** One phrase in the app's language. */
export function coachPhraseText(i18n: I18n, phrase: CoachPhrase, notation: Notation): string {
  return i18n._(message(phrase, writer(i18n, notation)));
}

/** A coach text in the app's language from its phrases; the English it came with when it has none. */
export function coachText(i18n: I18n, words: readonly CoachPhraseData[] | null | undefined, english: string, notation: Notation): string {
  const phrases = knownPhrases(words);
  if (phrases === null) return english;
  const w = writer(i18n, notation);
  return phrases.map((p) => i18n._(message(p, w))).join(' ');
}

/** Learning tips, one phrase each, in the app's language; the English ones when they have no phrases. */
export function coachTips(i18n: I18n, words: readonly CoachPhraseData[] | null | undefined, english: readonly string[], notation: Notation): string[] {
  const phrases = knownPhrases(words);
  if (phrases === null || phrases.length !== english.length) return [...english];
  return phrases.map((p) => coachPhraseText(i18n, p, notation));
}

/** The coach's words for a component: texts and tips in the app's language and the learner's notation. */
export function useCoachWords() {
  const { i18n } = useLingui();
  const notation = useDeviceNotation();
  return useMemo(
    () => ({
      notation,
      text: (words: readonly CoachPhraseData[] | null | undefined, english: string) => coachText(i18n, words, english, notation),
      /** What the voice reads: moves in letters whatever the notation (figurines are for the eye; speech reads letters as before). */
      spoken: (words: readonly CoachPhraseData[] | null | undefined, english: string) => coachText(i18n, words, english, 'san'),
      tips: (words: readonly CoachPhraseData[] | null | undefined, english: readonly string[]) => coachTips(i18n, words, english, notation),
      san: (san: string) => formatSan(san, notation),
    }),
    [i18n, notation],
  );
}
