import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SpeechSettings } from '../../../schema';
import { useRecord, writeRecord } from '../../shared/db';
import { getSpeech } from './speech-service';
import { speechRecord } from './speech-on-demand';

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
