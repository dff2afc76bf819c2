/**
 * The five steps of the tutorial (play spec section 2): the spec's titles, and what a coach would
 * tell a child opening the app for the first time.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TUTORIAL_STEP_TITLES } from '../../../schema/core/values';

type StepTitle = (typeof TUTORIAL_STEP_TITLES)[number];

/** The spec's titles as the catalogues carry them (the schema's English stays the steps' keys). */
const TITLES: Record<StepTitle, MessageDescriptor> = {
  'Welcome to Chess Learning!': msg`Welcome to Chess Learning!`,
  'Computer Move Mechanics': msg`Computer Move Mechanics`,
  'Computer Thinking Indicator': msg`Computer Thinking Indicator`,
  'Move Classification System': msg`Move Classification System`,
  'Ready to Play!': msg`Ready to Play!`,
};

// The names of Play's parts here ('Coach is thinking...', Hint, Show me, the verdicts) are the
// texts those parts show, so a translation uses the same words as its catalogue entries.
const BODIES: Record<StepTitle, MessageDescriptor[]> = {
  'Welcome to Chess Learning!': [
    msg`This is your board and your coach. To move, click a piece and then one of the highlighted squares, or drag the piece there.`,
    msg`This short tour shows you how a game works. It takes less than a minute.`,
  ],
  'Computer Move Mechanics': [
    msg`Against the computer you move first when you play White. After your move the computer answers a moment later.`,
    msg`You can only move your own pieces, and only on your turn. In Settings you choose Human or Computer, your colour and how strong the computer plays.`,
  ],
  'Computer Thinking Indicator': [
    msg`While the computer chooses its move, the bar above the board says 'Coach is thinking...' with a turning circle.`,
    msg`The board waits until it is your turn again. Use the time to think about your own plan!`,
  ],
  'Move Classification System': [
    msg`After every move the coach tells you how good it was, from Brilliant! and Best Move to Inaccuracy, Mistake and Blunder, and explains why.`,
    msg`Stuck? Press Hint for an AI Suggestion, and Show me to see the move on the board.`,
  ],
  'Ready to Play!': [
    msg`Make your first move whenever you are ready. Every game, won or lost, makes you a stronger player.`,
    msg`You can open this tour again from Settings at any time.`,
  ],
};

/**
 * The part of Play each step talks about, as selectors tried in order (the coach panel is absent in
 * focus mode): the tutorial outlines it and keeps it in view instead of covering it (issue 20).
 */
const TARGETS: Record<StepTitle, string[]> = {
  'Welcome to Chess Learning!': ['[data-testid="board"]'],
  'Computer Move Mechanics': ['[data-testid="board"]'],
  'Computer Thinking Indicator': ['[data-testid="status-bar"]'],
  'Move Classification System': ['.play__side', '.controls'],
  'Ready to Play!': ['[data-testid="board"]'],
};

/** On a phone the coach panel is below the board, where the card sits: the Hint button stands for it. */
const NARROW_TARGETS: Partial<Record<StepTitle, string[]>> = {
  'Move Classification System': ['.controls'],
};

export const TUTORIAL_STEPS = TUTORIAL_STEP_TITLES.map((key) => ({
  key,
  title: TITLES[key],
  body: BODIES[key],
  targets: TARGETS[key],
  narrowTargets: NARROW_TARGETS[key] ?? TARGETS[key],
}));
