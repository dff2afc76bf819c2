import { useState } from 'react';
import { Link } from 'react-router';
import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isEliminationFormat } from '../../../domain/tournament-admin';
import { resultPoints } from '../../../domain/tournament/results';
import type { TournamentSnapshotView } from './tournaments';
import { BYE_NAMES } from './round-labels';
import type { PairingView, RoundView } from './view';

/** A result in notation ('½-½' for a draw), the same in every language. */
export const resultNotation = (result: string) => result.replace('1/2-1/2', '½-½');

/** A result that counts a disputed board (issue 29): '1-0 (provisional)'. */
export const provisionalResult = (i18n: I18n, result: string) => i18n._(msg`${result} (provisional)`);

/**
 * A board's result as shown; a disputed one says '(provisional)' in words, not colour alone (issue
 * 29). `i18n` is the app's instance unless a test gives its own.
 */
export function resultText(pairing: PairingView, i18n: I18n = appI18n): string {
  if (pairing.isBye) return i18n._(BYE_NAMES[pairing.byeKind ?? 'pairing']);
  if (!pairing.gameResult) return '-';
  const result = resultNotation(pairing.gameResult);
  return pairing.provisional ? provisionalResult(i18n, result) : result;
}

function NoRounds() {
  return (
    <div className="card empty-state">
      <h2><Trans>No rounds yet</Trans></h2>
      <p><Trans>Rounds appear here once the organizer creates them.</Trans></p>
    </div>
  );
}

/** The pairings of one round at a time (the latest by default), with a print link. */
export function PairingsTab({ view }: { view: TournamentSnapshotView }) {
  const { t } = useLingui();
  const published = view.rounds.filter((round) => round.pairings.length > 0);
  const [chosen, setChosen] = useState<number | null>(null);
  if (view.rounds.length === 0) return <NoRounds />;
  if (published.length === 0) {
    return (
      <div className="card empty-state">
        <h2><Trans>No pairings yet</Trans></h2>
        <p><Trans>Pairings appear once the organizer generates them for a round.</Trans></p>
      </div>
    );
  }
  const round = published.find((r) => r.roundNumber === chosen) ?? published[published.length - 1]!;
  return (
    <>
      <div className="round-picker" role="group" aria-label={t`Round`}>
        {published.map((r) => (
          <button key={r.roundNumber} type="button" className="button" aria-pressed={r.roundNumber === round.roundNumber} onClick={() => setChosen(r.roundNumber)}>{r.name}</button>
        ))}
      </div>
      <div className="print-toolbar">
        <Link className="button" to={`/tournaments/${view.info.id}/print/pairings?round=${round.roundNumber}`}>
          <Trans>Print pairings</Trans>
        </Link>
        <Link className="button" to={`/tournaments/${view.info.id}/screen`}><Trans>Projector view</Trans></Link>
      </div>
      <PairingTable round={round} />
    </>
  );
}

export function PairingTable({ round }: { round: RoundView }) {
  const { t, i18n } = useLingui();
  const roundName = round.name;
  return (
    <div className="data-table-wrap" tabIndex={0} role="region" aria-label={t`${roundName} pairings table`}>
      <table className="data-table">
        <caption className="visually-hidden">{t`${roundName} pairings`}</caption>
        <thead>
          <tr>
            <th scope="col" className="num"><Trans>Board</Trans></th>
            <th scope="col"><Trans>White</Trans></th>
            <th scope="col"><Trans>Result</Trans></th>
            <th scope="col"><Trans>Black</Trans></th>
          </tr>
        </thead>
        <tbody>
          {round.pairings.map((pairing) => (
            <tr key={pairing.id}>
              <td className="num">{pairing.boardNumber}</td>
              <td><bdi>{pairing.whitePlayerName}</bdi>{pairing.whitePlayerElo ? ` (${pairing.whitePlayerElo})` : ''}</td>
              <td>{resultText(pairing, i18n)}</td>
              <td>{pairing.isBye ? '-' : <><bdi>{pairing.blackPlayerName ?? ''}</bdi>{pairing.blackPlayerElo ? ` (${pairing.blackPlayerElo})` : ''}</>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Elimination: a column per round; Swiss and round robin: round cards with a grid of games. */
export function BracketsTab({ view }: { view: TournamentSnapshotView }) {
  const { t, i18n } = useLingui();
  if (view.rounds.length === 0) return <NoRounds />;
  if (isEliminationFormat(view.info.format)) {
    return (
      <div className="bracket" tabIndex={0} role="region" aria-label={t`Bracket`}>
        {view.rounds.map((round) => (
          <section key={round.id} className="bracket__column" aria-label={round.name}>
            <h3>{round.name}</h3>
            {round.pairings.length === 0 && <p className="sync-line"><Trans>Not paired yet</Trans></p>}
            {round.pairings.map((pairing) => {
              const points = pairing.gameResult === null ? null : resultPoints(pairing.gameResult);
              const whiteWon = pairing.isBye || (points !== null && points.white > points.black);
              const blackWon = points !== null && points.black > points.white;
              return (
                <div key={pairing.id} className="card bracket__match">
                  <span className={whiteWon ? 'bracket__player--winner' : undefined}><bdi>{pairing.whitePlayerName}</bdi></span>
                  <span className={blackWon ? 'bracket__player--winner' : undefined}>{pairing.isBye ? t`bye` : <bdi>{pairing.blackPlayerName}</bdi>}</span>
                  <span className="sync-line">{resultText(pairing, i18n)}</span>
                </div>
              );
            })}
          </section>
        ))}
      </div>
    );
  }
  return (
    <div className="round-cards">
      {view.rounds.map((round) => (
        <section key={round.id} className="card" aria-label={round.name}>
          <h3>{round.name}</h3>
          {round.pairings.length === 0 ? <p className="sync-line"><Trans>Not paired yet</Trans></p> : (
            <div className="round-card__games">
              {round.pairings.map((pairing) => (
                <RoundCardGame key={pairing.id} pairing={pairing} />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

function RoundCardGame({ pairing }: { pairing: PairingView }) {
  const { i18n } = useLingui();
  return (
    <>
      <span><bdi>{pairing.whitePlayerName}</bdi></span>
      <span className="result">{resultText(pairing, i18n)}</span>
      <span>{pairing.isBye ? '' : <bdi>{pairing.blackPlayerName}</bdi>}</span>
    </>
  );
}
