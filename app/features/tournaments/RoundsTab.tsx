import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../shared/components/Icon';
import { DESKTOP_QUERY, useMediaQuery } from '../../shared/useMediaQuery';
import { isGame, pairingRuleConflicts } from '../../../domain/tournament-admin';
import { RESULT_REASONS, TOURNAMENT_RESULTS, type ResultReason, type TournamentResult } from '../../../schema';
import type { TournamentSnapshotView } from './tournaments';
import { PAIRING_STAGES, type PairingProgress, type PairingStage } from '../../../worker/pairing-client';
import { resultText } from './PairingsTabs';
import { REASON_NAMES, resultName, roundStatusName } from './round-labels';
import { useAction } from './useAction';
import type { DisputeView, PairingView, RoundView } from './view';

/** A select's value as a result ('' for none chosen). */
const resultOf = (value: string): TournamentResult | '' => TOURNAMENT_RESULTS.find((result) => result === value) ?? '';

/** The reasons an organiser chooses from; 'forfeit' goes with the forfeit results and is not offered. */
type ChosenReason = Exclude<ResultReason, 'forfeit'>;
const CHOSEN_REASONS = RESULT_REASONS.filter((reason): reason is ChosenReason => reason !== 'forfeit');
const reasonOf = (value: string): ChosenReason | '' => CHOSEN_REASONS.find((reason) => reason === value) ?? '';

/** What the pairing worker is doing, as its progress bar says it. */
const STAGE_NAMES: Readonly<Record<PairingStage, MessageDescriptor>> = {
  received: msg`received`,
  pairing: msg`computing`,
  done: msg`done`,
};

/** Spec: on first display the selected round is the in-progress one, else the paired one, else the last. */
export function initialRound(rounds: readonly RoundView[]): RoundView | null {
  return rounds.find((round) => round.status === 'in_progress') ?? rounds.find((round) => round.status === 'paired') ?? rounds.at(-1) ?? null;
}

/** Rounds (managers): create, pair, start, enter and correct results, resolve disputes. */
export function RoundsTab({ view }: { view: TournamentSnapshotView }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<number | null>(null);
  const round = view.rounds.find((r) => r.roundNumber === chosen) ?? initialRound(view.rounds);
  const last = view.rounds.at(-1);
  const canCreate = !last || last.status === 'completed';
  const openDisputes = view.disputes.filter((dispute) => dispute.status !== 'resolved');

  return (
    <>
      {openDisputes.length > 0 && (
        <section className="card dispute" aria-label={t`Disputed results`}>
          <h2><Trans>Disputed results</Trans></h2>
          <ul className="profile-list">
            {openDisputes.map((dispute) => <DisputeRow key={dispute.id} view={view} dispute={dispute} />)}
          </ul>
        </section>
      )}
      {canCreate && view.info.status !== 'completed' && view.info.status !== 'cancelled' && <CreateRoundForm view={view} />}
      {view.rounds.length === 0 ? (
        <div className="card empty-state">
          <h2><Trans>No rounds yet</Trans></h2>
          <p><Trans>Create the first round, then generate its pairings.</Trans></p>
        </div>
      ) : (
        <div className="round-picker" role="group" aria-label={t`Round`}>
          {view.rounds.map((r) => (
            <button key={r.roundNumber} type="button" className="button" aria-pressed={round?.roundNumber === r.roundNumber} onClick={() => setChosen(r.roundNumber)}>{r.name}</button>
          ))}
        </div>
      )}
      {/* Keyed by number: a round made offline has a local id until the server's snapshot replaces it. */}
      {round && <RoundPanel key={round.roundNumber} view={view} round={round} />}
    </>
  );
}

function CreateRoundForm({ view }: { view: TournamentSnapshotView }) {
  const { t } = useLingui();
  const { pending, run } = useAction();
  const nameId = useId();
  const timeId = useId();
  const number = view.rounds.length + 1;
  const roundName = (roundNumber: number) => t`Round ${roundNumber}`;
  const [name, setName] = useState(roundName(number));
  const [startTime, setStartTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t`Round name is required`);
      return;
    }
    setError(null);
    const created = await run(
      'create',
      () => view.actions.createRound({ roundNumber: number, name: name.trim(), startTime: startTime ? new Date(startTime).toISOString() : null }),
      t`Round created successfully`,
      t`Error creating round`,
    );
    if (created) setName(roundName(number + 1));
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-label={t`Create round`}>
      <div className="tournament-form__grid">
        <div className="field">
          <label htmlFor={nameId} className="field__label"><Trans>Round name</Trans></label>
          <input id={nameId} className="input" value={name} onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${nameId}-error` : undefined} />
          {error && <p id={`${nameId}-error`} className="field__error" role="alert">{error}</p>}
        </div>
        <div className="field">
          <label htmlFor={timeId} className="field__label"><Trans>Start time (optional)</Trans></label>
          <input id={timeId} className="input" type="datetime-local" value={startTime} onChange={(event) => setStartTime(event.target.value)} />
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={pending !== null}><Trans>Create Round</Trans></button>
    </form>
  );
}

function RoundPanel({ view, round }: { view: TournamentSnapshotView; round: RoundView }) {
  const { t, i18n } = useLingui();
  const { pending, run } = useAction();
  const [progress, setProgress] = useState<PairingProgress | null>(null);
  const generate = () =>
    run('pair', async () => {
      try {
        await view.actions.generatePairings(round.roundNumber, setProgress);
      } finally {
        setProgress(null);
      }
    }, t`Pairings generated successfully`, t`Error generating pairings`);
  const { completedGames, gamesCount } = round;

  return (
    <section className="card round-panel" aria-label={round.name}>
      <div className="page__actions">
        <h2>{round.name}</h2>
        <span className={`badge status-badge status-badge--${round.status}`}>{roundStatusName(i18n, round.status)}</span>
      </div>
      <p className="sync-line"><Trans>{completedGames} of {gamesCount} games completed</Trans></p>
      <div className="round-actions">
        {round.status === 'created' && (
          <button type="button" className="button button--primary" disabled={pending !== null} onClick={() => void generate()}><Trans>Generate Pairings</Trans></button>
        )}
        {round.status === 'paired' && (
          <button type="button" className="button button--primary" disabled={pending !== null}
            onClick={() => void run('start', () => view.actions.startRound(round.roundNumber), t`Round started successfully`, t`Error starting round`)}>
            <Trans>Start Round</Trans>
          </button>
        )}
        {round.pairings.length > 0 && (
          <Link className="button" to={`/tournaments/${view.info.id}/print/pairings?round=${round.roundNumber}`}><Trans>Print pairings</Trans></Link>
        )}
      </div>
      {progress && <PairingProgressBar progress={progress} />}
      {round.pairings.length === 0 ? (
        <p className="sync-line"><Trans>No pairings yet.</Trans></p>
      ) : (
        <ResultsTable view={view} round={round} />
      )}
      {/* Under the boards, so board 1 stays on the first screen of a phone. */}
      <GaveWay view={view} round={round} />
    </section>
  );
}

/**
 * Issue 29: the boards where a prohibited pairing had to give way (no pairing kept every school,
 * club or pair apart), said on the pairing screen so the arbiter can explain it.
 */
function GaveWay({ view, round }: { view: TournamentSnapshotView; round: RoundView }) {
  const { t } = useLingui();
  const boards = round.pairings.map((p) => ({ boardNumber: p.boardNumber, whiteUserId: p.whitePlayerId, blackUserId: p.blackPlayerId }));
  const conflicts = pairingRuleConflicts({ tournament: view.info, registrations: view.registrations }, round.roundNumber, boards);
  if (conflicts.length === 0) return null;
  const name = (userId: number) => round.pairings.find((p) => p.whitePlayerId === userId)?.whitePlayerName ?? round.pairings.find((p) => p.blackPlayerId === userId)?.blackPlayerName ?? t`Player ${userId}`;
  return (
    <div className="notice gave-way" role="note" aria-label={t`Prohibited pairings that gave way`}>
      <p><strong><Trans>No pairing kept everyone apart, so these players meet:</Trans></strong></p>
      <ul>
        {conflicts.map(({ boardNumber, whiteUserId, blackUserId, rule }) => {
          const white = name(whiteUserId);
          const black = name(blackUserId);
          return (
            <li key={boardNumber}>
              {rule === 'school'
                ? <Trans>Board {boardNumber}: <bdi>{white}</bdi> and <bdi>{black}</bdi> (same school or club)</Trans>
                : <Trans>Board {boardNumber}: <bdi>{white}</bdi> and <bdi>{black}</bdi> (kept apart by the organiser)</Trans>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PairingProgressBar({ progress }: { progress: PairingProgress }) {
  const { i18n } = useLingui();
  const step = PAIRING_STAGES.indexOf(progress.stage) + 1;
  const { players } = progress;
  const stage = i18n._(STAGE_NAMES[progress.stage]);
  return (
    <div className="pairing-progress" role="status">
      <label>
        <Trans>Pairing {players} players ({stage})</Trans>
        <progress className="progress" max={PAIRING_STAGES.length} value={step} />
      </label>
    </div>
  );
}

/** Keys an arbiter types on a board's result (issue 20): 1 White wins, 0 Black wins, = a draw. */
export function resultForKey(key: string): TournamentResult | null {
  if (key === '1') return '1-0';
  if (key === '0') return '0-1';
  if (key === '=' || key === '½') return '1/2-1/2';
  return null;
}

/**
 * The boards as a compact table: board, White, Black (with W/B marks and ratings), the result. On a
 * phone White and Black share one column, a line each, so names keep their width.
 */
function ResultsTable({ view, round }: { view: TournamentSnapshotView; round: RoundView }) {
  const wide = useMediaQuery(DESKTOP_QUERY);
  const roundName = round.name;
  return (
    <div className="data-table-wrap">
      <table className="data-table results-table">
        <caption className="visually-hidden"><Trans>Results of <bdi>{roundName}</bdi>. In a result box type 1, 0 or = and press Enter.</Trans></caption>
        <thead>
          <tr>
            <th scope="col" className="num"><Trans comment="Column heading: the board's number, short for Board">Bd</Trans></th>
            {wide ? (
              <>
                <th scope="col"><Trans>White</Trans></th>
                <th scope="col"><Trans>Black</Trans></th>
              </>
            ) : (
              <th scope="col"><Trans>White / Black</Trans></th>
            )}
            <th scope="col" className="results-table__result"><Trans>Result</Trans></th>
          </tr>
        </thead>
        <tbody>
          {round.pairings.map((pairing) => (
            <GameRow key={pairing.boardNumber} view={view} round={round} pairing={pairing} wide={wide}
              disputed={pairing.provisional === true} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PlayerLine({ colour, name, elo }: { colour: 'w' | 'b'; name: string | null; elo: number | null }) {
  const { t } = useLingui();
  return (
    <span className="results-table__line">
      <span className={`colour-mark colour-mark--${colour}`} aria-label={colour === 'w' ? t`White` : t`Black`} role="img">
        {colour === 'w' ? t({ message: 'W', comment: "The mark before White's player: the first letter of White" }) : t({ message: 'B', comment: "The mark before Black's player: the first letter of Black" })}
      </span>
      {/* dir="auto": a name in Latin letters is cut at its end, not its start, on a right-to-left page. */}
      <span className="results-table__name" title={name ?? undefined} dir="auto">{name ?? '—'}</span>
      {elo !== null && <span className="results-table__elo">{elo}</span>}
    </span>
  );
}

/** A board's result being entered or corrected: its fields, the check, and sending it. */
function useResultEntry(view: TournamentSnapshotView, round: RoundView, pairing: PairingView, completed: boolean) {
  const { t } = useLingui();
  const { pending, run } = useAction();
  const [result, setResult] = useState<TournamentResult | ''>('');
  const [reason, setReason] = useState<ChosenReason | ''>('');
  const [note, setNote] = useState('');
  const [correcting, setCorrecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!result) {
      setError(t`Choose a result`);
      return;
    }
    if (completed && !note.trim()) {
      setError(t`A note is required to correct a result`);
      return;
    }
    setError(null);
    const board = { roundNumber: round.roundNumber, boardNumber: pairing.boardNumber };
    const players = { whiteUserId: pairing.whitePlayerId, blackUserId: pairing.blackPlayerId! };
    const done = completed
      ? await run('correct', () => view.actions.correctResult(board, result, note.trim()), t`Result corrected`, t`Error submitting result`)
      : await run('submit', () => view.actions.submitResult({ ...board, ...players }, result, reason || null), t`Result submitted successfully`, t`Error submitting result`);
    if (done) {
      setCorrecting(false);
      setResult('');
      setReason('');
      setNote('');
      if (!completed) focusNextResult(pairing.boardNumber);
    }
  };

  // Typing at the venue: 1, 0 or = picks the result, Enter submits it (a correction also needs its note).
  const onResultKey = (event: KeyboardEvent<HTMLSelectElement>) => {
    const typed = resultForKey(event.key);
    if (typed !== null) {
      event.preventDefault();
      setResult(typed);
    } else if (event.key === 'Enter' && result && !completed) {
      event.preventDefault();
      void submit();
    }
  };

  return { pending, result, setResult, reason, setReason, note, setNote, correcting, setCorrecting, error, submit, onResultKey };
}

type ResultEntry = ReturnType<typeof useResultEntry>;

function GameRow({ view, round, pairing, disputed, wide }: { view: TournamentSnapshotView; round: RoundView; pairing: PairingView; disputed: boolean; wide: boolean }) {
  const { t, i18n } = useLingui();
  const completed = pairing.gameStatus === 'completed';
  const entry = useResultEntry(view, round, pairing, completed);
  const ids = { result: useId(), reason: useId(), note: useId() };
  // A result is entered while the round is in progress; a completed game can be corrected later too.
  const canEnter = isGame(pairing) && (completed ? round.status === 'in_progress' || round.status === 'completed' : round.status === 'in_progress');
  const { boardNumber, whitePlayerName: white } = pairing;
  const black = pairing.blackPlayerName ?? t`bye`;
  const label = t`Board ${boardNumber}: ${white} - ${black}`;
  const editing = canEnter && (!completed || entry.correcting);

  return (
    <tr className={disputed ? 'results-table__row--disputed' : undefined} aria-label={label} data-board={pairing.boardNumber}>
      <td className="num">{pairing.boardNumber}</td>
      <PlayerCells pairing={pairing} wide={wide} />
      <td className="results-table__result">
        {/* Issue 29: '1-0 (provisional)' in words, as on every device; the dispute is listed above. */}
        {!pairing.isBye && !editing && <strong>{resultText(pairing, i18n)}</strong>}
        {!pairing.isBye && !editing && disputed && <span className="field__hint"> <Trans>(disputed)</Trans></span>}
        {editing && <ResultForm entry={entry} ids={ids} boardNumber={pairing.boardNumber} completed={completed} />}
        {canEnter && completed && !entry.correcting && (
          <button type="button" className="link-button results-table__correct" onClick={() => entry.setCorrecting(true)}><Trans>Correct result</Trans></button>
        )}
      </td>
    </tr>
  );
}

/** The players' cells: one each on a wide screen, both in one on a narrow one. */
function PlayerCells({ pairing, wide }: { pairing: PairingView; wide: boolean }) {
  const { i18n } = useLingui();
  return wide ? (
    <>
      <td className="results-table__player"><PlayerLine colour="w" name={pairing.whitePlayerName} elo={pairing.whitePlayerElo} /></td>
      <td className="results-table__player">
        {pairing.isBye ? resultText(pairing, i18n) : <PlayerLine colour="b" name={pairing.blackPlayerName} elo={pairing.blackPlayerElo} />}
      </td>
    </>
  ) : (
    <td className="results-table__player">
      <PlayerLine colour="w" name={pairing.whitePlayerName} elo={pairing.whitePlayerElo} />
      {pairing.isBye ? <span className="results-table__line">{resultText(pairing, i18n)}</span> : <PlayerLine colour="b" name={pairing.blackPlayerName} elo={pairing.blackPlayerElo} />}
    </td>
  );
}

interface ResultFormProps {
  entry: ResultEntry;
  ids: { result: string; reason: string; note: string };
  boardNumber: number;
  completed: boolean;
}

/** The result (with an optional reason), or for a completed game the correction and its note. */
function ResultForm({ entry, ids, boardNumber, completed }: ResultFormProps) {
  const { t, i18n } = useLingui();
  const { result, pending, error } = entry;
  return (
    <form className="results-table__form" onSubmit={(event) => void entry.submit(event)} noValidate>
      <label htmlFor={ids.result} className="visually-hidden"><Trans>Result for board {boardNumber}</Trans></label>
      <select id={ids.result} className="input results-table__select" value={result} data-result-select
        onChange={(event) => entry.setResult(resultOf(event.target.value))} onKeyDown={entry.onResultKey}>
        <option value="">{t`Result`}</option>
        {TOURNAMENT_RESULTS.map((value) => <option key={value} value={value}>{resultName(i18n, value)}</option>)}
      </select>
      {result && !completed && (
        <>
          <label htmlFor={ids.reason} className="visually-hidden"><Trans>Reason for board {boardNumber} (optional)</Trans></label>
          <select id={ids.reason} className="input" value={entry.reason} onChange={(event) => entry.setReason(reasonOf(event.target.value))}>
            <option value="">{t`Reason`}</option>
            {CHOSEN_REASONS.map((value) => <option key={value} value={value}>{i18n._(REASON_NAMES[value])}</option>)}
          </select>
        </>
      )}
      {completed && (
        <>
          <label htmlFor={ids.note} className="visually-hidden"><Trans>Correction note for board {boardNumber}</Trans></label>
          <input id={ids.note} className="input" placeholder={t`Why the result changes`} value={entry.note} onChange={(event) => entry.setNote(event.target.value)} />
        </>
      )}
      {completed ? (
        <button type="submit" className="button button--primary" disabled={pending !== null}><Trans>Save correction</Trans></button>
      ) : (
        result && (
          <button type="submit" className="button button--primary results-table__submit" aria-label={t`Submit result`} title={t`Submit result`} disabled={pending !== null}>
            <Icon name="check" />
          </button>
        )
      )}
      {error && <p className="field__error" role="alert">{error}</p>}
    </form>
  );
}

/** After a result, the next board still waiting for one (keyboard entry goes on down the table). */
function focusNextResult(board: number) {
  const next = [...document.querySelectorAll<HTMLSelectElement>('[data-result-select]')].find(
    (select) => Number(select.closest('tr')?.dataset.board) > board,
  );
  next?.focus();
}

function DisputeRow({ view, dispute }: { view: TournamentSnapshotView; dispute: DisputeView }) {
  const { t, i18n } = useLingui();
  const { pending, run } = useAction();
  const id = useId();
  const noteId = useId();
  const [result, setResult] = useState<TournamentResult | ''>('');
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!result) return;
    await run('resolve', () => view.actions.resolveDispute(dispute.id, result, note.trim() || t`Resolved by the organizer`), t`Dispute resolved`, t`Error submitting result`);
  };
  const subject = disputeSubject(i18n, view.rounds, dispute);
  return (
    <li>
      <strong>{subject}</strong>
      <span className="field__hint"><DisputeDescription rounds={view.rounds} dispute={dispute} /></span>
      <form className="round-actions" onSubmit={(event) => void submit(event)}>
        <label htmlFor={id} className="visually-hidden"><Trans>Result to keep for <bdi>{subject}</bdi></Trans></label>
        <select id={id} className="input" value={result} onChange={(event) => setResult(resultOf(event.target.value))}>
          <option value="">{t`Result to keep`}</option>
          {TOURNAMENT_RESULTS.map((value) => <option key={value} value={value}>{resultName(i18n, value)}</option>)}
        </select>
        <label htmlFor={noteId} className="visually-hidden"><Trans>Resolution note</Trans></label>
        <input id={noteId} className="input" placeholder={t`Resolution note`} value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="button button--primary" disabled={pending !== null || !result}><Trans>Resolve</Trans></button>
      </form>
    </li>
  );
}

/** The round's name and the board's pairing a dispute is about (null when the snapshot no longer has them). */
function disputedBoard(rounds: readonly RoundView[], dispute: DisputeView) {
  const round = rounds.find((each) => each.roundNumber === dispute.roundNumber);
  const pairing = round?.pairings.find((each) => each.boardNumber === dispute.boardNumber) ?? null;
  return round ? { roundName: round.name, pairing } : null;
}

/**
 * A dispute's heading in the app's language, worded as domain/tournament-admin words the stored
 * one (which stays English for the server's records); the stored one when the round is gone.
 */
function disputeSubject(i18n: I18n, rounds: readonly RoundView[], dispute: DisputeView): string {
  const found = disputedBoard(rounds, dispute);
  if (!found) return dispute.subject;
  const { roundName } = found;
  const { boardNumber } = dispute;
  return dispute.appealType === 'result_dispute'
    ? i18n._(msg`${roundName}, board ${boardNumber}: two different results`)
    : i18n._(msg`${roundName}, board ${boardNumber}: result entered against another pairing`);
}

/** What a dispute is about, from its submissions: the two results entered, and for whom. */
function DisputeDescription({ rounds, dispute }: { rounds: readonly RoundView[]; dispute: DisputeView }) {
  const found = disputedBoard(rounds, dispute);
  const [first, second] = dispute.submissions;
  const { boardNumber } = dispute;
  if (!found || !first) return <>{dispute.description}</>;
  const { roundName, pairing } = found;
  if (dispute.appealType === 'pairing_conflict') {
    const entered = first.result;
    return <Trans>A device paired <bdi>{roundName}</bdi> differently and entered <bdi>{entered}</bdi> for its board {boardNumber}. The published pairing stands; check this result.</Trans>;
  }
  if (!pairing || !second) return <>{dispute.description}</>;
  const white = pairing.whitePlayerName;
  const black = pairing.blackPlayerName ?? '';
  const firstResult = first.result;
  const secondResult = second.result;
  return <Trans><bdi>{white}</bdi> v <bdi>{black}</bdi>: <bdi>{firstResult}</bdi> and <bdi>{secondResult}</bdi> were entered.</Trans>;
}
