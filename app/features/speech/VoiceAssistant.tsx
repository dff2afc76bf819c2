import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!supported || settings === undefined) return null;
  const rate = settings.rate;
  const times = speechRateLabel(rate).replace('×', '');
  const lastHint = state.lastHint;
  return (
    <section className={`voice-assistant${compact ? ' voice-assistant--compact' : ''}`} aria-label={t`Voice assistant`}>
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
          <Icon name={settings.enabled ? 'volume' : 'mute'} /> {settings.enabled ? t`Voice on` : t`Voice off`}
        </button>
        <button type="button" className="button" disabled={state.lastHint === null || !settings.enabled} onClick={() => speech.replayLastHint()} title={state.lastHint ?? undefined}>
          <Icon name="replay" /> <Trans>Replay hint</Trans>
        </button>
        {state.isSpeaking && (
          <button type="button" className="button" onClick={() => (state.isPaused ? speech.resume() : speech.pause())}>
            {state.isPaused ? t`Resume` : t`Pause`}
          </button>
        )}
      </div>
      {!compact && (
        <div className="voice-assistant__speed">
          <label htmlFor={sliderId}><Trans>Speech speed</Trans></label>
          <input
            id={sliderId}
            type="range"
            min={SPEECH_RATE_MIN}
            max={SPEECH_RATE_MAX}
            step={SPEECH_RATE_STEP}
            value={rate}
            aria-valuetext={t`${times} times`}
            onChange={(event) => void update({ rate: Number(event.target.value) })}
          />
          <output htmlFor={sliderId}>{speechRateLabel(rate)}</output>
        </div>
      )}
      {lastHint !== null && !compact && <p className="voice-assistant__last"><Trans>Last hint: {lastHint}</Trans></p>}
    </section>
  );
}
