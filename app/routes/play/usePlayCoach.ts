/**
 * The hint around the Play screen's game, and what it draws on the board and says. The side
 * panel (analysis and classification) is CoachSidePanel; rendering lives in app/coach.
 */
import { useEffect, useMemo } from 'react';
import { parseSquare } from '../../../domain';
import type { ChessSettings } from '../../../schema';
import { coachDepth } from '../../coach/schedule';
import { useHint } from '../../coach/useHint';
import { useWideLayout } from '../../coach/useWideLayout';
import { useSpeech } from '../../speech/useSpeech';
import { NO_OVERLAY, type BoardOverlay } from './PlayBoard';
import type { GameController } from './useGame';

export function usePlayCoach(game: GameController, settings: ChessSettings | undefined) {
  const wide = useWideLayout();
  const { speech, supported: canSpeak } = useSpeech();
  const hint = useHint(game.fen, game.moves, { depth: coachDepth(wide), difficulty: game.setup?.difficulty ?? 'beginner' });
  const hintAvailable = (settings?.hintsEnabled ?? false) && game.end === null;
  const canAskHint = hintAvailable && !game.thinking && game.computerError === null;

  // The hint is spoken as it is shown: the nudge first, the move's idea when revealed.
  const hintState = hint.state;
  const shownText = hintState.status === 'shown' ? (hintState.stage === 'move' ? hintState.response.hint.text : hintState.response.hint.nudge) : null;
  useEffect(() => {
    if (shownText !== null) speech.speak(shownText, { hint: true });
  }, [shownText, speech]);

  const overlay: BoardOverlay = useMemo(() => {
    if (hintState.status !== 'shown') return NO_OVERLAY;
    const from = parseSquare(hintState.response.hint.suggestedMove.from);
    const to = parseSquare(hintState.response.hint.suggestedMove.to);
    if (from === null || to === null) return NO_OVERLAY;
    if (hintState.stage === 'nudge') return { squares: [from], arrow: null };
    return { squares: [from, to], arrow: { from, to } };
  }, [hintState]);

  return { wide, hint, hintAvailable, canAskHint, overlay, canSpeak, hearHintAgain: () => speech.replayLastHint() };
}
export type PlayCoach = ReturnType<typeof usePlayCoach>;
