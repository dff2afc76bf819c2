import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { positionAfter } from '../../../domain/puzzles/solution';
import type { PuzzleTheme } from '../../../schema';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { useAuth } from '../auth';
import { useNotation } from '../settings';
import { refreshPack, useDueReviews, useLocalHistory, usePackThemes, usePuzzleProfile } from './puzzles';
import { sideToMove, type TrainerContext } from './trainer-actions';
import { PuzzleCard, PuzzleHistory, PuzzleModes, RatingHeader } from './TrainerParts';
import { useFirstPuzzle, useOpponentFirstMove, usePuzzleBoard, usePuzzleChooser } from './useTrainer';
import './puzzles.css';

export { OPPONENT_MOVE_DELAY_MS, REPLY_DELAY_MS } from './useTrainer';

/**
 * /puzzles: the puzzle trainer (issue 21). A puzzle at the student's puzzle rating (or of a
 * theme, the day's, the next of a Puzzle Streak, or a review), the opponent's first move played
 * after a moment, the student's moves checked against the solution, the opponent's replies,
 * a hint from the coach, Show Solution, Next puzzle; the history with Try again. Everything
 * runs from the pack kept in Dexie, so it works offline after one visit.
 */
export default function PuzzlesScreen() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const profile = usePuzzleProfile(user);
  const [packState, setPackState] = useState<'loading' | 'ready'>('loading');

  useEffect(() => {
    if (user === null) return;
    let live = true;
    void refreshPack(user).finally(() => live && setPackState('ready'));
    return () => {
      live = false;
    };
  }, [user?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (user === null || profile === undefined || packState === 'loading') return <PageSkeleton />;
  return <Trainer />;
}

function Trainer() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const profile = usePuzzleProfile(user);
  const reviews = useDueReviews(user?.id ?? null);
  const themes = usePackThemes();
  const history = useLocalHistory(user?.id ?? null);
  const toast = useToast();
  const { i18n } = useLingui();
  const [picked, setTheme] = useState<PuzzleTheme>('fork');
  // A theme the puzzles on this device lack is not offered: the first that they have stands in.
  const theme = themes && themes.length > 0 && !themes.includes(picked) ? themes[0]! : picked;
  const board = usePuzzleBoard();
  const notation = useNotation();
  const chooser = usePuzzleChooser(user, profile?.rating.rating, reviews, board.reset);
  useFirstPuzzle(user, reviews, chooser.start);
  useOpponentFirstMove(chooser.current, board.status, board.playFirstMove);

  if (user === null || profile === undefined) return <PageSkeleton />;
  const rating = profile.rating;
  const { current, start } = chooser;
  const t: TrainerContext = { ...board, ...chooser, user, theme, reviews, toast, i18n, notation };
  const newStreak = () => {
    chooser.setStreak(null);
    void start({ kind: 'streak' });
  };
  const solver = current ? sideToMove(positionAfter(current.puzzle, 1)?.fen() ?? current.puzzle.fen) : 'White';
  return (
    <div className="page puzzles-page">
      <RatingHeader rating={rating} change={board.change} />
      <PuzzleModes theme={theme} themes={themes} setTheme={setTheme} start={start} newStreak={newStreak} dueCount={reviews?.length ?? 0} />
      <PuzzleCard t={t} empty={chooser.empty} solver={solver} rating={rating} newStreak={newStreak} />
      <PuzzleHistory rating={rating} history={history} start={start} />
    </div>
  );
}
