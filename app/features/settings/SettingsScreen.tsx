import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChessSettings } from '../../../schema';
import { resetSettings, useParentControls, usePreferences, useSettings } from './settings';
import { formatDay } from '../../shared/components/dates';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { TOAST_SUCCESS_MS, useToast } from '../../shared/components/Toast';
import { logOut, useAuth } from '../auth';
import { ChildData } from '../privacy';
import { ChangePasswordSection } from './ChangePasswordSection';
import { LogOutButton } from './LogOutButton';
import { ParentEmailSection } from './ParentEmailSection';
import { ParentPinSection } from './ParentPinSection';
import { AppearanceSection, DifficultySection, GameModeSection, LearningSection, TimeSection } from './SettingsSections';
import { TextToSpeechSection } from '../speech';
import './settings.css';

/** Settings (/settings), titled Parental Controls. */
export default function SettingsScreen() {
  const { settings, update } = useSettings();
  const { preferences, update: updatePreferences } = usePreferences();
  const toast = useToast();
  const { t } = useLingui();
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  // Typing the parent PIN unlocks the controls for this visit to Settings only.
  const [unlocked, setUnlocked] = useState(false);

  const parentSet = useParentControls();
  if (settings === undefined || preferences === undefined) return <PageSkeleton />;
  const locked = settings.parentPinHash !== null && !unlocked;
  // Issue 19: a parent set these from their own account; only they change them (the PIN does not unlock them).
  const parentLocked = parentSet !== null;
  const setOn = parentSet === null ? '' : formatDay(parentSet.setAt);

  const saved = (ok: boolean) =>
    toast(ok ? { title: t`Setting updated`, variant: 'success', durationMs: 2000 } : { title: t`Error`, description: t`The setting could not be saved on this device.`, variant: 'destructive' });
  const set = (patch: Partial<ChessSettings>) => void update(patch).then(saved);

  const resetAll = async () => {
    const ok = await resetSettings(settings.parentPinHash);
    toast(ok ? { title: t`Settings reset`, variant: 'success', durationMs: TOAST_SUCCESS_MS } : { title: t`Error`, description: t`Settings could not be reset.`, variant: 'destructive' });
  };

  return (
    <div className="page settings">
      <header className="page__header">
        <Link to="/" className="back-link"><Icon name="arrowLeft" /> <Trans>Back to Play</Trans></Link>
        <h1><Trans>Parental Controls</Trans></h1>
        <p className="page__lead"><Trans>Choose how the app coaches, how games are played and how long to play.</Trans></p>
      </header>

      <ParentPinSection pinHash={settings.parentPinHash} unlocked={unlocked} onUnlock={setUnlocked} save={(patch) => update(patch).then((ok) => {
        saved(ok);
        return ok;
      })} />

      {parentSet !== null && (
        <div className="notice" role="status" data-testid="set-by-parent">
          <p><Trans><strong>Set by a parent</strong> on {setOn}: daily play time, break reminders, hints and learning level. Only your parent can change them, from their own account.</Trans></p>
        </div>
      )}

      <LearningSection settings={settings} set={set} locked={locked || parentLocked} />
      <GameModeSection settings={settings} set={set} />
      <AppearanceSection preferences={preferences} update={updatePreferences} saved={saved} />
      <TimeSection settings={settings} set={set} locked={locked || parentLocked} />
      <DifficultySection settings={settings} set={set} locked={locked || parentLocked} />

      {signedIn && <ChangePasswordSection />}
      {auth.status === 'signedIn' && !auth.user.isManaged && <ParentEmailSection user={auth.user} />}
      <TextToSpeechSection />
      {/* Issue 26: an ordinary account's own data; a class account's is its school's and its parents' to download or delete. */}
      {auth.status === 'signedIn' && !auth.user.isManaged && (
        <ChildData self userId={auth.user.id} username={auth.user.username} name={auth.user.username} onErased={() => void logOut()} />
      )}

      <div className="settings__actions">
        <button type="button" className="button button--danger" disabled={locked || parentLocked} onClick={() => void resetAll()}><Trans>Reset All Settings</Trans></button>
        {auth.status === 'signedIn' && <LogOutButton userId={auth.user.id} />}
      </div>
    </div>
  );
}
