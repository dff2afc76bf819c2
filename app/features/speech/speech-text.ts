/**
 * What speech says and how it is cut up (spec section 9): sentence by sentence, a sentence over
 * 100 characters split at commas and conjunctions, the last hint shortened to 80 characters plus
 * an ellipsis, and an English female voice preferred; in another language, a voice of that
 * language. Pure, so it is unit-tested.
 */
import { isAppLocale, type AppLocale } from '../../shared/i18n/locales';

export const MAX_SPOKEN_SENTENCE = 100;
export const LAST_HINT_MAX = 80;
export const SENTENCE_GAP_MS = 200;
export const FEEDBACK_DELAY_MS = 500;

const CONJUNCTIONS = ['and', 'but', 'or', 'so', 'because', 'while', 'which', 'then', 'yet'];
const CONJUNCTION_BREAK = new RegExp(`\\s+(?=(?:${CONJUNCTIONS.join('|')})\\s)`, 'gi');

/**
 * Sentences end at '.', '!' or '?' (Hindi's '।', Arabic's '؟' too) followed by a space; a move
 * number like '12.' is not an end.
 */
export function splitSentences(text: string): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[^\d\s][.!?।؟])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  return sentences.flatMap((sentence) => (sentence.length > MAX_SPOKEN_SENTENCE ? splitLongSentence(sentence) : [sentence]));
}

/**
 * Cuts after commas and before conjunctions, then joins neighbouring pieces again while they fit
 * in 100 characters, so the pieces are as long as allowed and never cut inside a word.
 */
export function splitLongSentence(sentence: string, max = MAX_SPOKEN_SENTENCE): string[] {
  const pieces = sentence
    .split(/(?<=[,;:،؛])\s+/)
    .flatMap((piece) => piece.split(CONJUNCTION_BREAK))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
  const chunks: string[] = [];
  for (const piece of pieces) {
    const last = chunks[chunks.length - 1];
    if (last !== undefined && last.length + 1 + piece.length <= max) chunks[chunks.length - 1] = `${last} ${piece}`;
    else chunks.push(piece);
  }
  return chunks;
}

/** The last hint as kept for 'replay': at most 80 characters, then '...'. */
export function shortenHint(text: string, max = LAST_HINT_MAX): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max).trimEnd()}...`;
}

export interface VoiceLike {
  name: string;
  lang: string;
  default?: boolean;
}

/** Names of common English female system voices (Windows, macOS, ChromeOS, Android). */
const FEMALE_VOICE_NAMES = /female|woman|samantha|victoria|karen|zira|susan|hazel|moira|tessa|fiona|serena|allison|ava|jenny|aria|libby|sonia|google us english|google uk english female/i;

/**
 * The voice to speak with: the stored choice when it exists; else an English female voice,
 * preferring the requested language; else any voice of that language, any English voice, or
 * null (the browser's default).
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], lang: string, preferredName: string | null = null): V | null {
  if (preferredName) {
    const chosen = voices.find((voice) => voice.name === preferredName);
    if (chosen) return chosen;
  }
  const english = voices.filter((voice) => voice.lang.toLowerCase().startsWith('en'));
  const sameLang = (voice: V) => voice.lang.replace('_', '-').toLowerCase() === lang.toLowerCase();
  const female = english.filter((voice) => FEMALE_VOICE_NAMES.test(voice.name));
  return (
    female.find(sameLang) ??
    female[0] ??
    voices.find(sameLang) ??
    english[0] ??
    null
  );
}

/** The language and country each language speaks with when the device names no voice of its own. */
export const SPEECH_LANGS: Readonly<Record<AppLocale, string>> = { en: 'en-US', hi: 'hi-IN', es: 'es-ES', fr: 'fr-FR', ar: 'ar-SA' };

/** A voice's language subtag: 'hi' for 'hi-IN' or Android's 'hi_IN'. */
const languageOf = (voice: VoiceLike) => voice.lang.split(/[-_]/)[0]?.toLowerCase() ?? '';

/** The device's voices that speak `locale`'s language, whatever their country. */
export function voicesOf<V extends VoiceLike>(voices: readonly V[], locale: AppLocale): V[] {
  return voices.filter((voice) => languageOf(voice) === locale);
}

/**
 * What speaks the app's language (issue 28): in English, pickVoice's choice and the stored
 * language; in another language, the stored voice when it speaks that language, else one of the
 * language's usual country, the device's default of the language, or any of the language. `voice`
 * is null when the device has none: the text is still given the language's tag (`lang`), and
 * Settings says the device has no voice for it. `locale` is the catalogue's ('pseudo' is English).
 */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[], locale: string, settings: { lang: string; voice: string | null }): { voice: V | null; lang: string } {
  if (!isAppLocale(locale) || locale === 'en') {
    // A voice chosen while the app spoke another language does not read English.
    const stored = voices.find((voice) => voice.name === settings.voice && languageOf(voice) === 'en');
    return { voice: pickVoice(voices, settings.lang, stored?.name ?? null), lang: settings.lang };
  }
  const own = voicesOf(voices, locale);
  const usual = SPEECH_LANGS[locale].toLowerCase();
  const voice =
    own.find((candidate) => candidate.name === settings.voice) ??
    own.find((candidate) => candidate.lang.replace('_', '-').toLowerCase() === usual) ??
    own.find((candidate) => candidate.default === true) ??
    own[0] ??
    null;
  return { voice, lang: voice ? voice.lang.replace('_', '-') : SPEECH_LANGS[locale] };
}

/**
 * The speech speed as Play and Settings both show it (issue 20: the default 0.95 read 1.0x on
 * Play and 0.9x in Settings): to the hundredth, without a trailing zero ('0.95×', '1.0×', '0.8×').
 */
export function speechRateLabel(rate: number): string {
  return `${rate.toFixed(2).replace(/(\.\d)0$/, '$1')}×`;
}
