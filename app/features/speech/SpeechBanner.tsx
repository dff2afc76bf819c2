import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../shared/components/Icon';
import { useSpeech } from './useSpeech';

/** 'Speaking', fixed near the bottom: what is said, stop and pause/resume. Hidden when silent. */
export function SpeechBanner() {
  const { speech, state, supported } = useSpeech();
  const { t } = useLingui();
  if (!supported || !state.isSpeaking) return null;
  return (
    <section className="speech-banner" aria-label={t`Speaking`} data-testid="speech-banner">
      <div className="speech-banner__body">
        <h2 className="speech-banner__title">
          <Icon name="volume" /> <Trans>Speaking</Trans>
        </h2>
        <p className="speech-banner__text" aria-live="polite">{state.isPaused ? t`Speech paused - use controls to resume` : state.text}</p>
      </div>
      <div className="speech-banner__actions">
        {state.isPaused ? (
          <button type="button" className="button" onClick={() => speech.resume()}><Trans>Resume</Trans></button>
        ) : (
          <button type="button" className="button" onClick={() => speech.pause()}><Trans>Pause</Trans></button>
        )}
        <button type="button" className="button" onClick={() => speech.stop()}><Trans>Stop</Trans></button>
      </div>
    </section>
  );
}
