/** What the rest of the app uses of puzzles: other features, the shell and App import it only from here. */
export { ReviewDue } from './ReviewDue';
export { saveOwnPuzzles, usePuzzleProfile } from './puzzles';
export { PUZZLE_THEME_NAMES, puzzleThemeName } from './theme-names';
