/**
 * Speech for the first screen without the speech code in the first visit's JavaScript (issue 28
 * made room there for the message catalogues): the service and the stored voice settings load at
 * the first thing said, and the banner once Play has painted.
 */
import { lazy } from 'react';
import type { SpeechSettings } from '../../../schema';
import { DEFAULT_SPEECH_SETTINGS } from '../../../schema/settings-defaults';
import { readRecord, STORAGE_KEYS, type RecordKind } from '../../shared/db';
import type { SpeechService } from './speech-service';

/** chess-tts-settings: the voice this device speaks with. */
export const speechRecord: RecordKind<SpeechSettings> = {
  key: STORAGE_KEYS.speech, schema: (s) => s.speechSettingsSchema, fallback: DEFAULT_SPEECH_SETTINGS,
};

/** The same test as the service's own (speech-service.ts, browserEnvironment), without loading it. */
export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}

let loading: Promise<SpeechService> | null = null;

/** The tab's speech service, configured with the stored settings (useSpeech keeps them current after). */
export function whenSpeechReady(): Promise<SpeechService> {
  loading ??= Promise.all([import('./speech-service'), readRecord(speechRecord)]).then(([{ getSpeech }, settings]) => {
    const speech = getSpeech();
    if (settings) speech.configure(settings);
    return speech;
  });
  return loading;
}

/** Says `text` once the service has loaded (at once after the first time). */
export function speakWhenReady(text: string, options: { hint?: boolean } = {}): void {
  void whenSpeechReady().then((speech) => speech.speak(text, options));
}

export const LazySpeechBanner = lazy(() => import('./SpeechBanner').then((module) => ({ default: module.SpeechBanner })));
