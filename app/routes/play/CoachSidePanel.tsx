import { memo, useEffect, useRef } from 'react';
import type { ChessSettings } from '../../../schema';
import { classifiedPly } from '../../coach/classified-ply';
import { EngineAnalysisCard } from '../../coach/EngineAnalysisCard';
import { MoveClassificationPanel } from '../../coach/MoveClassificationPanel';
import { coachDepth } from '../../coach/schedule';
import { useEngineAnalysis } from '../../coach/useEngineAnalysis';
import { useMoveClassification } from '../../coach/useMoveClassification';
import { FEEDBACK_DELAY_MS } from '../../speech/speech-text';
import { getSpeech } from '../../speech/speech-service';
import { VoiceAssistant } from '../../speech/VoiceAssistant';
import type { GameSetup } from './useGame';

interface CoachSidePanelProps {
  fen: string;
  moves: readonly string[];
  setup: GameSetup;
  settings: Pick<ChessSettings, 'focusMode' | 'educationalFeedbackEnabled'>;
  wide: boolean;
}

/**
 * The side panel (spec section 2): the Engine Analysis card at 768px and wider, the move
 * classification at every width, both hidden in focus mode; and the voice assistant. Its own
 * component, so analysis updates re-render the panel and not the board.
 */
export const CoachSidePanel = memo(function CoachSidePanel({ fen, moves, setup, settings, wide }: CoachSidePanelProps) {
  const depth = coachDepth(wide);
  const showPanel = !settings.focusMode;
  const showAnalysis = wide && showPanel;
  const feedbackOn = settings.educationalFeedbackEnabled;

  const analysis = useEngineAnalysis(moves.length > 0 ? fen : null, { depth, wide, enabled: showAnalysis });
  const ply = classifiedPly(moves.length, setup.gameMode, setup.playerColor);
  const classification = useMoveClassification(moves, ply, { depth, wide, enabled: showPanel || feedbackOn });

  // Educational feedback: the explanation, 500 ms after a move of this visit is classified.
  const movesAtOpen = useRef<number | null>(null);
  movesAtOpen.current ??= moves.length;
  const spoken = useRef<string | null>(null);
  const classified = classification.state;
  useEffect(() => {
    if (!feedbackOn || classified.status !== 'done') return;
    if (classified.ply < (movesAtOpen.current ?? 0)) return;
    const key = `${classified.ply}|${classified.san}|${classified.classification.explanation}`;
    if (spoken.current === key) return;
    const timer = setTimeout(() => {
      spoken.current = key;
      getSpeech().speak(classified.classification.explanation);
    }, FEEDBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [classified, feedbackOn]);

  return (
    <aside className="play__side" aria-label="Coach">
      {showAnalysis && <EngineAnalysisCard state={analysis} />}
      {showPanel && <MoveClassificationPanel state={classification.state} onClearError={classification.clearError} />}
      <VoiceAssistant compact={!wide} />
    </aside>
  );
});
