import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { DIFFICULTIES } from '../../../../schema/core/values';
import { useAuth } from '../../auth';
import { useSettings, usePreferences, PlayLimitNotices, useAutoAdjust, usePlayLimits } from '../../settings';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { BoardSkeleton } from '../../../shared/components/Skeleton';
import { TOAST_SUCCESS_MS, useToast } from '../../../shared/components/Toast';
import { SpeechBanner, useMoveAnnouncements } from '../../speech';
import { TutorialOverlay, useTutorial } from '../../tutorial';
import { EndBanner } from './EndBanner';
import { GameControls } from './GameControls';
import { PlayBoard } from './PlayBoard';
import { StatusBar } from './StatusBar';
import { useGame } from './useGame';
import { usePlayCoach } from './usePlayCoach';

/** The review analyses the whole game: loaded only when asked for. */
const GameReview = lazy(() => import('../../coach/GameReview'));
// Loaded after the board (issue 20: a smaller first visit): the coach's panel and the hint card
// both wait for the engine's answer anyway.
const CoachSidePanel = lazy(() => import('./CoachSidePanel').then((m) => ({ default: m.CoachSidePanel })));
const HintCard = lazy(() => import('../../coach/HintCard').then((m) => ({ default: m.HintCard })));
// Homework (issue 19): a signed-in student's next homework, a line above the board (its own chunk).
const HomeworkBanner = lazy(() => import('../../homework/HomeworkList').then((m) => ({ default: m.HomeworkBanner })));
// Shown only when a pawn promotes; fetched once Play has painted (below), so it opens at once.
const loadPromotionDialog = () => import('./PromotionDialog');
const PromotionDialog = lazy(() => loadPromotionDialog().then((m) => ({ default: m.PromotionDialog })));

/** The Play screen (route '/'): the board, its status bar, controls and end-of-game banner, and the coach beside it. */
export default function PlayScreen() {
  const { settings } = useSettings();
  const { preferences } = usePreferences();
  const toast = useToast();
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
  // The parts loaded after the board are fetched once it has painted, so none waits when asked for.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadPromotionDialog().catch(() => undefined), 1000);
    return () => window.clearTimeout(timer);
  }, []);
  useMoveAnnouncements(game.ready, game.moves, settings?.moveAnnouncementsEnabled === true);
  useAutoAdjust(game, settings, (level, from) =>
    toast({
      title: 'Computer level changed',
      description: `Three ${DIFFICULTIES.indexOf(level) > DIFFICULTIES.indexOf(from) ? 'wins' : 'losses'} in a row: the computer now plays at the ${level} level.`,
      variant: 'success',
      durationMs: TOAST_SUCCESS_MS,
    }),
  );

  if (!game.ready || game.setup === null || preferences === undefined || settings === undefined || !tutorial.loaded || !limits.loaded) {
    return (
      <div className="play" aria-busy="true">
        <h1 className="visually-hidden">Play</h1>
        <BoardSkeleton />
      </div>
    );
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
  const hint = coach.hint.state;

  return (
    <div className="play" ref={playRef}>
      <h1 className="visually-hidden">Play</h1>
      <div className="play__main">
        {signedIn && <Suspense fallback={null}><HomeworkBanner /></Suspense>}
        <StatusBar game={game} />
        <PlayLimitNotices limits={limits} dailyLimit={settings.dailyPlayTime} breakInterval={settings.breakReminders} />
        <PlayBoard game={game} orientation={game.setup.playerColor} preferences={preferences} overlay={coach.overlay} />
        {game.computerError !== null && (
          <div className="notice notice--error" role="alert">
            <p>The coach could not move: {game.computerError}</p>
            <button type="button" className="button" onClick={game.retryComputer}>Try again</button>
          </div>
        )}
        {game.end && <EndBanner end={game.end} onNewGame={game.locked ? undefined : newGame} onReview={reviewing === null ? () => setReviewing(game.moves) : undefined} />}
        <GameControls game={game} coach={coach} onUndo={undo} onNewGame={askNewGame} />
        {hint.status === 'shown' && (
          <Suspense fallback={null}>
          <HintCard
            state={hint}
            canSpeak={coach.canSpeak}
            onShowMe={() => {
              coach.hint.showMove();
              playRef.current?.querySelector('[data-testid="board"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
            }} onHearAgain={coach.hearHintAgain} onClose={coach.hint.close} />
          </Suspense>
        )}
        <p className="play__mode">
          {game.setup.gameMode === 'pvc'
            ? `Playing ${game.setup.playerColor === 'w' ? 'White' : 'Black'} against the computer (${game.setup.difficulty})`
            : 'Two players on this device'}
        </p>
      </div>
      {/* Focus mode (Settings): no analysis beside the board, only the game. */}
      {!settings.focusMode && (
        <Suspense fallback={<aside className="play__side" aria-label="Coach" aria-busy="true" />}>
          <CoachSidePanel fen={game.fen} moves={game.moves} setup={game.setup} settings={settings} wide={coach.wide} end={game.end} />
        </Suspense>
      )}
      {reviewing !== null && (
        <div className="play__review" ref={reviewRef}>
          <Suspense fallback={<p className="play__review-loading" role="status">Loading the review...</p>}>
            <GameReview moves={reviewing} orientation={game.setup.playerColor} player={game.setup.gameMode === 'pvc' ? game.setup.playerColor : null} gameId={game.gameId ?? undefined} onClose={() => setReviewing(null)} />
            <ScrollIntoViewOnMount target={reviewRef} />
          </Suspense>
        </div>
      )}
      {game.pendingPromotion && (
        <Suspense fallback={null}>
          <PromotionDialog color={game.turn} onChoose={game.choosePromotion} onCancel={game.cancelPromotion} />
        </Suspense>
      )}
      {confirmingNewGame && (
        <ConfirmDialog
          title="Start a new game?"
          message="The game you are playing will be lost."
          confirmLabel="New Game"
          cancelLabel="Keep playing"
          onConfirm={() => {
            setConfirmingNewGame(false);
            newGame();
          }}
          onCancel={() => setConfirmingNewGame(false)}
        />
      )}
      <SpeechBanner />
      {tutorial.open && <TutorialOverlay onComplete={() => void tutorial.complete()} onClose={tutorial.close} />}
    </div>
  );
}

/**
 * Scrolls `target` into view once it has mounted: placed after a lazy screen part in the same
 * Suspense boundary, it runs when that part has loaded (the review's code can arrive after the
 * first scroll, on a slow phone, and the layout then moves).
 */
function ScrollIntoViewOnMount({ target }: { target: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    target.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [target]);
  return null;
}
