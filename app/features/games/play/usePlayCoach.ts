/**
 * The hint around the Play screen's game, and what it draws on the board and says. The side
 * panel (analysis and classification) is CoachSidePanel; rendering lives in app/coach.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { parseSquare } from '../../../../domain';
import type { ChessSettings } from '../../../../schema';
import { type HintState, coachDepth, HINT_SEARCH_CAP_MS, useEngineWork, useWideLayout } from '../../coach';
import { useCoachWords } from '../../../shared/i18n/coach-words';
import { speakWhenReady, speechSupported, whenSpeechReady } from '../../speech';
import { NO_OVERLAY, type BoardOverlay } from './PlayBoard';
import type { GameController } from './useGame';

export function usePlayCoach(game: GameController, settings: ChessSettings | undefined) {
  const wide = useWideLayout();
  const canSpeak = speechSupported();
  const hint = useHint(game, coachDepth(wide));
  const hintAvailable = (settings?.hintsEnabled ?? false) && game.end === null;
  const canAskHint = hintAvailable && !game.thinking && game.computerError === null;

  // The hint is spoken as it is shown: the nudge first, the move's idea when revealed.
  const hintState = hint.state;
  const words = useCoachWords();
  const shown = hintState.status === 'shown' ? hintState.response.hint : null;
  const revealed = hintState.status === 'shown' && hintState.stage === 'move';
  const shownText = shown === null ? null : revealed ? words.spoken(shown.textWords, shown.text) : words.spoken(shown.nudgeWords, shown.nudge);
  useEffect(() => {
    if (shownText !== null) speakWhenReady(shownText, { hint: true });
  }, [shownText]);

  const overlay: BoardOverlay = useMemo(() => {
    if (hintState.status !== 'shown') return NO_OVERLAY;
    const from = parseSquare(hintState.response.hint.suggestedMove.from);
    const to = parseSquare(hintState.response.hint.suggestedMove.to);
    if (from === null || to === null) return NO_OVERLAY;
    if (hintState.stage === 'nudge') return { squares: [from], arrow: null };
    return { squares: [from, to], arrow: { from, to } };
  }, [hintState]);

  return { wide, hint, hintAvailable, canAskHint, overlay, canSpeak, hearHintAgain: () => void whenSpeechReady().then((speech) => speech.replayLastHint()) };
}
export type PlayCoach = ReturnType<typeof usePlayCoach>;

/** A hint asked for in one position: which press it is at, and the how-many-th ask (a new search after a failure). */
interface Asked {
  fen: string;
  stage: 'nudge' | 'move';
  attempt: number;
}

/** The hint of the position on the board: asked for, searched first in line, cleared by any move. */
function useHint(game: GameController, depth: number) {
  const { fen, moves } = game;
  const difficulty = game.setup?.difficulty ?? 'beginner';
  const [asked, setAsked] = useState<Asked | null>(null);
  const current = asked !== null && asked.fen === fen ? asked : null;
  // A hint of an earlier position is gone for good, not only hidden (Undo back to it shows none).
  useEffect(() => {
    if (asked !== null && asked.fen !== fen) setAsked(null);
  }, [asked, fen]);
  const run = useEngineWork(current === null ? null : { kind: 'hint', input: { fen, history: [...moves], depth, difficulty }, movetimeCapMs: HINT_SEARCH_CAP_MS }, {
    key: current === null ? '' : `${current.attempt}|${depth}|${fen}`,
    priority: 'high',
  });

  const failed = run.status === 'failed' || (run.status === 'done' && (!run.result.success || run.result.hint === null));
  useEffect(() => {
    if (!failed) return;
    // Error catalogue: 'Failed to get hint' is only logged; the learner sees the button again.
    console.error('Error getting hint:', run.status === 'failed' ? run.error : run.status === 'done' ? (run.result.error ?? 'Failed to get hint') : null);
  }, [failed, run]);

  const state: HintState = useMemo(() => {
    if (current === null || failed) return { status: 'none' };
    if (run.status === 'done' && run.result.hint !== null) return { status: 'shown', response: { ...run.result, hint: run.result.hint }, stage: current.stage };
    return { status: 'loading' };
  }, [current, failed, run]);

  const request = useCallback(() => {
    if (state.status === 'loading') return;
    if (state.status === 'shown') setAsked((now) => now && { ...now, stage: 'move' });
    else setAsked((now) => ({ fen, stage: 'nudge', attempt: (now?.attempt ?? 0) + 1 }));
  }, [state.status, fen]);
  const showMove = useCallback(() => setAsked((now) => (now && now.fen === fen ? { ...now, stage: 'move' } : now)), [fen]);
  const close = useCallback(() => setAsked(null), []);

  return { state, request, showMove, close };
}
