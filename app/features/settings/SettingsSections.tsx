import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageField } from './LanguageChoice';
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

const DIFFICULTY_LABELS = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` } as const satisfies Record<Difficulty, unknown>;
const minutesLabel = (minutes: number, zero: string) => (minutes === 0 ? zero : plural(minutes, { one: '# minute', other: '# minutes' }));

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

const difficultyOptions = (i18n: I18n) => DIFFICULTIES.map((value) => ({ value, label: i18n._(DIFFICULTY_LABELS[value]) }));

export function LearningSection({ settings, set, locked }: SectionProps) {
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <Section title={t`Learning Settings`} locked={locked}>
      <Toggle label={t`Hints`} description={t`Show the hint button during games`} checked={settings.hintsEnabled} onChange={(v) => set({ hintsEnabled: v })} />
      <Toggle label={t`Move announcements`} description={t`Read each move aloud`} checked={settings.moveAnnouncementsEnabled} onChange={(v) => set({ moveAnnouncementsEnabled: v })} />
      <Toggle label={t`Educational feedback`} description={t`Explain what each move did`} checked={settings.educationalFeedbackEnabled} onChange={(v) => set({ educationalFeedbackEnabled: v })} />
      <Toggle label={t`Focus mode`} description={t`Hide the analysis panel while playing`} checked={settings.focusMode} onChange={(v) => set({ focusMode: v })} />
      <Toggle label={t`Progress tracking`} checked={settings.progressTracking} onChange={(v) => set({ progressTracking: v })} />
      <div className="field field--toggle">
        <span className="settings__text">
          <span className="field__label"><Trans>Tutorial</Trans></span>
          <span className="field__hint"><Trans>The five-step tour of the Play screen</Trans></span>
        </span>
        <button type="button" className="button" onClick={() => void navigate('/', { state: SHOW_TUTORIAL_STATE })}>
          <Trans>Show Tutorial</Trans>
        </button>
      </div>
    </Section>
  );
}

export function GameModeSection({ settings, set }: Omit<SectionProps, 'locked'>) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Game Mode`}>
      <fieldset className="field">
        <legend className="field__label"><Trans>Opponent</Trans></legend>
        <div className="segmented">
          <label><input type="radio" name="gameMode" value="pvp" checked={settings.gameMode === 'pvp'} onChange={() => set({ gameMode: 'pvp' })} /> <Trans>Human</Trans></label>
          <label><input type="radio" name="gameMode" value="pvc" checked={settings.gameMode === 'pvc'} onChange={() => set({ gameMode: 'pvc' })} /> <Trans>Computer</Trans></label>
        </div>
      </fieldset>
      {settings.gameMode === 'pvc' && (
        <Choice label={t`AI difficulty`} value={settings.aiDifficulty} options={difficultyOptions(i18n)} onChange={(v) => set({ aiDifficulty: v })} />
      )}
      <fieldset className="field">
        <legend className="field__label"><Trans>Play as</Trans></legend>
        <div className="segmented">
          <label><input type="radio" name="playerColor" value="w" checked={settings.playerColor === 'w'} onChange={() => set({ playerColor: 'w' })} /> <Trans>White</Trans></label>
          <label><input type="radio" name="playerColor" value="b" checked={settings.playerColor === 'b'} onChange={() => set({ playerColor: 'b' })} /> <Trans>Black</Trans></label>
        </div>
      </fieldset>
      <p className="field__hint"><Trans>A game already under way keeps its mode and colours; changes apply from the next New Game.</Trans></p>
    </Section>
  );
}

type Preferences = NonNullable<ReturnType<typeof usePreferences>['preferences']>;

export function AppearanceSection({ preferences, update, saved }: { preferences: Preferences; update: ReturnType<typeof usePreferences>['update']; saved: (ok: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Section title={t`Appearance`}>
      <Toggle
        label={t`Dark theme`}
        checked={preferences.theme === 'dark'}
        onChange={(dark) => void update({ theme: dark ? 'dark' : 'light' }).then(saved)}
      />
      <Toggle
        label={t`Board coordinates`}
        description={t`Show files and ranks along the board's edge`}
        checked={preferences.showCoordinates}
        onChange={(v) => void update({ showCoordinates: v }).then(saved)}
      />
      {/* Issues 28 and 31 (the latter as Lichess's blind mode): here because the spec fixes Settings' list of sections. */}
      <LanguageField />
      <Choice
        label={t`Move notation`}
        value={preferences.notation}
        options={[{ value: 'san', label: t`Letters (Nf3)` }, { value: 'figurine', label: t`Figurines (♘f3)` }] as const}
        onChange={(notation) => void update({ notation }).then(saved)}
      />
      <Toggle
        label={t`Board for screen readers`}
        description={t`Show the position as text and type moves, without the picture of the board`}
        checked={preferences.screenReaderBoard}
        onChange={(v) => void update({ screenReaderBoard: v }).then(saved)}
      />
    </Section>
  );
}

export function TimeSection({ settings, set, locked }: SectionProps) {
  const { t } = useLingui();
  return (
    <Section title={t`Time Management`} locked={locked}>
      <Choice
        label={t`Daily play time`}
        value={settings.dailyPlayTime}
        options={DAILY_PLAY_TIME_OPTIONS.map((value) => ({ value, label: minutesLabel(value, t`No Limit`) }))}
        onChange={(v) => set({ dailyPlayTime: v })}
      />
      <Choice
        label={t`Break reminders`}
        value={settings.breakReminders}
        options={BREAK_REMINDER_OPTIONS.map((value) => ({ value, label: minutesLabel(value, t`Disabled`) }))}
        onChange={(v) => set({ breakReminders: v })}
      />
    </Section>
  );
}

export function DifficultySection({ settings, set, locked }: SectionProps) {
  const { t, i18n } = useLingui();
  return (
    <Section title={t`Difficulty Control`} locked={locked}>
      <Choice label={t`Learning level`} value={settings.difficulty} options={difficultyOptions(i18n)} onChange={(v) => set(applyLearningLevel(settings, v))} />
      <Toggle
        label={t`Adjust difficulty automatically`}
        description={t`Three wins in a row against the computer make it one level stronger; three losses, one level easier`}
        checked={settings.autoAdjustDifficulty}
        onChange={(v) => set({ autoAdjustDifficulty: v })}
      />
      <p className="field__hint"><Trans>Choosing a learning level also sets the computer to that level.</Trans></p>
    </Section>
  );
}
