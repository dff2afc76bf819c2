/** What the rest of the app uses of speech: other features, the shell and App import it only from here. */
export { TextToSpeechSection } from './TextToSpeechSection';
export { VoiceAssistant } from './VoiceAssistant';
export { getSpeech } from './speech-service';
export { FEEDBACK_DELAY_MS } from './speech-text';
export { useMoveAnnouncements } from './useMoveAnnouncements';
export { useSpeech } from './useSpeech';
export { LazySpeechBanner, speakWhenReady, speechSupported, whenSpeechReady } from './speech-on-demand';
