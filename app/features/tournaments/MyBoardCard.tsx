import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { byePoints } from '../../../domain/tournament/results';
import type { TournamentSnapshotView } from './tournaments';
import { findMyBoard, type MyBoard } from './my-board';
import { resultText } from './PairingsTabs';

/** What a bye scores, from the domain's points (every kind: a full-point bye says so too). */
function byeText(i18n: I18n, points: number): string {
  if (points === 0) return i18n._(msg`You score no point.`);
  if (points === 0.5) return i18n._(msg`You score ½ point.`);
  return points === 1 ? i18n._(msg`You score 1 point.`) : i18n._(msg`You score ${points} points.`);
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
      <h2 id="my-board-title"><Trans>My board</Trans></h2>
      <p className="my-board__round"><bdi>{board.round.name}</bdi></p>
      <div aria-live="polite" aria-atomic="true">
        <MyBoardBody board={board} />
      </div>
    </section>
  );
}

function MyBoardBody({ board }: { board: Exclude<MyBoard, { kind: 'noRound' }> }) {
  const { i18n, t } = useLingui();
  switch (board.kind) {
    case 'notPairedYet':
      return <p><Trans>The pairings for this round are not out yet.</Trans></p>;
    case 'notPaired':
      return <p><Trans>You are not paired in this round.</Trans></p>;
    case 'bye':
      return (
        <>
          <div className="my-board__main"><Trans>You have a bye this round</Trans></div>
          {board.byeKind && <p>{byeText(i18n, byePoints(board.byeKind))}</p>}
        </>
      );
    case 'board': {
      const boardNumber = board.boardNumber;
      const opponentName = board.opponentName;
      const opponentRating = board.opponentRating ?? t`unrated`;
      const result = board.pairing.gameResult ? resultText(board.pairing) : null;
      return (
        <>
          <div className="my-board__main">
            <span className="my-board__number"><Trans>Board {boardNumber}</Trans></span>
            <span className={`my-board__colour my-board__colour--${board.colour}`}>
              <span className="my-board__swatch" aria-hidden="true" />
              {board.colour === 'white' ? t`White` : t`Black`}
            </span>
          </div>
          <p>
            <Trans>Opponent: <bdi className="my-board__opponent">{opponentName}</bdi> ({opponentRating})</Trans>
          </p>
          {result && <p><Trans>Result: {result}</Trans></p>}
        </>
      );
    }
  }
}
