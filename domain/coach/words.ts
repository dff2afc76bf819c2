/**
 * The coach's words as data (issue 28): every sentence of an explanation, a hint or a learning
 * tip is a phrase, an id with its values (pieces, squares, SAN moves, colours, numbers), so the
 * app can say it in the learner's language and write the moves in the learner's notation. The
 * English here is rendered from the same phrases (`renderEnglish`): the server's API text, the
 * tests and the app's English cannot drift apart from the structure. Pure.
 */
import type { Color, PieceSymbol } from 'chess.js';
import type { GamePhase, MoveCategory } from '../../schema';
import type { MotifKind } from './motifs/types';
import { PIECE_NAMES, SIDE_NAMES as COLOR_NAMES } from '../piece-names';

/** Who a sentence is about: the learner ('you') or a side named by its colour. */
export type Who = 'you' | Color;
export type Tense = 'does' | 'would';
export const STANDING_LEVELS = ['winning', 'better', 'equal', 'worse', 'losing'] as const;
export type StandingLevel = (typeof STANDING_LEVELS)[number];
export type MatePatternName = 'back-rank' | 'smothered';
type Piece = PieceSymbol;

/** What a move does (motifs/describe.ts), in the present ('does') or as a missed chance ('would'). */
export type MotifPhrase =
  | { id: 'checkmate'; values: { san: string; tense: Tense; backRank: boolean } }
  | { id: 'mate-threat'; values: { san: string; tense: Tense; backRank: boolean; mateMove: string } }
  | { id: 'allows-mate'; values: { san: string; tense: Tense; backRank: boolean; mateMove: string; them: Color } }
  | { id: 'promotion'; values: { san: string; tense: Tense; piece: Piece } }
  | { id: 'fork'; values: { san: string; tense: Tense; piece: Piece; targets: Piece[] } }
  | { id: 'pin'; values: { san: string; tense: Tense; pinned: Piece; square: string; behind: Piece } }
  | { id: 'skewer'; values: { san: string; tense: Tense; front: Piece; behind: Piece } }
  | { id: 'discovered-check'; values: { san: string; tense: Tense; slider: Piece; square: string } }
  | { id: 'discovered-attack'; values: { san: string; tense: Tense; slider: Piece; square: string; target: Piece; targetSquare: string } }
  | { id: 'wins-for'; values: { san: string; tense: Tense; captured: Piece; by: Piece } }
  | { id: 'wins-free'; values: { san: string; tense: Tense; captured: Piece } }
  | { id: 'hanging'; values: { san: string; tense: Tense; piece: Piece; square: string; attacker: Piece; attackerSquare: string } };

/** One sentence (or the lead-in of the next one: 'reply', 'after', 'position-best') of the coach. */
export type CoachPhrase =
  | MotifPhrase
  // A move's explanation (explain.ts).
  | { id: 'opener'; values: { category: MoveCategory } }
  | { id: 'standing'; values: { level: StandingLevel; who: Who } }
  | { id: 'game-won'; values: { who: Who } }
  | { id: 'book-move'; values: { san: string } }
  | { id: 'brilliant-sacrifice'; values: { san: string } }
  | { id: 'only-move-keeps'; values: { san: string; who: Who } }
  | { id: 'only-good-move'; values: { san: string } }
  | { id: 'takes-back'; values: { san: string } }
  | { id: 'opponent-erred'; values: { whose: Who } }
  | { id: 'missed-mate-in-one'; values: { who: Who; san: string } }
  | { id: 'missed-forced-mate'; values: { who: Who; moves: number; san: string } }
  | { id: 'reply'; values: { whose: Who } }
  | { id: 'that-is'; values: { kind: 'fork' | 'skewer' } }
  | { id: 'was-better'; values: { san: string } }
  // A position (the analysis card).
  | { id: 'position-standing'; values: { level: StandingLevel; who: Color; score: string } }
  | { id: 'position-mate'; values: { who: Color; score: string } }
  | { id: 'position-best'; values: Record<string, never> }
  | { id: 'position-best-move'; values: { san: string } }
  | { id: 'game-over-checkmate'; values: { winner: Color } }
  | { id: 'game-over-stalemate'; values: Record<string, never> }
  // An engine line (line.ts).
  | { id: 'is-checkmate'; values: { san: string } }
  | { id: 'is-checkmate-taking'; values: { san: string; piece: Piece } }
  | { id: 'mate-pattern-is'; values: { pattern: MatePatternName } }
  | { id: 'mate-pattern-ends'; values: { pattern: MatePatternName } }
  | { id: 'forced-mate'; values: { moves: number; san: string } }
  | { id: 'sacrifice-deflects'; values: { san: string; piece: Piece; square: string; next: string } }
  | { id: 'sacrifice-lures'; values: { san: string; piece: Piece; square: string; next: string } }
  | { id: 'takes-free'; values: { san: string; piece: Piece } }
  | { id: 'pinned-victim'; values: { piece: Piece; square: string; pinner: Piece; san: string } }
  | { id: 'pinned-cannot-stop-mate'; values: { piece: Piece; square: string; pinner: Piece } }
  | { id: 'pinned-cannot-take'; values: { piece: Piece; square: string; target: Piece; targetSquare: string; pinner: Piece } }
  | { id: 'opens-line'; values: { piece: Piece; from: string; slider: Piece; square: string } }
  | { id: 'is-check'; values: { san: string } }
  | { id: 'comes-first'; values: { san: string } }
  | { id: 'after'; values: { san: string } }
  | { id: 'also-discovered-check'; values: { slider: Piece; square: string } }
  | { id: 'also-discovered-attack'; values: { slider: Piece; square: string; target: Piece; targetSquare: string } }
  | { id: 'wins-material'; values: { san: string } }
  | { id: 'follows'; values: { san: string } }
  // A hint (hint.ts): its title, its ideas, its nudge and the learning tips.
  | { id: 'idea-title'; values: { kind: MotifKind } }
  | { id: 'rescue-moves'; values: { piece: Piece; square: string; san: string } }
  | { id: 'rescue-protects'; values: { piece: Piece; square: string; san: string } }
  | { id: 'castle'; values: { san: string } }
  | { id: 'gives-check'; values: { san: string } }
  | { id: 'develop'; values: { san: string; piece: Piece } }
  | { id: 'take-centre'; values: { san: string } }
  | { id: 'best-capture'; values: { san: string; piece: Piece } }
  | { id: 'push-pawn'; values: { san: string } }
  | { id: 'improves'; values: { san: string; piece: Piece } }
  | { id: 'nudge'; values: { kind: MotifKind; piece: Piece; square: string } }
  | { id: 'nudge-forced-mate'; values: { piece: Piece; square: string } }
  | { id: 'nudge-in-danger'; values: { piece: Piece; square: string } }
  | { id: 'nudge-unprotected'; values: { piece: Piece; square: string } }
  | { id: 'nudge-look'; values: { piece: Piece; square: string } }
  | { id: 'motif-tip'; values: { kind: MotifKind } }
  | { id: 'phase-tip'; values: { phase: GamePhase } }
  | { id: 'ask-tip'; values: Record<string, never> };

export type CoachPhraseId = CoachPhrase['id'];
/** The sentences of one text (an explanation, a hint, a nudge), in order. */
export type CoachWords = CoachPhrase[];

/** Every phrase id (the type keeps this table complete). */
const PHRASE_IDS: Readonly<Record<CoachPhraseId, true>> = {
  'opener': true,
  'standing': true,
  'game-won': true,
  'book-move': true,
  'brilliant-sacrifice': true,
  'only-move-keeps': true,
  'only-good-move': true,
  'takes-back': true,
  'opponent-erred': true,
  'missed-mate-in-one': true,
  'missed-forced-mate': true,
  'reply': true,
  'that-is': true,
  'was-better': true,
  'position-standing': true,
  'position-mate': true,
  'position-best': true,
  'position-best-move': true,
  'game-over-checkmate': true,
  'game-over-stalemate': true,
  'checkmate': true,
  'mate-threat': true,
  'allows-mate': true,
  'promotion': true,
  'fork': true,
  'pin': true,
  'skewer': true,
  'discovered-check': true,
  'discovered-attack': true,
  'wins-for': true,
  'wins-free': true,
  'hanging': true,
  'is-checkmate': true,
  'is-checkmate-taking': true,
  'mate-pattern-is': true,
  'mate-pattern-ends': true,
  'forced-mate': true,
  'sacrifice-deflects': true,
  'sacrifice-lures': true,
  'takes-free': true,
  'pinned-victim': true,
  'pinned-cannot-stop-mate': true,
  'pinned-cannot-take': true,
  'opens-line': true,
  'is-check': true,
  'comes-first': true,
  'after': true,
  'also-discovered-check': true,
  'also-discovered-attack': true,
  'wins-material': true,
  'follows': true,
  'idea-title': true,
  'rescue-moves': true,
  'rescue-protects': true,
  'castle': true,
  'gives-check': true,
  'develop': true,
  'take-centre': true,
  'best-capture': true,
  'push-pawn': true,
  'improves': true,
  'nudge': true,
  'nudge-forced-mate': true,
  'nudge-in-danger': true,
  'nudge-unprotected': true,
  'nudge-look': true,
  'motif-tip': true,
  'phase-tip': true,
  'ask-tip': true,
};
export const COACH_PHRASE_IDS = Object.keys(PHRASE_IDS) as readonly CoachPhraseId[];
/** Whether an id is one of this version's phrases (a result from a newer version may have others). */
export const isCoachPhraseId = (id: string): id is CoachPhraseId => Object.hasOwn(PHRASE_IDS, id);

/** Builds a phrase, typed by its id. */
export const phrase = <P extends CoachPhrase>(id: P['id'], values: P['values']): P => ({ id, values }) as P;

/** The pieces' and sides' English names are the move log's (domain/piece-names.ts): one home. */
export { PIECE_NAMES, SIDE_NAMES as COLOR_NAMES } from '../piece-names';

const OPENERS: Readonly<Record<MoveCategory, string>> = {
  brilliant: 'Brilliant!',
  great: 'Great move!',
  best: 'Best move!',
  excellent: 'Excellent!',
  good: 'Good move.',
  book: 'Book move.',
  inaccuracy: 'Inaccuracy.',
  mistake: 'Mistake.',
  miss: 'Missed opportunity.',
  blunder: 'Blunder!',
};

const PATTERN_TEXT: Readonly<Record<MatePatternName, string>> = {
  'back-rank': 'a back-rank mate: the king is trapped behind its own pawns',
  smothered: 'a smothered mate: the king is boxed in by its own pieces, and the knight gives check',
};

const IDEA_TITLES: Readonly<Record<MotifKind, string>> = {
  checkmate: 'You can checkmate!',
  'mate-threat': 'Make a threat of checkmate.',
  'allows-mate': 'Careful with your king.',
  promotion: 'Promote your pawn!',
  fork: 'Look for a fork.',
  pin: 'Look for a pin.',
  skewer: 'Look for a skewer.',
  'discovered-attack': 'Look for a discovered attack.',
  'free-capture': 'Free material!',
  hanging: 'Careful: a piece is unprotected.',
};

const NUDGES: Readonly<Record<MotifKind, string>> = {
  checkmate: 'it can give checkmate right now.',
  'mate-threat': 'it can threaten checkmate.',
  'allows-mate': 'watch your king.',
  promotion: 'it can become a new queen.',
  fork: 'it can attack two pieces at once.',
  pin: 'it can pin an enemy piece.',
  skewer: 'it can attack two pieces on one line.',
  'discovered-attack': 'moving it uncovers an attack.',
  'free-capture': 'something can be taken for free.',
  hanging: 'is it safe?',
};

const MOTIF_TIPS: Readonly<Record<MotifKind, string>> = {
  checkmate: 'Always look for checks first: one of them might be checkmate.',
  'mate-threat': 'A threat of checkmate forces your opponent to defend instead of attacking.',
  'allows-mate': 'Before you move, ask: what can my opponent do next?',
  promotion: 'A pawn that reaches the last row can become a queen, the strongest piece.',
  fork: 'A fork attacks two pieces at once; your opponent can only save one. Knights are great at forks.',
  pin: 'A pinned piece cannot move without exposing a more valuable piece behind it.',
  skewer: 'A skewer attacks a big piece; when it moves away, you take the piece behind it.',
  'discovered-attack': 'Moving one piece out of the way can open an attack by another: two threats at once.',
  'free-capture': 'Count attackers and defenders: a piece with no defender can be taken for free.',
  hanging: 'Before every move, check that all your pieces are protected.',
};

const PHASE_TIPS: Readonly<Record<GamePhase, string>> = {
  opening: 'In the opening, bring out your knights and bishops, control the centre and castle early.',
  middlegame: 'Look for checks, captures and threats, for both sides, before you choose a move.',
  endgame: 'In the endgame your king is a strong piece: bring it to the centre.',
};

const STANDING_TEXT: Readonly<Record<Exclude<StandingLevel, 'equal'>, string>> = { winning: 'winning', better: 'better', worse: 'worse', losing: 'losing' };

/** "You are winning" / "White is better" / "The game is about equal", without the full stop. */
function standingClause(level: StandingLevel, who: Who): string {
  if (level === 'equal') return 'The game is about equal';
  return who === 'you' ? `You are ${STANDING_TEXT[level]}` : `${COLOR_NAMES[who]} is ${STANDING_TEXT[level]}`;
}

const subject = (who: Who) => (who === 'you' ? 'You' : COLOR_NAMES[who]);
const possessive = (whose: Who) => (whose === 'you' ? 'Your' : `${COLOR_NAMES[whose]}'s`);
const pieceList = (pieces: readonly Piece[]) => {
  const list = pieces.map((p) => PIECE_NAMES[p]);
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};

function englishMotif(p: MotifPhrase): string {
  const { san, tense } = p.values;
  const v = (does: string, would: string) => (tense === 'does' ? does : `would have ${would}`);
  const name = (piece: Piece) => PIECE_NAMES[piece];
  switch (p.id) {
    case 'checkmate':
      return `${san} ${v('is checkmate', 'been checkmate')}${p.values.backRank ? ' on the back rank: the king is trapped behind its own pawns' : ''}.`;
    case 'mate-threat':
      return `${san} ${v('threatens', 'threatened')} ${p.values.backRank ? 'a back-rank mate' : 'checkmate'} with ${p.values.mateMove}.`;
    case 'allows-mate':
      return `After ${san}, ${COLOR_NAMES[p.values.them]} ${tense === 'does' ? 'can' : 'could'} checkmate with ${p.values.mateMove}${p.values.backRank ? ' on the back rank' : ''}.`;
    case 'promotion':
      return `${san} ${v('turns the pawn into a new', 'turned the pawn into a new')} ${name(p.values.piece)}.`;
    case 'fork':
      return `${san} ${v('forks', 'forked')} the ${pieceList(p.values.targets)} with the ${name(p.values.piece)}.`;
    case 'pin':
      return `${san} ${v('pins', 'pinned')} the ${name(p.values.pinned)} on ${p.values.square} to the ${name(p.values.behind)} behind it.`;
    case 'skewer': {
      const { front, behind } = p.values;
      return `${san} ${v('skewers', 'skewered')} the ${name(front)} and the ${name(behind)} behind it: when the ${name(front)} moves, the ${name(behind)} falls.`;
    }
    case 'discovered-check':
      return `${san} ${v('uncovers', 'uncovered')} a discovered check from the ${name(p.values.slider)} on ${p.values.square}.`;
    case 'discovered-attack':
      return `${san} ${v('uncovers', 'uncovered')} an attack by the ${name(p.values.slider)} on ${p.values.square} against the ${name(p.values.target)} on ${p.values.targetSquare}.`;
    case 'wins-for':
      return `${san} ${v('wins', 'won')} the ${name(p.values.captured)} for a ${name(p.values.by)}.`;
    case 'wins-free':
      return `${san} ${v('wins', 'won')} a free ${name(p.values.captured)}.`;
    case 'hanging':
      return `${san} ${v('leaves', 'left')} the ${name(p.values.piece)} on ${p.values.square} unprotected: the ${name(p.values.attacker)} on ${p.values.attackerSquare} can take it.`;
  }
}

const MOTIF_IDS: ReadonlySet<CoachPhraseId> = new Set<MotifPhrase['id']>([
  'checkmate',
  'mate-threat',
  'allows-mate',
  'promotion',
  'fork',
  'pin',
  'skewer',
  'discovered-check',
  'discovered-attack',
  'wins-for',
  'wins-free',
  'hanging',
]);
export const isMotifPhrase = (p: CoachPhrase): p is MotifPhrase => MOTIF_IDS.has(p.id);

/** One phrase in English: the words the coach has always said. */
export function englishPhrase(p: CoachPhrase): string {
  if (isMotifPhrase(p)) return englishMotif(p);
  const name = (piece: Piece) => PIECE_NAMES[piece];
  switch (p.id) {
    case 'opener':
      return OPENERS[p.values.category];
    case 'standing':
      return `${standingClause(p.values.level, p.values.who)}.`;
    case 'game-won':
      return p.values.who === 'you' ? 'You win the game!' : `${COLOR_NAMES[p.values.who]} wins the game.`;
    case 'book-move':
      return `${p.values.san} is a well-known opening move.`;
    case 'brilliant-sacrifice':
      return `${p.values.san} gives up material on purpose, and it works.`;
    case 'only-move-keeps':
      return `${p.values.san} was the only move that keeps ${p.values.who === 'you' ? 'you' : COLOR_NAMES[p.values.who]} in the game.`;
    case 'only-good-move':
      return `${p.values.san} was the only good move here.`;
    case 'takes-back':
      return `${p.values.san} takes back material.`;
    case 'opponent-erred':
      return `${possessive(p.values.whose)} last move was a mistake, and this move lets the chance go.`;
    case 'missed-mate-in-one':
      return `${subject(p.values.who)} had checkmate in one: ${p.values.san}.`;
    case 'missed-forced-mate':
      return `${subject(p.values.who)} had a forced checkmate in ${p.values.moves}, starting with ${p.values.san}.`;
    case 'reply':
      return `${possessive(p.values.whose)} reply`;
    case 'that-is':
      return `That is a ${p.values.kind}.`;
    case 'was-better':
      return `${p.values.san} was better.`;
    case 'position-standing':
      return `${standingClause(p.values.level, p.values.who)} (${p.values.score}).`;
    case 'position-mate':
      return `${COLOR_NAMES[p.values.who]} can force checkmate (${p.values.score}).`;
    case 'position-best':
      return 'Best:';
    case 'position-best-move':
      return `Best: ${p.values.san}.`;
    case 'game-over-checkmate':
      return `Checkmate: the game is over. ${COLOR_NAMES[p.values.winner]} wins.`;
    case 'game-over-stalemate':
      return 'Stalemate: the game is over. It is a draw.';
    case 'is-checkmate':
      return `${p.values.san} is checkmate.`;
    case 'is-checkmate-taking':
      return `${p.values.san} is checkmate, and it takes a free ${name(p.values.piece)}.`;
    case 'mate-pattern-is':
      return `It is ${PATTERN_TEXT[p.values.pattern]}.`;
    case 'mate-pattern-ends':
      return `It ends with ${PATTERN_TEXT[p.values.pattern]}.`;
    case 'forced-mate':
      return `You have a forced checkmate in ${p.values.moves}. It starts with ${p.values.san}.`;
    case 'sacrifice-deflects':
      return `${p.values.san} is a sacrifice that pulls the ${name(p.values.piece)} away from ${p.values.square}, so ${p.values.next} can follow.`;
    case 'sacrifice-lures':
      return `${p.values.san} is a sacrifice that lures the ${name(p.values.piece)} to ${p.values.square}, where ${p.values.next} follows.`;
    case 'takes-free':
      return `${p.values.san} takes a free ${name(p.values.piece)}.`;
    case 'pinned-victim':
      return `The ${name(p.values.piece)} on ${p.values.square} is pinned to its king by the ${name(p.values.pinner)}, so ${p.values.san} wins it.`;
    case 'pinned-cannot-stop-mate':
      return `The ${name(p.values.piece)} on ${p.values.square} cannot stop the mate: it is pinned to its king by the ${name(p.values.pinner)}.`;
    case 'pinned-cannot-take':
      return `The ${name(p.values.piece)} on ${p.values.square} cannot take the ${name(p.values.target)} on ${p.values.targetSquare}: it is pinned to its king by the ${name(p.values.pinner)}.`;
    case 'opens-line':
      return `Moving the ${name(p.values.piece)} from ${p.values.from} opens the line for the ${name(p.values.slider)} on ${p.values.square}: a discovered attack.`;
    case 'is-check':
      return `${p.values.san} is check.`;
    case 'comes-first':
      return `${p.values.san} comes first.`;
    case 'after':
      return `After ${p.values.san},`;
    case 'also-discovered-check':
      return `It is also a discovered attack: it uncovers a discovered check from the ${name(p.values.slider)} on ${p.values.square}.`;
    case 'also-discovered-attack':
      return `It is also a discovered attack: it uncovers an attack by the ${name(p.values.slider)} on ${p.values.square} against the ${name(p.values.target)} on ${p.values.targetSquare}.`;
    case 'wins-material':
      return `${p.values.san} wins material.`;
    case 'follows':
      return `${p.values.san} follows.`;
    case 'idea-title':
      return IDEA_TITLES[p.values.kind];
    case 'rescue-moves':
      return `Your ${name(p.values.piece)} on ${p.values.square} is in danger: ${p.values.san} moves it to safety.`;
    case 'rescue-protects':
      return `Your ${name(p.values.piece)} on ${p.values.square} is in danger: ${p.values.san} protects it.`;
    case 'castle':
      return `Castle with ${p.values.san}: your king gets safe and your rook joins the game.`;
    case 'gives-check':
      return `${p.values.san} gives check and keeps the initiative.`;
    case 'develop':
      return `Develop a piece: ${p.values.san} brings your ${name(p.values.piece)} into the game.`;
    case 'take-centre':
      return `Take the centre: ${p.values.san} puts a pawn in the middle of the board.`;
    case 'best-capture':
      return `${p.values.san} takes the ${name(p.values.piece)}: it is the best capture here.`;
    case 'push-pawn':
      return `Push your pawn: ${p.values.san} gets it close to becoming a queen.`;
    case 'improves':
      return `${p.values.san} improves your ${name(p.values.piece)}: it finds a better square where it does more.`;
    case 'nudge':
      return `Look at your ${name(p.values.piece)} on ${p.values.square}: ${NUDGES[p.values.kind]}`;
    case 'nudge-forced-mate':
      return `There is a forced checkmate. Look at your ${name(p.values.piece)} on ${p.values.square}.`;
    case 'nudge-in-danger':
      return `One of your pieces is in danger. Look at your ${name(p.values.piece)} on ${p.values.square}.`;
    case 'nudge-unprotected':
      return `Something of your opponent's is unprotected. Look at your ${name(p.values.piece)} on ${p.values.square}.`;
    case 'nudge-look':
      return `Look at your ${name(p.values.piece)} on ${p.values.square}.`;
    case 'motif-tip':
      return MOTIF_TIPS[p.values.kind];
    case 'phase-tip':
      return PHASE_TIPS[p.values.phase];
    case 'ask-tip':
      return 'Ask after every move your opponent makes: what does it attack?';
  }
}

/** A text in English: its phrases, one after the other. */
export function renderEnglish(words: readonly CoachPhrase[]): string {
  return words.map(englishPhrase).join(' ');
}
