import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SpeechSettings } from '../../../schema';
import { DEFAULT_SPEECH_SETTINGS } from '../../../schema/settings-defaults';
import { STORAGE_KEYS, useRecord, writeRecord, type RecordKind } from '../../shared/db';
import { getSpeech } from './speech-service';

/** chess-tts-settings: the voice this device speaks with. */
const speechRecord: RecordKind<SpeechSettings> = {
  key: STORAGE_KEYS.speech, schema: (s) => s.speechSettingsSchema, fallback: DEFAULT_SPEECH_SETTINGS,
};

/** The tab's speech service, its state and the stored chess-tts-settings it speaks with. */
export function useSpeech() {
  const speech = getSpeech();
  const state = useSyncExternalStore(speech.subscribe, speech.getState);
  const settings = useRecord(speechRecord);
  useEffect(() => {
    if (settings) speech.configure(settings);
  }, [speech, settings]);
  const update = useCallback(
    (patch: Partial<SpeechSettings>) => writeRecord(speechRecord, { ...(settings ?? speechRecord.fallback), ...patch }),
    [settings],
  );
  return { speech, state, settings, update, supported: speech.supported };
}
