import { lazy, Suspense, useEffect, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChessSettings } from '../../../../schema';
import { DIFFICULTIES } from '../../../../schema/core/values';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { BoardSkeleton } from '../../../shared/components/Skeleton';
import { TOAST_SUCCESS_MS, useToast } from '../../../shared/components/Toast';
import { useAutoAdjust } from '../../settings';
import { LEVEL_WORDS } from './level-words';
import type { GameController } from './useGame';
import type { usePlayCoach } from './usePlayCoach';

/** The review analyses the whole game: loaded only when asked for. */
const GameReview = lazy(() => import('../../coach/GameReview'));
// Loaded after the board (issue 20: a smaller first visit): the hint card waits for the engine's answer anyway.
const HintCard = lazy(() => import('../../coach/HintCard').then((m) => ({ default: m.HintCard })));
// Shown only when a pawn promotes; fetched once Play has painted (below), so it opens at once.
const loadPromotionDialog = () => import('./PromotionDialog');
const PromotionDialog = lazy(() => loadPromotionDialog().then((m) => ({ default: m.PromotionDialog })));

/** The parts loaded after the board are fetched once it has painted, so none waits when asked for. */
export function usePrefetchAfterPaint() {
  useEffect(() => {
    const timer = window.setTimeout(() => void loadPromotionDialog().catch(() => undefined), 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

/** Settings' automatic difficulty, with a toast when the computer's level changes. */
export function useLevelChangeToast(game: GameController, settings: ChessSettings | undefined) {
  const toast = useToast();
  const { i18n, t } = useLingui();
  useAutoAdjust(game, settings, (newLevel, from) => {
    const level = i18n._(LEVEL_WORDS[newLevel]);
    toast({
      title: t`Computer level changed`,
      description: DIFFICULTIES.indexOf(newLevel) > DIFFICULTIES.indexOf(from)
        ? t`Three wins in a row: the computer now plays at the ${level} level.`
        : t`Three losses in a row: the computer now plays at the ${level} level.`,
      variant: 'success',
      durationMs: TOAST_SUCCESS_MS,
    });
  });
}

export function PlayLoading() {
  return (
    <div className="play" aria-busy="true">
      <h1 className="visually-hidden"><Trans>Play</Trans></h1>
      <BoardSkeleton />
    </div>
  );
}

export function PlayModeLine({ setup }: { setup: NonNullable<GameController['setup']> }) {
  const { i18n, t } = useLingui();
  const level = i18n._(LEVEL_WORDS[setup.difficulty]);
  const line = setup.gameMode !== 'pvc'
    ? t`Two players on this device`
    : setup.playerColor === 'w' ? t`Playing White against the computer (${level})` : t`Playing Black against the computer (${level})`;
  return <p className="play__mode">{line}</p>;
}

export function ComputerErrorNotice({ game }: { game: GameController }) {
  const { t } = useLingui();
  const error = game.computerError;
  if (error === null) return null;
  return (
    <div className="notice notice--error" role="alert">
      <p>{t`The coach could not move: ${error}`}</p>
      <button type="button" className="button" onClick={game.retryComputer}><Trans>Try again</Trans></button>
    </div>
  );
}

/** The coach's hint card; 'Show me' brings the board into view. */
export function PlayHint({ coach, playRef }: { coach: ReturnType<typeof usePlayCoach>; playRef: RefObject<HTMLDivElement | null> }) {
  const hint = coach.hint.state;
  if (hint.status !== 'shown') return null;
  return (
    <Suspense fallback={null}>
    <HintCard
      state={hint}
      canSpeak={coach.canSpeak}
      onShowMe={() => {
        coach.hint.showMove();
        playRef.current?.querySelector('[data-testid="board"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      }} onHearAgain={coach.hearHintAgain} onClose={coach.hint.close} />
    </Suspense>
  );
}

interface ReviewPanelProps {
  moves: string[];
  game: GameController;
  setup: NonNullable<GameController['setup']>;
  reviewRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}

/** The finished game's review under the board. */
export function ReviewPanel({ moves, game, setup, reviewRef, onClose }: ReviewPanelProps) {
  return (
    <div className="play__review" ref={reviewRef}>
      <Suspense fallback={<p className="play__review-loading" role="status"><Trans>Loading the review...</Trans></p>}>
        <GameReview moves={moves} orientation={setup.playerColor} player={setup.gameMode === 'pvc' ? setup.playerColor : null} gameId={game.gameId ?? undefined} onClose={onClose} />
        <ScrollIntoViewOnMount target={reviewRef} />
      </Suspense>
    </div>
  );
}

export function PromotionPrompt({ game }: { game: GameController }) {
  return (
    <Suspense fallback={null}>
      <PromotionDialog color={game.turn} onChoose={game.choosePromotion} onCancel={game.cancelPromotion} />
    </Suspense>
  );
}

/** A game under way is not thrown away on one tap: New Game asks first (issue 20). */
export function NewGameConfirm({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      title={t`Start a new game?`}
      message={t`The game you are playing will be lost.`}
      confirmLabel={t`New Game`}
      cancelLabel={t`Keep playing`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
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
