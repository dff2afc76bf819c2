import { useId, useState, type FormEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LATE_ENTRY_POINTS, REQUESTED_BYE_KINDS, type LateEntryPoints, type RequestedByeKind } from '../../../schema';
import type { TournamentSnapshotView } from './tournaments';
import { LATE_ENTRY_POINTS_LABELS, REGISTRATION_STATUS_LABELS, REQUESTED_BYE_LABELS, StatusBadge } from './labels';
import { useAction } from './useAction';
import type { RegistrationView } from './view';

const FILTERS = ['all', 'pending', 'confirmed', 'waitlisted', 'cancelled'] as const;

/** Registrations (managers): approve, reject with a reason, withdraw, byes, late entries. */
export function RegistrationsTab({ view }: { view: TournamentSnapshotView }) {
  const { i18n, t } = useLingui();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const filterId = useId();
  const rows = view.registrations.filter((registration) => filter === 'all' || registration.status === filter);
  return (
    <>
      <ApproveAll view={view} />
      <div className="field">
        <label htmlFor={filterId} className="field__label"><Trans>Show</Trans></label>
        <select id={filterId} className="input" value={filter} onChange={(event) => setFilter(event.target.value as (typeof FILTERS)[number])}>
          {FILTERS.map((name) => <option key={name} value={name}>{name === 'all' ? t`All registrations` : i18n._(REGISTRATION_STATUS_LABELS[name])}</option>)}
        </select>
      </div>
      {view.info.status === 'in_progress' && <LateEntryForm view={view} />}
      {rows.length === 0 ? (
        <div className="card empty-state">
          <h2><Trans>No registrations</Trans></h2>
          <p>{filter === 'all' ? t`Players who register appear here for approval.` : t`No registration has this status.`}</p>
        </div>
      ) : (
        <ul className="profile-list">
          {rows.map((registration) => <RegistrationRow key={registration.id} view={view} registration={registration} />)}
        </ul>
      )}
    </>
  );
}

/**
 * 'Approve all' (issue 20): every pending registration, one after another, each the same approval
 * (and so the same queued mutation) as its own Approve button; the first refusal stops the run.
 */
function ApproveAll({ view }: { view: TournamentSnapshotView }) {
  const { t } = useLingui();
  const { pending, run } = useAction();
  const waiting = view.registrations.filter((registration) => registration.status === 'pending');
  const count = waiting.length;
  if (count === 0) return null;
  const approveAll = () =>
    run('approveAll', async () => {
      for (const registration of waiting) await view.actions.approve(registration.userId);
    }, t`${plural(count, { one: 'Registration approved', other: '# registrations approved' })}`, t`Error approving registration`);
  return (
    <div className="round-actions">
      <button type="button" className="button button--primary" disabled={pending !== null} onClick={() => void approveAll()}>
        <Trans>Approve all ({count})</Trans>
      </button>
    </div>
  );
}

function RegistrationRow({ view, registration }: { view: TournamentSnapshotView; registration: RegistrationView }) {
  const { t } = useLingui();
  const { pending, run } = useAction();
  const playerName = registration.userName;
  const [rejecting, setRejecting] = useState(false);
  const [byeOpen, setByeOpen] = useState(false);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { actions } = view;

  const reject = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(t`A reason is required to reject a registration`);
      return;
    }
    if (await run('reject', () => actions.reject(registration.userId, reason.trim()), t`Registration rejected`, t`Error rejecting registration`)) {
      setRejecting(false);
    }
  };

  return (
    <li className="card" aria-label={registration.userName}>
      <strong>{registration.userName}</strong>
      {registration.realName && <> (<bdi>{registration.realName}</bdi>)</>}
      {registration.userElo !== null && <span className="badge badge--muted">{registration.userElo}</span>}
      <StatusBadge status={registration.status} labels={REGISTRATION_STATUS_LABELS} />
      {registration.userEmail && <span className="field__hint">{registration.userEmail}</span>}
      <div className="round-actions">
        {(registration.status === 'pending' || registration.status === 'waitlisted') && (
          <button type="button" className="button button--primary" disabled={pending !== null}
            onClick={() => void run('approve', () => actions.approve(registration.userId), t`Registration approved`, t`Error approving registration`)}>
            <Trans>Approve</Trans>
          </button>
        )}
        {registration.status === 'pending' && (
          <button type="button" className="button" disabled={pending !== null} onClick={() => setRejecting(true)}><Trans>Reject</Trans></button>
        )}
        {registration.status === 'confirmed' && (
          <>
            <button type="button" className="button" disabled={pending !== null} onClick={() => setByeOpen(!byeOpen)}><Trans>Request bye</Trans></button>
            <button type="button" className="button button--danger" disabled={pending !== null}
              onClick={() => void run('withdraw', () => actions.withdraw(registration.userId), t`Player withdrawn`, t`Error withdrawing player`)}>
              <Trans>Withdraw</Trans>
            </button>
          </>
        )}
      </div>
      {rejecting && (
        <form className="field" onSubmit={(event) => void reject(event)} noValidate>
          <label htmlFor={reasonId} className="field__label"><Trans>Reason for rejecting {playerName}</Trans></label>
          <input id={reasonId} className="input" value={reason} onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${reasonId}-error` : undefined} />
          {reasonError && <p id={`${reasonId}-error`} className="field__error" role="alert">{reasonError}</p>}
          <div className="round-actions">
            <button type="submit" className="button button--danger" disabled={pending !== null}><Trans>Reject registration</Trans></button>
            <button type="button" className="button" onClick={() => setRejecting(false)}><Trans>Cancel</Trans></button>
          </div>
        </form>
      )}
      {byeOpen && <ByeForm view={view} registration={registration} onDone={() => setByeOpen(false)} />}
    </li>
  );
}

function ByeForm({ view, registration, onDone }: { view: TournamentSnapshotView; registration: RegistrationView; onDone: () => void }) {
  const { i18n, t } = useLingui();
  const { pending, run } = useAction();
  const roundId = useId();
  const kindId = useId();
  const nextRound = (view.rounds.at(-1)?.status === 'completed' || view.rounds.length === 0 ? view.rounds.length + 1 : view.rounds.length);
  const [round, setRound] = useState(String(nextRound));
  const [kind, setKind] = useState<RequestedByeKind>('half');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run('bye', () => view.actions.requestBye(registration.userId, Number(round), kind), t`Bye recorded`, t`Error recording bye`)) onDone();
  };
  return (
    <form className="tournament-form__grid" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={roundId} className="field__label"><Trans>Round</Trans></label>
        <input id={roundId} className="input" type="number" min={1} value={round} onChange={(event) => setRound(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={kindId} className="field__label"><Trans>Bye</Trans></label>
        <select id={kindId} className="input" value={kind} onChange={(event) => setKind(REQUESTED_BYE_KINDS.find((each) => each === event.target.value) ?? 'half')}>
          {REQUESTED_BYE_KINDS.map((each) => <option key={each} value={each}>{i18n._(REQUESTED_BYE_LABELS[each])}</option>)}
        </select>
      </div>
      <div className="round-actions">
        <button type="submit" className="button button--primary" disabled={pending !== null}><Trans>Save bye</Trans></button>
        <button type="button" className="button" onClick={onDone}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}

function LateEntryForm({ view }: { view: TournamentSnapshotView }) {
  const { i18n, t } = useLingui();
  const { pending, run } = useAction();
  const id = useId();
  const [who, setWho] = useState('');
  const [missed, setMissed] = useState<LateEntryPoints>('zero');
  const missedId = useId();
  const candidates = view.registrations.filter((registration) => registration.status === 'pending' || registration.status === 'waitlisted');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const registration = candidates.find((candidate) => String(candidate.id) === who);
    if (!registration) return;
    if (await run('late', () => view.actions.approve(registration.userId), t`Late entry added`, t`Error approving registration`)) setWho('');
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)}>
      <h2><Trans>Late entry</Trans></h2>
      <p className="field__hint"><Trans>A late entry joins from the next round, with the points the rules give for the rounds missed.</Trans></p>
      {candidates.length === 0 ? <p className="sync-line"><Trans>No pending or waitlisted registration to add.</Trans></p> : (
        <>
          <div className="field">
            <label htmlFor={id} className="field__label"><Trans>Player</Trans></label>
            <select id={id} className="input" value={who} onChange={(event) => setWho(event.target.value)}>
              <option value="">{t`Choose a player`}</option>
              {candidates.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.userName}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={missedId} className="field__label"><Trans>Rounds already played count as</Trans></label>
            <select id={missedId} className="input" value={missed} onChange={(event) => setMissed(LATE_ENTRY_POINTS.find((points) => points === event.target.value) ?? 'zero')}>
              {LATE_ENTRY_POINTS.map((points) => <option key={points} value={points}>{i18n._(LATE_ENTRY_POINTS_LABELS[points])}</option>)}
            </select>
          </div>
          <button type="submit" className="button button--primary" disabled={pending !== null || who === ''}><Trans>Add late entry</Trans></button>
        </>
      )}
    </form>
  );
}
