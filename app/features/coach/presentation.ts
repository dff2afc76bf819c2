/**
 * How coaching results look: each category's icon and label (spec section 4), accuracy colours
 * (section 9: green at least 85, yellow at least 70, else red) and the complexity word. Pure:
 * the labels are message descriptors, read in the app's language where they are shown.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MOVE_CATEGORIES, type GamePhase, type MoveCategory } from '../../../schema/core/values';

/**
 * Annotation-style icons (as on Lichess and chess.com): the annotation marks as text, the others
 * as SVG icon names (never emoji: school Chromebooks may lack an emoji font). The colour comes
 * from the CSS class.
 */
export const CATEGORY_ICONS: Readonly<Record<MoveCategory, { text: string } | { icon: 'star' | 'thumbsUp' | 'check' | 'book' | 'cross' }>> = {
  brilliant: { text: '!!' },
  great: { text: '!' },
  best: { icon: 'star' },
  excellent: { icon: 'thumbsUp' },
  good: { icon: 'check' },
  book: { icon: 'book' },
  inaccuracy: { text: '?!' },
  mistake: { text: '?' },
  miss: { icon: 'cross' },
  blunder: { text: '??' },
};

/** Labels of spec section 4; anything else reads 'Move Analysis'. */
const CATEGORY_LABELS: Readonly<Record<MoveCategory, MessageDescriptor>> = {
  brilliant: msg`Brilliant!`,
  great: msg`Great Move`,
  best: msg`Best Move`,
  excellent: msg`Excellent`,
  good: msg`Good Move`,
  book: msg`Book Move`,
  inaccuracy: msg`Inaccuracy`,
  mistake: msg`Mistake`,
  miss: msg`Missed Opportunity`,
  blunder: msg`Blunder`,
};
const UNKNOWN_CATEGORY_LABEL = msg`Move Analysis`;

export function categoryLabel(category: string): MessageDescriptor {
  return (MOVE_CATEGORIES as readonly string[]).includes(category) ? CATEGORY_LABELS[category as MoveCategory] : UNKNOWN_CATEGORY_LABEL;
}

export type Tone = 'good' | 'fair' | 'poor';

export function accuracyTone(accuracy: number): Tone {
  if (accuracy >= 85) return 'good';
  if (accuracy >= 70) return 'fair';
  return 'poor';
}

/** 'High' above 70 (spec); below that 'Medium' above 40, else 'Low'. */
export function complexityLabel(complexity: number): 'High' | 'Medium' | 'Low' {
  if (complexity > 70) return 'High';
  if (complexity > 40) return 'Medium';
  return 'Low';
}

export const COMPLEXITY_LABELS: Readonly<Record<ReturnType<typeof complexityLabel>, MessageDescriptor>> = { High: msg`High`, Medium: msg`Medium`, Low: msg`Low` };

export const PHASE_LABELS: Readonly<Record<GamePhase, MessageDescriptor>> = { opening: msg`Opening`, middlegame: msg`Middlegame`, endgame: msg`Endgame` };

/** '12. Nf3' for White's twelfth move, '12... Nc6' for Black's. Ply counts from 0. */
export function numberedMove(ply: number, san: string): string {
  const number = Math.floor(ply / 2) + 1;
  return ply % 2 === 0 ? `${number}. ${san}` : `${number}... ${san}`;
}

/** The same from the position before the move (any starting position): its move number and side. */
export function moveLabel(fenBefore: string, san: string): string {
  const [, turn, , , , fullmove] = fenBefore.split(' ');
  const number = Number(fullmove) || 1;
  return turn === 'b' ? `${number}... ${san}` : `${number}. ${san}`;
}

/** Moves worth another try: what lost Win% (spec categories from inaccuracy down). */
export const RETRY_CATEGORIES: readonly MoveCategory[] = ['inaccuracy', 'mistake', 'miss', 'blunder'];

/**
 * Whether the review offers Retry on a move: one that lost Win%, and the child's own (issue 20:
 * not the opponent's blunder). `player` null: two players on one device, every move.
 */
export function canRetryMove(category: MoveCategory, mover: 'w' | 'b', player: 'w' | 'b' | null): boolean {
  return RETRY_CATEGORIES.includes(category) && (player === null || mover === player);
}
