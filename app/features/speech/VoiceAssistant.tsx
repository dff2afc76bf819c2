import { useId } from 'react';
import { SPEECH_RATE_MAX, SPEECH_RATE_MIN } from '../../../schema/core/values';
import { Icon } from '../../shared/components/Icon';
import { speechRateLabel } from './speech-text';
import { useSpeech } from './useSpeech';

/** Spec section 5: the speed slider goes from 0.7 to 1.2 in steps of 0.1. */
export const SPEECH_RATE_STEP = 0.1;

/**
 * The voice assistant control: speech on or off, replay the last hint, pause or resume, and the
 * speed. `compact` shows the buttons only. Hidden where the browser cannot speak.
 */
export function VoiceAssistant({ compact = false }: { compact?: boolean }) {
  const { speech, state, settings, update, supported } = useSpeech();
  const sliderId = useId();
  if (!supported || settings === undefined) return null;
  const rate = settings.rate;
  return (
    <section className={`voice-assistant${compact ? ' voice-assistant--compact' : ''}`} aria-label="Voice assistant">
      <div className="voice-assistant__buttons">
        <button
          type="button"
          className="button"
          aria-pressed={settings.enabled}
          onClick={() => {
            if (settings.enabled) speech.stop();
            void update({ enabled: !settings.enabled });
          }}
        >
          <Icon name={settings.enabled ? 'volume' : 'mute'} /> {settings.enabled ? 'Voice on' : 'Voice off'}
        </button>
        <button type="button" className="button" disabled={state.lastHint === null || !settings.enabled} onClick={() => speech.replayLastHint()} title={state.lastHint ?? undefined}>
          <Icon name="replay" /> Replay hint
        </button>
        {state.isSpeaking && (
          <button type="button" className="button" onClick={() => (state.isPaused ? speech.resume() : speech.pause())}>
            {state.isPaused ? 'Resume' : 'Pause'}
          </button>
        )}
      </div>
      {!compact && (
        <div className="voice-assistant__speed">
          <label htmlFor={sliderId}>Speech speed</label>
          <input
            id={sliderId}
            type="range"
            min={SPEECH_RATE_MIN}
            max={SPEECH_RATE_MAX}
            step={SPEECH_RATE_STEP}
            value={rate}
            aria-valuetext={`${speechRateLabel(rate).replace('×', '')} times`}
            onChange={(event) => void update({ rate: Number(event.target.value) })}
          />
          <output htmlFor={sliderId}>{speechRateLabel(rate)}</output>
        </div>
      )}
      {state.lastHint !== null && !compact && <p className="voice-assistant__last">Last hint: {state.lastHint}</p>}
    </section>
  );
}
