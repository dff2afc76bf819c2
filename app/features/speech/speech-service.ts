/**
 * Speech with the Web Speech API (spec sections 2, 4 and 9): text is spoken sentence by sentence
 * with 200 ms between sentences; it can be paused, resumed, stopped, and the last hint replayed.
 * The state (idle, speaking, paused) is an external store the React tree subscribes to.
 * Failures are only logged and stop speaking (spec section 8).
 */
import type { SpeechSettings } from '../../../schema';
import { DEFAULT_SPEECH_SETTINGS } from '../../../schema/settings-defaults';
import { i18n } from '@lingui/core';
import { chooseVoice, SENTENCE_GAP_MS, shortenHint, splitSentences } from './speech-text';

/** The part of window.speechSynthesis we use, so tests can hand in their own. */
export interface SynthesisLike {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
  pause(): void;
  resume(): void;
  getVoices(): SpeechSynthesisVoice[];
}

export interface SpeechState {
  isSpeaking: boolean;
  isPaused: boolean;
  /** What is being spoken (the whole text, for the banner). */
  text: string | null;
  /** The last hint, shortened to 80 characters plus an ellipsis. */
  lastHint: string | null;
}

const IDLE: SpeechState = { isSpeaking: false, isPaused: false, text: null, lastHint: null };

export interface SpeechEnvironment {
  synth: SynthesisLike;
  createUtterance: (text: string) => SpeechSynthesisUtterance;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  /** The app's language when a sentence is spoken ('hi'): speech speaks it with a voice of it. */
  locale: () => string;
}

export class SpeechService {
  private state: SpeechState = IDLE;
  private readonly listeners = new Set<() => void>();
  private settings: SpeechSettings = DEFAULT_SPEECH_SETTINGS;
  private queue: string[] = [];
  /** Bumped at every new text and stop, so callbacks of an old utterance are ignored. */
  private run = 0;
  private gapTimer: unknown = null;
  /** The next sentence waits here when a pause came during the gap. */
  private waitingForResume = false;
  /** The full hint text, replayed as such (lastHint is its short form for display). */
  private lastHintText: string | null = null;

  constructor(private readonly env: SpeechEnvironment | null) {}

  get supported(): boolean {
    return this.env !== null;
  }

  getState = (): SpeechState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  configure(settings: SpeechSettings): void {
    this.settings = settings;
    if (!settings.enabled && this.state.isSpeaking) this.stop();
  }

  /** Speaks text from its start, replacing anything being spoken. A hint becomes the last hint. */
  speak(text: string, options: { hint?: boolean } = {}): void {
    if (options.hint) {
      this.lastHintText = text;
      this.setState({ lastHint: shortenHint(text) });
    }
    if (!this.env || !this.settings.enabled) return;
    const sentences = splitSentences(text);
    if (sentences.length === 0) return;
    this.cancelCurrent();
    this.queue = sentences;
    this.setState({ isSpeaking: true, isPaused: false, text });
    this.next(this.run);
  }

  replayLastHint(): void {
    if (this.lastHintText !== null) this.speak(this.lastHintText, { hint: true });
  }

  stop(): void {
    this.cancelCurrent();
    this.setState({ isSpeaking: false, isPaused: false, text: null });
  }

  pause(): void {
    if (!this.env || !this.state.isSpeaking || this.state.isPaused) return;
    if (this.gapTimer !== null) {
      this.env.clearTimeout(this.gapTimer);
      this.gapTimer = null;
      this.waitingForResume = true;
    }
    this.env.synth.pause();
    this.setState({ isPaused: true });
  }

  resume(): void {
    if (!this.env || !this.state.isPaused) return;
    this.setState({ isPaused: false });
    this.env.synth.resume();
    if (this.waitingForResume) {
      this.waitingForResume = false;
      this.next(this.run);
    }
  }

  private cancelCurrent(): void {
    this.run++;
    this.queue = [];
    this.waitingForResume = false;
    if (!this.env) return;
    if (this.gapTimer !== null) this.env.clearTimeout(this.gapTimer);
    this.gapTimer = null;
    try {
      this.env.synth.cancel();
    } catch (error) {
      console.error('Speech could not be cancelled.', error);
    }
  }

  private next(run: number): void {
    const env = this.env;
    if (!env || run !== this.run) return;
    const sentence = this.queue.shift();
    if (sentence === undefined) {
      this.setState({ isSpeaking: false, isPaused: false, text: null });
      return;
    }
    try {
      const utterance = env.createUtterance(sentence);
      utterance.rate = this.settings.rate;
      utterance.pitch = this.settings.pitch;
      utterance.volume = this.settings.volume;
      const { voice, lang } = chooseVoice(env.synth.getVoices(), env.locale(), this.settings);
      utterance.lang = lang;
      if (voice) utterance.voice = voice;
      utterance.onend = () => {
        if (run !== this.run) return;
        if (this.queue.length === 0) {
          this.next(run);
          return;
        }
        if (this.state.isPaused) {
          this.waitingForResume = true;
          return;
        }
        this.gapTimer = env.setTimeout(() => {
          this.gapTimer = null;
          this.next(run);
        }, SENTENCE_GAP_MS);
      };
      utterance.onerror = (event) => {
        if (run !== this.run) return;
        // 'interrupted' and 'canceled' are our own stop or a new text, not failures.
        if (event.error !== 'interrupted' && event.error !== 'canceled') console.error('Speech failed:', event.error);
        this.stop();
      };
      env.synth.speak(utterance);
    } catch (error) {
      console.error('Speech failed:', error);
      this.stop();
    }
  }

  private setState(patch: Partial<SpeechState>): void {
    const next = { ...this.state, ...patch };
    if (Object.keys(patch).every((key) => next[key as keyof SpeechState] === this.state[key as keyof SpeechState])) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function browserEnvironment(): SpeechEnvironment | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof window.SpeechSynthesisUtterance !== 'function') return null;
  return {
    synth: window.speechSynthesis,
    createUtterance: (text) => new window.SpeechSynthesisUtterance(text),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
    locale: () => i18n.locale,
  };
}

let service: SpeechService | null = null;

/** The tab's speech service; `supported` is false where the browser has no speech synthesis. */
export function getSpeech(): SpeechService {
  service ??= new SpeechService(browserEnvironment());
  return service;
}
