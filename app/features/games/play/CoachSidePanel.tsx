import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { GameEnd } from '../../../../domain';
import type { ChessSettings } from '../../../../schema';
import { classifiedPly, classifications, classificationState, classificationTarget, classificationWork, createAnalysisCache, ENGINE_NAME, EngineAnalysisCard, MoveClassificationPanel, coachDepth, searchCap, useEngineWork } from '../../coach';
import { useCoachWords } from '../../../shared/i18n/coach-words';
import type { EngineAnalysisResult } from '../../../../schema';
import { FEEDBACK_DELAY_MS, getSpeech, VoiceAssistant } from '../../speech';
import { gameOverLine } from './end-text';
import type { GameSetup } from './useGame';

/** Spec section 7: 30 s, 20 entries, oldest evicted; one cache per tab, keyed by depth and position. */
const analyses = createAnalysisCache<EngineAnalysisResult>();

interface CoachSidePanelProps {
  fen: string;
  moves: readonly string[];
  setup: GameSetup;
  settings: Pick<ChessSettings, 'focusMode' | 'educationalFeedbackEnabled'>;
  wide: boolean;
  /** The finished game's end: the card says the game is over instead of analysing. */
  end: GameEnd | null;
}

/**
 * The side panel (spec section 2): the Engine Analysis card at 768px and wider, the move
 * classification at every width, both hidden in focus mode; and the voice assistant. Its own
 * component, so analysis updates re-render the panel and not the board.
 */
export const CoachSidePanel = memo(function CoachSidePanel({ fen, moves, setup, settings, wide, end }: CoachSidePanelProps) {
  const { i18n, t } = useLingui();
  const words = useCoachWords();
  const depth = coachDepth(wide);
  const showPanel = !settings.focusMode;
  const showAnalysis = wide && showPanel;
  const feedbackOn = settings.educationalFeedbackEnabled;

  const debounce = wide ? 'wide' : 'narrow';
  const analysisFen = moves.length > 0 && showAnalysis && end === null ? fen : null;
  const analysis = useEngineWork(
    analysisFen === null
      ? null
      : {
          kind: 'analysis',
          fen: analysisFen,
          depth,
          movetimeCapMs: searchCap(wide),
          includeExplanation: wide, // spec section 9: explanations by default only on desktop
          difficulty: 'advanced',
          engine: ENGINE_NAME,
        },
    { key: `${depth}|${fen}`, debounce, cache: analyses },
  );

  const ply = classifiedPly(moves.length, setup.gameMode, setup.playerColor);
  const target = useMemo(() => classificationTarget(moves, ply, depth), [moves, ply, depth]);
  const classifying = target !== null && (showPanel || feedbackOn);
  const classificationRun = useEngineWork(classifying ? classificationWork(target, depth, searchCap(wide)) : null, {
    key: target?.key ?? '',
    debounce,
    cache: classifications,
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const classified = classificationState(target, classificationRun, dismissed !== null && dismissed === target?.key);

  // Educational feedback: the explanation, 500 ms after a move of this visit is classified.
  const movesAtOpen = useRef<number | null>(null);
  movesAtOpen.current ??= moves.length;
  const spoken = useRef<string | null>(null);
  const explanation = classified.status === 'done' ? words.spoken(classified.classification.explanationWords, classified.classification.explanation) : null;
  useEffect(() => {
    if (!feedbackOn || classified.status !== 'done' || explanation === null) return;
    if (classified.ply < (movesAtOpen.current ?? 0)) return;
    const key = `${classified.ply}|${classified.san}|${explanation}`;
    if (spoken.current === key) return;
    const timer = setTimeout(() => {
      spoken.current = key;
      getSpeech().speak(explanation);
    }, FEEDBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [classified, explanation, feedbackOn]);

  return (
    <aside className="play__side" aria-label={t`Coach`}>
      {showAnalysis && <EngineAnalysisCard fen={fen} state={moves.length > 0 ? analysis : null} gameOver={end === null ? null : gameOverLine(i18n, end)} />}
      {showPanel && <MoveClassificationPanel state={classified} onClearError={() => setDismissed(target?.key ?? null)} />}
      <VoiceAssistant compact={!wide} />
    </aside>
  );
});
