import { Icon } from '../../shared/components/Icon';
import { useSpeech } from './useSpeech';

export const SPEECH_PAUSED_TEXT = 'Speech paused - use controls to resume';

/** 'Speaking', fixed near the bottom: what is said, stop and pause/resume. Hidden when silent. */
export function SpeechBanner() {
  const { speech, state, supported } = useSpeech();
  if (!supported || !state.isSpeaking) return null;
  return (
    <section className="speech-banner" aria-label="Speaking" data-testid="speech-banner">
      <div className="speech-banner__body">
        <h2 className="speech-banner__title">
          <Icon name="volume" /> Speaking
        </h2>
        <p className="speech-banner__text" aria-live="polite">{state.isPaused ? SPEECH_PAUSED_TEXT : state.text}</p>
      </div>
      <div className="speech-banner__actions">
        {state.isPaused ? (
          <button type="button" className="button" onClick={() => speech.resume()}>Resume</button>
        ) : (
          <button type="button" className="button" onClick={() => speech.pause()}>Pause</button>
        )}
        <button type="button" className="button" onClick={() => speech.stop()}>Stop</button>
      </div>
    </section>
  );
}
