import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEECH_SETTINGS } from '../../../schema';
import { SpeechService, type SpeechEnvironment } from './speech-service';

/** A speech engine that records what it is asked and finishes an utterance when told to. */
function fakeEnvironment(locale = 'en') {
  const spoken: { text: string; rate: number; pitch: number; volume: number; lang: string; voice: string | null }[] = [];
  let current: SpeechSynthesisUtterance | null = null;
  const timers: { run: () => void; ms: number }[] = [];
  const calls: string[] = [];
  const env: SpeechEnvironment = {
    synth: {
      speak: (utterance) => {
        current = utterance;
        spoken.push({
          text: utterance.text, rate: utterance.rate, pitch: utterance.pitch, volume: utterance.volume,
          lang: utterance.lang, voice: utterance.voice?.name ?? null,
        });
      },
      cancel: () => calls.push('cancel'),
      pause: () => calls.push('pause'),
      resume: () => calls.push('resume'),
      getVoices: () => [{ name: 'Daniel', lang: 'en-GB' }, { name: 'Samantha', lang: 'en-US' }, { name: 'Lekha', lang: 'hi-IN' }] as SpeechSynthesisVoice[],
    },
    createUtterance: (text) => ({ text }) as SpeechSynthesisUtterance,
    setTimeout: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    locale: () => locale,
  };
  return {
    env, spoken, calls, timers,
    finish: () => current?.onend?.({} as SpeechSynthesisEvent),
    fail: (error: string) => current?.onerror?.({ error } as SpeechSynthesisErrorEvent),
    tick: () => timers.shift()?.run(),
  };
}

describe('SpeechService', () => {
  it('speaks sentence by sentence with the spec defaults and 200 ms gaps', () => {
    const fake = fakeEnvironment();
    const speech = new SpeechService(fake.env);
    speech.speak('Good move. Now watch your queen.');
    expect(speech.getState()).toMatchObject({ isSpeaking: true, isPaused: false, text: 'Good move. Now watch your queen.' });
    expect(fake.spoken).toEqual([{ text: 'Good move.', rate: 0.95, pitch: 1.1, volume: 0.8, lang: 'en-US', voice: 'Samantha' }]);
    fake.finish();
    expect(fake.spoken).toHaveLength(1);
    expect(fake.timers.map((t) => t.ms)).toEqual([200]);
    fake.tick();
    expect(fake.spoken.map((s) => s.text)).toEqual(['Good move.', 'Now watch your queen.']);
    fake.finish();
    expect(speech.getState().isSpeaking).toBe(false);
  });

  it.each([
    { locale: 'hi', lang: 'hi-IN', voice: 'Lekha' },
    { locale: 'ar', lang: 'ar-SA', voice: null },
  ])("speaks the app's language ($locale) with a voice of it, or the language's tag alone", ({ locale, lang, voice }) => {
    const fake = fakeEnvironment(locale);
    new SpeechService(fake.env).speak('शाबाश।');
    expect(fake.spoken[0]).toMatchObject({ lang, voice });
  });

  it('a pause during the gap holds the next sentence until resume', () => {
    const fake = fakeEnvironment();
    const speech = new SpeechService(fake.env);
    speech.speak('One. Two.');
    fake.finish();
    speech.pause();
    expect(speech.getState()).toMatchObject({ isSpeaking: true, isPaused: true });
    expect(fake.timers).toHaveLength(0);
    speech.resume();
    expect(fake.spoken.map((s) => s.text)).toEqual(['One.', 'Two.']);
    expect(fake.calls).toEqual(['cancel', 'pause', 'resume']);
  });

  it('stop ends speaking; a failure is logged and stops; the last hint is kept short and replayable', () => {
    const fake = fakeEnvironment();
    const speech = new SpeechService(fake.env);
    const hint = 'Look at your knight on f3: it can jump to a square where it attacks two pieces at once, a fork.';
    speech.speak(hint, { hint: true });
    expect(speech.getState().lastHint).toBe(`${hint.slice(0, 80).trimEnd()}...`);
    speech.stop();
    expect(speech.getState()).toMatchObject({ isSpeaking: false, text: null });
    speech.replayLastHint();
    expect(speech.getState().text).toBe(hint);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    fake.fail('synthesis-failed');
    console.error = original;
    expect(errors).toHaveLength(1);
    expect(speech.getState().isSpeaking).toBe(false);
  });

  it('says nothing when muted or unsupported, but still remembers the hint', () => {
    const fake = fakeEnvironment();
    const speech = new SpeechService(fake.env);
    speech.configure({ ...DEFAULT_SPEECH_SETTINGS, enabled: false });
    speech.speak('A hint.', { hint: true });
    expect(fake.spoken).toHaveLength(0);
    expect(speech.getState()).toMatchObject({ isSpeaking: false, lastHint: 'A hint.' });
    const unsupported = new SpeechService(null);
    unsupported.speak('Hello.');
    expect(unsupported.supported).toBe(false);
    expect(unsupported.getState().isSpeaking).toBe(false);
  });
});
