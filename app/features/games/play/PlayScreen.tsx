import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../../auth';
import { useSettings, usePreferences, LazyPlayLimitNotices, usePlayLimits } from '../../settings';
import { LazySpeechBanner, useMoveAnnouncements } from '../../speech';
import { useTutorial } from '../../tutorial';
import { EndBanner } from './EndBanner';
import { GameControls } from './GameControls';
import { ComputerErrorNotice, NewGameConfirm, PlayHint, PlayLoading, PlayModeLine, PromotionPrompt, ReviewPanel, useLevelChangeToast, usePrefetchAfterPaint } from './PlayParts';
import { PlayBoard } from './PlayBoard';
import { StatusBar } from './StatusBar';
import { useGame } from './useGame';
import { usePlayCoach } from './usePlayCoach';

// Loaded after the board (issue 20: a smaller first visit): the coach's panel waits for the
// engine's answer anyway (the hint card likewise, PlayParts.tsx).
/**
 * The move log and the typed box load just after the first paint (the first visit's budget,
 * docs/decisions.md): they are needed from the first move, never before the board is seen.
 */
const BoardSpeech = lazy(() => import('../../../shared/components/board/BoardSpeech').then((m) => ({ default: m.BoardSpeech })));
const CoachSidePanel = lazy(() => import('./CoachSidePanel').then((m) => ({ default: m.CoachSidePanel })));
// Homework (issue 19): a signed-in student's next homework, a line above the board (its own chunk).
const HomeworkBanner = lazy(() => import('../../homework/HomeworkList').then((m) => ({ default: m.HomeworkBanner })));

/** The Play screen (route '/'): the board, its status bar, controls and end-of-game banner, and the coach beside it. */
export default function PlayScreen() {
  const { t } = useLingui();
  const { settings } = useSettings();
  const { preferences } = usePreferences();
  const signedIn = useAuth().status === 'signedIn';
  // The play-time count needs to know whether a game is under way, which the game knows once made.
  const [playing, setPlaying] = useState(false);
  const limits = usePlayLimits(settings, playing);
  const game = useGame(settings, { locked: limits.limitReached });
  useEffect(() => setPlaying(game.inProgress), [game.inProgress]);
  const coach = usePlayCoach(game, settings);
  const tutorial = useTutorial();
  const [reviewing, setReviewing] = useState<string[] | null>(null);
  const [confirmingNewGame, setConfirmingNewGame] = useState(false);
  // What the child asks for happens in view (issue 20): the review when it opens, the board for 'Show me'.
  const reviewRef = useRef<HTMLDivElement>(null);
  const playRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reviewing !== null) reviewRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [reviewing]);
  usePrefetchAfterPaint();
  useMoveAnnouncements(game.ready, game.moves, settings?.moveAnnouncementsEnabled === true);
  useLevelChangeToast(game, settings);

  if (!game.ready || game.setup === null || preferences === undefined || settings === undefined || !tutorial.loaded || !limits.loaded) {
    return <PlayLoading />;
  }

  // New Game and Undo also clear the hint and a review of the finished game.
  const newGame = () => {
    coach.hint.close();
    setReviewing(null);
    game.newGame();
  };
  // A game under way is not thrown away on one tap: New Game asks first (issue 20).
  const askNewGame = () => (game.inProgress ? setConfirmingNewGame(true) : newGame());
  const undo = () => {
    coach.hint.close();
    setReviewing(null);
    game.undo();
  };

  return (
    <div className="play" ref={playRef}>
      <h1 className="visually-hidden"><Trans>Play</Trans></h1>
      <div className="play__main">
        {signedIn && <Suspense fallback={null}><HomeworkBanner /></Suspense>}
        <StatusBar game={game} />
        {(limits.limitReached || limits.breakDue) && (
          <Suspense fallback={null}>
            <LazyPlayLimitNotices limits={limits} dailyLimit={settings.dailyPlayTime} breakInterval={settings.breakReminders} />
          </Suspense>
        )}
        <PlayBoard game={game} orientation={game.setup.playerColor} preferences={preferences} overlay={coach.overlay} />
        <ComputerErrorNotice game={game} />
        {game.end && <EndBanner end={game.end} onNewGame={game.locked ? undefined : newGame} onReview={reviewing === null ? () => setReviewing(game.moves) : undefined} />}
        <GameControls game={game} coach={coach} onUndo={undo} onNewGame={askNewGame} />
        <Suspense fallback={null}><BoardSpeech fen={game.fen} lastMove={game.lastMove} onMove={game.playTyped} /></Suspense>
        <PlayHint coach={coach} playRef={playRef} />
        <PlayModeLine setup={game.setup} />
      </div>
      {/* Focus mode (Settings): no analysis beside the board, only the game. */}
      {!settings.focusMode && (
        <Suspense fallback={<aside className="play__side" aria-label={t`Coach`} aria-busy="true" />}>
          <CoachSidePanel fen={game.fen} moves={game.moves} setup={game.setup} settings={settings} wide={coach.wide} end={game.end} />
        </Suspense>
      )}
      {reviewing !== null && <ReviewPanel moves={reviewing} game={game} setup={game.setup} reviewRef={reviewRef} onClose={() => setReviewing(null)} />}
      {game.pendingPromotion && <PromotionPrompt game={game} />}
      {confirmingNewGame && <NewGameConfirm onConfirm={() => { setConfirmingNewGame(false); newGame(); }} onCancel={() => setConfirmingNewGame(false)} />}
      <Suspense fallback={null}><LazySpeechBanner /></Suspense>
      {tutorial.open && tutorial.Overlay && <tutorial.Overlay onComplete={() => void tutorial.complete()} onClose={tutorial.close} />}
    </div>
  );
}
