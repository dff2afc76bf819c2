import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { applyLearningLevel } from '../../../domain';
import {
  BREAK_REMINDER_OPTIONS,
  DAILY_PLAY_TIME_OPTIONS,
  DIFFICULTIES,
  type ChessSettings,
  type Difficulty,
} from '../../../schema';
import { resetSettings, useParentControls, usePreferences, useSettings } from './settings';
import { formatDay } from '../../shared/components/dates';
import { Icon } from '../../shared/components/Icon';
import { SHOW_TUTORIAL_STATE } from '../tutorial';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { logOut, useAuth } from '../auth';
import { ChildData } from '../privacy';
import { ChangePasswordSection } from './ChangePasswordSection';
import { LogOutButton } from './LogOutButton';
import { ParentEmailSection } from './ParentEmailSection';
import { ParentPinSection } from './ParentPinSection';
import { TextToSpeechSection } from '../speech';
import './settings.css';

const DIFFICULTY_LABELS: Record<Difficulty, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };
const minutesLabel = (minutes: number, zero: string) => (minutes === 0 ? zero : `${minutes} minutes`);

/** A settings card; a locked one (parent PIN) shows its controls disabled. */
function Section({ title, locked = false, children }: { title: string; locked?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <fieldset className="settings__lockable" disabled={locked}>
        {children}
      </fieldset>
    </section>
  );
}

function Toggle({ label, description, checked, onChange }: { label: string; description?: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="field field--toggle">
      <label htmlFor={id}>
        <span className="field__label">{label}</span>
        {description && <span className="field__hint">{description}</span>}
      </label>
      <input id={id} type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
    </div>
  );
}

function Choice<T extends string | number>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>{option.label}</option>
        ))}
      </select>
    </div>
  );
}

/** Settings (/settings), titled Parental Controls. */
export default function SettingsScreen() {
  const { settings, update } = useSettings();
  const { preferences, update: updatePreferences } = usePreferences();
  const toast = useToast();
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  const navigate = useNavigate();
  // Typing the parent PIN unlocks the controls for this visit to Settings only.
  const [unlocked, setUnlocked] = useState(false);

  const parentSet = useParentControls();
  if (settings === undefined || preferences === undefined) return <PageSkeleton />;
  const locked = settings.parentPinHash !== null && !unlocked;
  // Issue 19: a parent set these from their own account; only they change them (the PIN does not unlock them).
  const parentLocked = parentSet !== null;

  const saved = (ok: boolean) =>
    toast(ok ? { title: 'Setting updated', variant: 'success', durationMs: 2000 } : { title: 'Error', description: 'The setting could not be saved on this device.', variant: 'destructive' });
  const set = (patch: Partial<ChessSettings>) => void update(patch).then(saved);
  const difficultyOptions = DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] }));

  const resetAll = async () => {
    const ok = await resetSettings(settings.parentPinHash);
    toast(ok ? { title: 'Settings reset', variant: 'success', durationMs: TOAST_SUCCESS_MS } : { title: 'Error', description: 'Settings could not be reset.', variant: 'destructive' });
  };

  return (
    <div className="page settings">
      <header className="page__header">
        <Link to="/" className="back-link"><Icon name="arrowLeft" /> Back to Play</Link>
        <h1>Parental Controls</h1>
        <p className="page__lead">Choose how the app coaches, how games are played and how long to play.</p>
      </header>

      <ParentPinSection pinHash={settings.parentPinHash} unlocked={unlocked} onUnlock={setUnlocked} save={(patch) => update(patch).then((ok) => {
        saved(ok);
        return ok;
      })} />

      {parentSet !== null && (
        <div className="notice" role="status" data-testid="set-by-parent">
          <p><strong>Set by a parent</strong> on {formatDay(parentSet.setAt)}: daily play time, break reminders, hints and learning level. Only your parent can change them, from their own account.</p>
        </div>
      )}

      <Section title="Learning Settings" locked={locked || parentLocked}>
        <Toggle label="Hints" description="Show the hint button during games" checked={settings.hintsEnabled} onChange={(v) => set({ hintsEnabled: v })} />
        <Toggle label="Move announcements" description="Read each move aloud" checked={settings.moveAnnouncementsEnabled} onChange={(v) => set({ moveAnnouncementsEnabled: v })} />
        <Toggle label="Educational feedback" description="Explain what each move did" checked={settings.educationalFeedbackEnabled} onChange={(v) => set({ educationalFeedbackEnabled: v })} />
        <Toggle label="Focus mode" description="Hide the analysis panel while playing" checked={settings.focusMode} onChange={(v) => set({ focusMode: v })} />
        <Toggle label="Progress tracking" checked={settings.progressTracking} onChange={(v) => set({ progressTracking: v })} />
        <div className="field field--toggle">
          <span className="settings__text">
            <span className="field__label">Tutorial</span>
            <span className="field__hint">The five-step tour of the Play screen</span>
          </span>
          <button type="button" className="button" onClick={() => void navigate('/', { state: SHOW_TUTORIAL_STATE })}>
            Show Tutorial
          </button>
        </div>
      </Section>

      <Section title="Game Mode">
        <fieldset className="field">
          <legend className="field__label">Opponent</legend>
          <div className="segmented">
            <label><input type="radio" name="gameMode" value="pvp" checked={settings.gameMode === 'pvp'} onChange={() => set({ gameMode: 'pvp' })} /> Human</label>
            <label><input type="radio" name="gameMode" value="pvc" checked={settings.gameMode === 'pvc'} onChange={() => set({ gameMode: 'pvc' })} /> Computer</label>
          </div>
        </fieldset>
        {settings.gameMode === 'pvc' && (
          <Choice label="AI difficulty" value={settings.aiDifficulty} options={difficultyOptions} onChange={(v) => set({ aiDifficulty: v })} />
        )}
        <fieldset className="field">
          <legend className="field__label">Play as</legend>
          <div className="segmented">
            <label><input type="radio" name="playerColor" value="w" checked={settings.playerColor === 'w'} onChange={() => set({ playerColor: 'w' })} /> White</label>
            <label><input type="radio" name="playerColor" value="b" checked={settings.playerColor === 'b'} onChange={() => set({ playerColor: 'b' })} /> Black</label>
          </div>
        </fieldset>
        <p className="field__hint">A game already under way keeps its mode and colours; changes apply from the next New Game.</p>
      </Section>

      <Section title="Appearance">
        <Toggle
          label="Dark theme"
          checked={preferences.theme === 'dark'}
          onChange={(dark) => void updatePreferences({ theme: dark ? 'dark' : 'light' }).then(saved)}
        />
        <Toggle
          label="Board coordinates"
          description="Show files and ranks along the board's edge"
          checked={preferences.showCoordinates}
          onChange={(v) => void updatePreferences({ showCoordinates: v }).then(saved)}
        />
      </Section>

      <Section title="Time Management" locked={locked || parentLocked}>
        <Choice
          label="Daily play time"
          value={settings.dailyPlayTime}
          options={DAILY_PLAY_TIME_OPTIONS.map((value) => ({ value, label: minutesLabel(value, 'No Limit') }))}
          onChange={(v) => set({ dailyPlayTime: v })}
        />
        <Choice
          label="Break reminders"
          value={settings.breakReminders}
          options={BREAK_REMINDER_OPTIONS.map((value) => ({ value, label: minutesLabel(value, 'Disabled') }))}
          onChange={(v) => set({ breakReminders: v })}
        />
      </Section>

      <Section title="Difficulty Control" locked={locked || parentLocked}>
        <Choice label="Learning level" value={settings.difficulty} options={difficultyOptions} onChange={(v) => set(applyLearningLevel(settings, v))} />
        <Toggle
          label="Adjust difficulty automatically"
          description="Three wins in a row against the computer make it one level stronger; three losses, one level easier"
          checked={settings.autoAdjustDifficulty}
          onChange={(v) => set({ autoAdjustDifficulty: v })}
        />
        <p className="field__hint">Choosing a learning level also sets the computer to that level.</p>
      </Section>

      {signedIn && <ChangePasswordSection />}
      {auth.status === 'signedIn' && !auth.user.isManaged && <ParentEmailSection user={auth.user} />}
      <TextToSpeechSection />
      {/* Issue 26: an ordinary account's own data; a class account's is its school's and its parents' to download or delete. */}
      {auth.status === 'signedIn' && !auth.user.isManaged && (
        <ChildData self userId={auth.user.id} username={auth.user.username} name={auth.user.username} onErased={() => void logOut()} />
      )}

      <div className="settings__actions">
        <button type="button" className="button button--danger" disabled={locked || parentLocked} onClick={() => void resetAll()}>Reset All Settings</button>
        {auth.status === 'signedIn' && <LogOutButton userId={auth.user.id} />}
      </div>
    </div>
  );
}
