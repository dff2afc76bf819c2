import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormDraft } from '../../shared/components/form-draft';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { useOrganizationList } from '../organizations';
import { usePermissions } from '../auth';
import { createTournament } from './tournaments';
import { TextField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';
import { PAIRING_ACCELERATIONS, TOURNAMENT_FORMATS } from '../../../schema';
import { DEFAULT_TIME_CONTROL, createTournamentFormSchema, createTournamentRequest } from './create-form';
import { PAIRING_ACCELERATION_LABELS, TOURNAMENT_FORMAT_LABELS } from './labels';
import './tournaments.css';

/** /tournaments/create: Basic Information, Schedule, Format & Rules (spec section 2). */
export default function CreateTournamentScreen() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const formatId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Back (the link or the browser's) and a reload keep what was typed; Cancel and success drop it.
  const clearDraft = useFormDraft('draft:create-tournament', form);
  // An organiser of several schools chooses the one the tournament belongs to (issue 18); the
  // server picks the only one otherwise.
  const permissions = usePermissions();
  const organizationList = useOrganizationList();
  const choices = permissions.organizationsWith('tournament:create');
  const mustChoose = choices.length > 1 || (choices.length === 1 && permissions.has('tournament:create'));
  const names = new Map(organizationList.status === 'ready' ? organizationList.organizations.map((each) => [each.id, each.name]) : []);
  const [organizationId, setOrganizationId] = useState('');
  const [format, setFormat] = useState('swiss');
  const [acceleration, setAcceleration] = useState('none');
  const { errors, pending, onSubmit } = useSchemaForm(createTournamentFormSchema, async (values) => {
    try {
      const chosen = mustChoose && organizationId !== '' ? { organizationId: Number(organizationId) } : {};
      const tournament = await createTournament({ ...createTournamentRequest(values), ...chosen });
      clearDraft();
      toast({ title: t`Tournament created successfully`, variant: 'success' });
      await navigate(`/tournaments/${tournament.id}`);
    } catch (error) {
      console.error('Failed to create tournament', error);
      toast({ title: t`Error`, description: messageFor(error, t`Failed to create tournament`), variant: 'destructive' });
    }
  });

  return (
    <div className="page tournament-form">
      <header className="page__header">
        <Link to="/tournaments" className="back-link"><Trans>Back to Tournaments</Trans></Link>
        <h1><Trans>Create Tournament</Trans></h1>
      </header>
      <form ref={form} className="tournament-form__body" noValidate onSubmit={onSubmit}>
        <BasicInformation errors={errors} formatId={formatId} organization={mustChoose ? { choices, names, value: organizationId, onChange: setOrganizationId } : null} />
        <ScheduleSection errors={errors} />
        <fieldset className="card tournament-form__section">
          <legend><h2><Trans>Format &amp; Rules</Trans></h2></legend>
          <div className="tournament-form__grid">
            <div className="field">
              <label htmlFor={formatId} className="field__label"><Trans>Format</Trans></label>
              <select id={formatId} name="format" className="input" value={format} onChange={(event) => setFormat(event.target.value)}>
                {TOURNAMENT_FORMATS.map((format) => <option key={format} value={format}>{i18n._(TOURNAMENT_FORMAT_LABELS[format])}</option>)}
              </select>
            </div>
            <TextField label={t`Time control`} name="timeControl" defaultValue={DEFAULT_TIME_CONTROL} placeholder={t`minutes+increment`} error={errors.timeControl} />
            <TextField label={t`Rounds`} name="rounds" inputMode="numeric" error={errors.rounds} />
            <TextField label={t`Max participants`} name="maxParticipants" inputMode="numeric" error={errors.maxParticipants} />
            <TextField label={t`Entry fee (₹)`} name="entryFee" inputMode="decimal" defaultValue="0" error={errors.entryFee} />
          </div>
        </fieldset>
        {format === 'swiss' && <SwissSection errors={errors} formatId={formatId} acceleration={acceleration} setAcceleration={setAcceleration} />}
        <div className="tournament-form__actions">
          <Link to="/tournaments" className="button" onClick={clearDraft}><Trans>Cancel</Trans></Link>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t`Creating...` : t`Create Tournament`}
          </button>
        </div>
      </form>
    </div>
  );
}

type Errors = ReturnType<typeof useSchemaForm>['errors'];

/** The organization chooser, for an organiser of several schools (issue 18). */
interface OrganizationChoice {
  choices: readonly number[];
  names: ReadonlyMap<number, string>;
  value: string;
  onChange: (value: string) => void;
}

function BasicInformation({ errors, formatId, organization }: { errors: Errors; formatId: string; organization: OrganizationChoice | null }) {
  const { t } = useLingui();
  return (
    <fieldset className="card tournament-form__section">
      <legend><h2><Trans>Basic Information</Trans></h2></legend>
      <TextField label={t`Tournament name`} name="name" error={errors.name} autoComplete="off" />
      <div className="field">
        <label htmlFor={`${formatId}-description`} className="field__label"><Trans>Description</Trans></label>
        <textarea id={`${formatId}-description`} name="description" className="input" rows={3} />
        {errors.description && <p className="field__error" role="alert">{errors.description}</p>}
      </div>
      <TextField label={t`Venue`} name="venue" error={errors.venue} />
      {organization && (
        <div className="field">
          <label htmlFor={`${formatId}-organization`} className="field__label"><Trans>Organization</Trans></label>
          <select id={`${formatId}-organization`} className="input" value={organization.value} onChange={(event) => organization.onChange(event.target.value)}>
            <option value="">{t`Choose the organization`}</option>
            {organization.choices.map((organizationId) => <option key={organizationId} value={organizationId}>{organization.names.get(organizationId) ?? t`Organization ${organizationId}`}</option>)}
          </select>
        </div>
      )}
    </fieldset>
  );
}

function ScheduleSection({ errors }: { errors: Errors }) {
  const { t } = useLingui();
  return (
    <fieldset className="card tournament-form__section">
      <legend><h2><Trans>Schedule</Trans></h2></legend>
      <div className="tournament-form__grid">
        <TextField label={t`Start date`} name="startDate" type="date" error={errors.startDate} />
        <TextField label={t`End date`} name="endDate" type="date" error={errors.endDate} />
        <TextField label={t`Registration start date`} name="registrationStartDate" type="date" error={errors.registrationStartDate} />
        <TextField label={t`Registration end date`} name="registrationEndDate" type="date" error={errors.registrationEndDate} />
      </div>
    </fieldset>
  );
}

interface SwissProps {
  errors: Errors;
  formatId: string;
  acceleration: string;
  setAcceleration: (value: string) => void;
}

function SwissSection({ errors, formatId, acceleration, setAcceleration }: SwissProps) {
  const { i18n, t } = useLingui();
  return (
    <fieldset className="card tournament-form__section">
      <legend><h2><Trans>Swiss pairing</Trans></h2></legend>
      <div className="tournament-form__grid">
        <div className="field">
          <label htmlFor={`${formatId}-acceleration`} className="field__label"><Trans>Acceleration</Trans></label>
          <select id={`${formatId}-acceleration`} name="acceleration" className="input" value={acceleration} onChange={(event) => setAcceleration(event.target.value)}>
            {PAIRING_ACCELERATIONS.map((each) => <option key={each} value={each}>{i18n._(PAIRING_ACCELERATION_LABELS[each])}</option>)}
          </select>
        </div>
        {acceleration === 'custom' && (
          <>
            <TextField label={t`Virtual points`} name="customPoints" inputMode="decimal" defaultValue="1" error={errors.customPoints} />
            <TextField label={t`For the top players (how many)`} name="customPlayers" inputMode="numeric" error={errors.customPlayers} />
            <TextField label={t`From round 1 to round`} name="customRounds" inputMode="numeric" defaultValue="2" error={errors.customRounds} />
          </>
        )}
        <TextField label={t`Keep players of the same school or club apart for the first N rounds`} name="keepApartRounds" inputMode="numeric" placeholder="0" error={errors.keepApartRounds} />
      </div>
      <p className="field__hint"><Trans>Players' school or club is the organization of their account. When no pairing keeps everyone apart, the rule gives way and the pairing screen says where.</Trans></p>
    </fieldset>
  );
}
