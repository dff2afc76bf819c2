/**
 * The five steps of the tutorial (play spec section 2): the spec's titles, and what a coach would
 * tell a child opening the app for the first time.
 */
import { TUTORIAL_STEP_TITLES } from '../../../schema/core/values';

const BODIES: Record<(typeof TUTORIAL_STEP_TITLES)[number], string[]> = {
  'Welcome to Chess Learning!': [
    'This is your board and your coach. To move, click a piece and then one of the highlighted squares, or drag the piece there.',
    'This short tour shows you how a game works. It takes less than a minute.',
  ],
  'Computer Move Mechanics': [
    'Against the computer you move first when you play White. After your move the computer answers a moment later.',
    'You can only move your own pieces, and only on your turn. In Settings you choose Human or Computer, your colour and how strong the computer plays.',
  ],
  'Computer Thinking Indicator': [
    "While the computer chooses its move, the bar above the board says 'Coach is thinking...' with a turning circle.",
    'The board waits until it is your turn again. Use the time to think about your own plan!',
  ],
  'Move Classification System': [
    'After every move the coach tells you how good it was, from Brilliant! and Best Move to Inaccuracy, Mistake and Blunder, and explains why.',
    'Stuck? Press Hint for an AI Suggestion, and Show me to see the move on the board.',
  ],
  'Ready to Play!': [
    'Make your first move whenever you are ready. Every game, won or lost, makes you a stronger player.',
    'You can open this tour again from Settings at any time.',
  ],
};

/**
 * The part of Play each step talks about, as selectors tried in order (the coach panel is absent in
 * focus mode): the tutorial outlines it and keeps it in view instead of covering it (issue 20).
 */
const TARGETS: Record<(typeof TUTORIAL_STEP_TITLES)[number], string[]> = {
  'Welcome to Chess Learning!': ['[data-testid="board"]'],
  'Computer Move Mechanics': ['[data-testid="board"]'],
  'Computer Thinking Indicator': ['[data-testid="status-bar"]'],
  'Move Classification System': ['.play__side', '.controls'],
  'Ready to Play!': ['[data-testid="board"]'],
};

/** On a phone the coach panel is below the board, where the card sits: the Hint button stands for it. */
const NARROW_TARGETS: Partial<Record<(typeof TUTORIAL_STEP_TITLES)[number], string[]>> = {
  'Move Classification System': ['.controls'],
};

export const TUTORIAL_STEPS = TUTORIAL_STEP_TITLES.map((title) => ({
  title,
  body: BODIES[title],
  targets: TARGETS[title],
  narrowTargets: NARROW_TARGETS[title] ?? TARGETS[title],
}));
