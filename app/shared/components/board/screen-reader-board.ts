import { createContext, useContext } from 'react';

/**
 * Whether the boards show as text (the preference 'Board for screen readers', issue 31): the
 * composition root (App.tsx) provides it from the preferences, as app/shared names no feature.
 * Kept apart from Board.tsx so the root does not load the board's code.
 */
export const ScreenReaderBoardContext = createContext(false);

export function useScreenReaderBoard(): boolean {
  return useContext(ScreenReaderBoardContext);
}
