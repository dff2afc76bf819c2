import { useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SPEECH_RATE_MAX, SPEECH_RATE_MIN } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { isAppLocale } from '../../shared/i18n/locales';
import { speechRateLabel, voicesOf } from './speech-text';
import { useSpeech } from './useSpeech';
import { SPEECH_RATE_STEP } from './VoiceAssistant';

/** The voices the browser offers; Chrome fills the list asynchronously ('voiceschanged'). */
function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const read = () => setVoices(window.speechSynthesis.getVoices());
    read();
    window.speechSynthesis.addEventListener('voiceschanged', read);
    return () => window.speechSynthesis.removeEventListener('voiceschanged', read);
  }, []);
  return voices;
}

/**
 * Settings → Text-to-Speech: voice on or off, speed, voice, and a sample to hear, in the app's
 * language: the voices offered are the language's, and where the device has none it says so.
 */
export function TextToSpeechSection() {
  const { speech, settings, update, supported } = useSpeech();
  const voices = useVoices();
  const toast = useToast();
  const { t, i18n } = useLingui();
  const headingId = useId();
  const enabledId = useId();
  const rateId = useId();
  const voiceId = useId();
  if (!supported || settings === undefined) return null;

  const set = (patch: Parameters<typeof update>[0]) =>
    void update(patch).then((ok) =>
      toast(ok ? { title: t`Setting updated`, variant: 'success', durationMs: 2000 } : { title: t`Error`, description: t`The setting could not be saved on this device.`, variant: 'destructive' }),
    );
  const locale = isAppLocale(i18n.locale) ? i18n.locale : 'en';
  const own = voicesOf(voices, locale);
  // Before the browser lists its voices (Chrome fills the list later) nothing is said to be missing.
  const noVoice = voices.length > 0 && own.length === 0;
  const rate = speechRateLabel(settings.rate);

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}><Trans>Text-to-Speech</Trans></h2>
      <div className="field field--toggle">
        <label htmlFor={enabledId}>
          <span className="field__label"><Trans>Speak hints and feedback</Trans></span>
          <span className="field__hint"><Trans>Hints are read aloud when shown</Trans></span>
        </label>
        <input id={enabledId} type="checkbox" role="switch" checked={settings.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
      </div>
      <div className="field">
        <label htmlFor={rateId} className="field__label">{t`Speech speed: ${rate}`}</label>
        <input
          id={rateId}
          type="range"
          min={SPEECH_RATE_MIN}
          max={SPEECH_RATE_MAX}
          step={SPEECH_RATE_STEP}
          value={settings.rate}
          onChange={(event) => set({ rate: Number(event.target.value) })}
        />
      </div>
      {noVoice && <p className="field__hint" data-testid="no-voice"><Trans>This device has no voice for this language: hints may be read in another language's voice, or not at all.</Trans></p>}
      {own.length > 0 && (
        <div className="field">
          <label htmlFor={voiceId} className="field__label"><Trans>Voice</Trans></label>
          <select id={voiceId} value={settings.voice ?? ''} onChange={(event) => set({ voice: event.target.value === '' ? null : event.target.value })}>
            <option value="">{locale === 'en' ? t`Automatic (an English female voice)` : t`Automatic`}</option>
            {own.map((voice) => (
              <option key={voice.name} value={voice.name}>{voice.name} ({voice.lang})</option>
            ))}
          </select>
        </div>
      )}
      <button type="button" className="button" disabled={!settings.enabled} onClick={() => speech.speak(t`Hello! I will read your hints and explain your moves.`)}>
        <Icon name="play" /> <Trans>Test voice</Trans>
      </button>
    </section>
  );
}
