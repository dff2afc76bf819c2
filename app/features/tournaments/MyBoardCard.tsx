import { byePoints } from '../../../domain/tournament/results';
import type { TournamentSnapshotView } from './tournaments';
import { findMyBoard, type MyBoard } from './my-board';
import { resultText } from './PairingsTabs';

/** What a bye scores, from the domain's points (every kind: a full-point bye says so too). */
function byeText(points: number): string {
  if (points === 0) return 'You score no point.';
  if (points === 0.5) return 'You score ½ point.';
  return points === 1 ? 'You score 1 point.' : `You score ${points} points.`;
}

/**
 * 'My board' for a registered player while the tournament is in progress: where to sit, which
 * colour and against whom, at the top of the tournament page (the QR code in the hall opens it).
 * It reads the same stored snapshot as the rest of the page, so it changes when the pairings do.
 */
export function MyBoardCard({ view }: { view: TournamentSnapshotView }) {
  const registration = view.myRegistration;
  if (!registration || view.info.status !== 'in_progress') return null;
  const board = findMyBoard(view.rounds, registration.userId);
  if (board.kind === 'noRound') return null;
  return (
    <section className="card my-board" aria-labelledby="my-board-title">
      <h2 id="my-board-title">My board</h2>
      <p className="my-board__round"><bdi>{board.round.name}</bdi></p>
      <div aria-live="polite" aria-atomic="true">
        <MyBoardBody board={board} />
      </div>
    </section>
  );
}

function MyBoardBody({ board }: { board: Exclude<MyBoard, { kind: 'noRound' }> }) {
  switch (board.kind) {
    case 'notPairedYet':
      return <p>The pairings for this round are not out yet.</p>;
    case 'notPaired':
      return <p>You are not paired in this round.</p>;
    case 'bye':
      return (
        <>
          <div className="my-board__main">You have a bye this round</div>
          {board.byeKind && <p>{byeText(byePoints(board.byeKind))}</p>}
        </>
      );
    case 'board':
      return (
        <>
          <div className="my-board__main">
            <span className="my-board__number">Board {board.boardNumber}</span>
            <span className={`my-board__colour my-board__colour--${board.colour}`}>
              <span className="my-board__swatch" aria-hidden="true" />
              {board.colour === 'white' ? 'White' : 'Black'}
            </span>
          </div>
          <p>
            Opponent: <bdi className="my-board__opponent">{board.opponentName}</bdi> ({board.opponentRating ?? 'unrated'})
          </p>
          {board.pairing.gameResult && <p>Result: {resultText(board.pairing)}</p>}
        </>
      );
  }
}
