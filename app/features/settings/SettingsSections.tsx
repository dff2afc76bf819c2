import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { applyLearningLevel } from '../../../domain';
import {
  BREAK_REMINDER_OPTIONS,
  DAILY_PLAY_TIME_OPTIONS,
  DIFFICULTIES,
  type ChessSettings,
  type Difficulty,
} from '../../../schema';
import { SHOW_TUTORIAL_STATE } from '../tutorial';
import type { usePreferences } from './settings';

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

/** What each section of settings reads: the settings, and `set` that saves a change and says so. */
interface SectionProps {
  settings: ChessSettings;
  set: (patch: Partial<ChessSettings>) => void;
  locked: boolean;
}

const difficultyOptions = () => DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] }));

export function LearningSection({ settings, set, locked }: SectionProps) {
  const navigate = useNavigate();
  return (
    <Section title="Learning Settings" locked={locked}>
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
  );
}

export function GameModeSection({ settings, set }: Omit<SectionProps, 'locked'>) {
  return (
    <Section title="Game Mode">
      <fieldset className="field">
        <legend className="field__label">Opponent</legend>
        <div className="segmented">
          <label><input type="radio" name="gameMode" value="pvp" checked={settings.gameMode === 'pvp'} onChange={() => set({ gameMode: 'pvp' })} /> Human</label>
          <label><input type="radio" name="gameMode" value="pvc" checked={settings.gameMode === 'pvc'} onChange={() => set({ gameMode: 'pvc' })} /> Computer</label>
        </div>
      </fieldset>
      {settings.gameMode === 'pvc' && (
        <Choice label="AI difficulty" value={settings.aiDifficulty} options={difficultyOptions()} onChange={(v) => set({ aiDifficulty: v })} />
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
  );
}

type Preferences = NonNullable<ReturnType<typeof usePreferences>['preferences']>;

export function AppearanceSection({ preferences, update, saved }: { preferences: Preferences; update: ReturnType<typeof usePreferences>['update']; saved: (ok: boolean) => void }) {
  return (
    <Section title="Appearance">
      <Toggle
        label="Dark theme"
        checked={preferences.theme === 'dark'}
        onChange={(dark) => void update({ theme: dark ? 'dark' : 'light' }).then(saved)}
      />
      <Toggle
        label="Board coordinates"
        description="Show files and ranks along the board's edge"
        checked={preferences.showCoordinates}
        onChange={(v) => void update({ showCoordinates: v }).then(saved)}
      />
      {/* Issue 31, as Lichess's blind mode; here because the spec fixes the list of sections. */}
      <Toggle
        label="Board for screen readers"
        description="Show the position as text and type moves, without the picture of the board"
        checked={preferences.screenReaderBoard}
        onChange={(v) => void update({ screenReaderBoard: v }).then(saved)}
      />
    </Section>
  );
}

export function TimeSection({ settings, set, locked }: SectionProps) {
  return (
    <Section title="Time Management" locked={locked}>
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
  );
}

export function DifficultySection({ settings, set, locked }: SectionProps) {
  return (
    <Section title="Difficulty Control" locked={locked}>
      <Choice label="Learning level" value={settings.difficulty} options={difficultyOptions()} onChange={(v) => set(applyLearningLevel(settings, v))} />
      <Toggle
        label="Adjust difficulty automatically"
        description="Three wins in a row against the computer make it one level stronger; three losses, one level easier"
        checked={settings.autoAdjustDifficulty}
        onChange={(v) => set({ autoAdjustDifficulty: v })}
      />
      <p className="field__hint">Choosing a learning level also sets the computer to that level.</p>
    </Section>
  );
}
