import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageSkeleton } from '../../shared/components/Skeleton';
import type { TournamentStatus } from '../../../schema';
import { usePermissions } from '../auth';
import { useTournament, type TournamentSnapshotView } from './tournaments';
import { TextField } from '../../shared/components/fields';
import { StatusBadge, TOURNAMENT_STATUS_LABELS, labelOf } from './labels';
import { TournamentNotFound } from './TournamentDetailScreen';
import { useAction } from './useAction';
import { TournamentClassesCard } from './TournamentClassesCard';
import './tournaments.css';

/** The forward path of a tournament (spec section 4); cancelled is reachable from any state before completed. */
const NEXT_STATUS: Partial<Record<TournamentStatus, TournamentStatus>> = {
  draft: 'registration_open',
  registration_open: 'registration_closed',
  registration_closed: 'in_progress',
  in_progress: 'completed',
};

const STATUS_ACTIONS: Partial<Record<TournamentStatus, MessageDescriptor>> = {
  registration_open: msg`Open Registration`,
  registration_closed: msg`Close Registration`,
  in_progress: msg`Start Tournament`,
  completed: msg`Complete Tournament`,
};

/** Where a tournament's status stops, in one sentence each. */
const FINAL_STATUS_NOTES: Partial<Record<TournamentStatus, MessageDescriptor>> = {
  completed: msg`This tournament is completed: its status no longer changes.`,
  cancelled: msg`This tournament is cancelled: its status no longer changes.`,
};

/** /tournaments/{id}/manage (tournament:edit): status changes and the editable fields. */
export default function ManageTournamentScreen() {
  const { id } = useParams();
  const tournamentId = Number(id);
  const loaded = useTournament(Number.isInteger(tournamentId) && tournamentId > 0 ? tournamentId : null);
  const permissions = usePermissions();
  if (loaded.status === 'loading' || !permissions.ready) return <PageSkeleton />;
  if (loaded.status === 'notFound') return <TournamentNotFound />;
  if (loaded.status === 'error') return <div className="page"><p role="alert" className="notice notice--error"><Trans>Error loading the tournament. Please try again later.</Trans></p></div>;
  if (!loaded.view.canManage) {
    return (
      <div className="page not-found">
        <h1><Trans>Not allowed</Trans></h1>
        <p><Trans>Managing a tournament needs the tournament:edit permission.</Trans></p>
        <Link to={`/tournaments/${tournamentId}`} className="button"><Trans>Back to the tournament</Trans></Link>
      </div>
    );
  }
  return <ManageTournament view={loaded.view} />;
}

function ManageTournament({ view }: { view: TournamentSnapshotView }) {
  const { i18n, t } = useLingui();
  const { info } = view;
  const tournamentName = info.name;
  const finalNote = FINAL_STATUS_NOTES[info.status];
  const statusChanged = (status: TournamentStatus) => {
    const label = i18n._(TOURNAMENT_STATUS_LABELS[status]);
    return t`Status changed to ${label}`;
  };
  const { pending, run } = useAction();
  const next = NEXT_STATUS[info.status];
  const cancellable = info.status !== 'completed' && info.status !== 'cancelled';
  const [confirmCancel, setConfirmCancel] = useState(false);

  return (
    <div className="page tournament-manage">
      <header className="page__header">
        <Link to={`/tournaments/${info.id}`} className="back-link"><Trans>Back to the tournament</Trans></Link>
        <h1><Trans>Manage {tournamentName}</Trans></h1>
        <p><Trans>Status: <StatusBadge status={info.status} /></Trans></p>
      </header>
      <section className="card">
        <h2><Trans>Status</Trans></h2>
        <div className="round-actions">
          {next && (
            <button type="button" className="button button--primary" disabled={pending !== null}
              onClick={() => void run('status', () => view.actions.setStatus(next), statusChanged(next), t`Error updating tournament`)}>
              {labelOf(i18n, STATUS_ACTIONS, next)}
            </button>
          )}
          {cancellable && !confirmCancel && (
            <button type="button" className="button button--danger" onClick={() => setConfirmCancel(true)}><Trans>Cancel Tournament</Trans></button>
          )}
          {!next && !cancellable && finalNote && <p className="sync-line">{i18n._(finalNote)}</p>}
        </div>
        {confirmCancel && (
          <div className="notice notice--error" role="alert">
            <p><Trans>Cancel {tournamentName}? Players are told it will not take place.</Trans></p>
            <div className="round-actions">
              <button type="button" className="button button--danger" disabled={pending !== null}
                onClick={() => void run('cancel', () => view.actions.setStatus('cancelled'), statusChanged('cancelled'), t`Error updating tournament`).then(() => setConfirmCancel(false))}>
                <Trans>Yes, cancel it</Trans>
              </button>
              <button type="button" className="button" onClick={() => setConfirmCancel(false)}><Trans>Keep it</Trans></button>
            </div>
          </div>
        )}
      </section>
      <DetailsForm view={view} />
      <TournamentClassesCard tournamentId={info.id} status={info.status} />
      <section className="card">
        <h2><Trans>Files</Trans></h2>
        <div className="round-actions">
          <button type="button" className="button" onClick={() => void view.actions.downloadTrf()}><Trans>Download TRF</Trans></button>
          <Link className="button" to={`/tournaments/${info.id}/print/certificates`}><Trans>Print certificates</Trans></Link>
          <Link className="button" to={`/tournaments/${info.id}/print/crosstable`}><Trans>Print crosstable</Trans></Link>
        </div>
      </section>
    </div>
  );
}

const day = (iso: string) => iso.slice(0, 10);

function DetailsForm({ view }: { view: TournamentSnapshotView }) {
  const { t } = useLingui();
  const { info } = view;
  const { pending, run } = useAction();
  const descriptionId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const count = (name: string) => (text(name) === '' ? null : Number(text(name)));
    const found: Record<string, string> = {};
    if (!text('name')) found.name = t`Tournament name is required`;
    for (const [field, message] of [['startDate', t`Start date is required`], ['endDate', t`End date is required`]] as const) {
      if (!text(field)) found[field] = message;
    }
    for (const field of ['maxParticipants', 'rounds']) {
      const value = count(field);
      if (value !== null && (!Number.isInteger(value) || value < 1)) found[field] = t`Enter a whole number above 0`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run('save', () => view.actions.update({
      name: text('name'),
      description: text('description') || null,
      venue: text('venue') || null,
      startDate: new Date(`${text('startDate')}T00:00:00.000Z`).toISOString(),
      endDate: new Date(`${text('endDate')}T00:00:00.000Z`).toISOString(),
      maxParticipants: count('maxParticipants'),
      rounds: count('rounds'),
    }), t`Tournament updated`, t`Error updating tournament`);
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-label={t`Tournament details`}>
      <h2><Trans>Details</Trans></h2>
      <TextField label={t`Tournament name`} name="name" defaultValue={info.name} error={errors.name} />
      <div className="field">
        <label htmlFor={descriptionId} className="field__label"><Trans>Description</Trans></label>
        <textarea id={descriptionId} name="description" className="input" rows={3} defaultValue={info.description ?? ''} />
      </div>
      <TextField label={t`Venue`} name="venue" defaultValue={info.venue ?? ''} />
      <div className="tournament-form__grid">
        <TextField label={t`Start date`} name="startDate" type="date" defaultValue={day(info.startDate)} error={errors.startDate} />
        <TextField label={t`End date`} name="endDate" type="date" defaultValue={day(info.endDate)} error={errors.endDate} />
        <TextField label={t`Max participants`} name="maxParticipants" inputMode="numeric" defaultValue={info.maxParticipants ?? ''} error={errors.maxParticipants} />
        <TextField label={t`Rounds`} name="rounds" inputMode="numeric" defaultValue={info.rounds ?? ''} error={errors.rounds} />
      </div>
      <button type="submit" className="button button--primary" disabled={pending !== null}><Trans>Save changes</Trans></button>
    </form>
  );
}
