/**
 * What speech says and how it is cut up (spec section 9): sentence by sentence, a sentence over
 * 100 characters split at commas and conjunctions, the last hint shortened to 80 characters plus
 * an ellipsis, and an English female voice preferred. Pure, so it is unit-tested.
 */
export const MAX_SPOKEN_SENTENCE = 100;
export const LAST_HINT_MAX = 80;
export const SENTENCE_GAP_MS = 200;
export const FEEDBACK_DELAY_MS = 500;

const CONJUNCTIONS = ['and', 'but', 'or', 'so', 'because', 'while', 'which', 'then', 'yet'];
const CONJUNCTION_BREAK = new RegExp(`\\s+(?=(?:${CONJUNCTIONS.join('|')})\\s)`, 'gi');

/** Sentences end at '.', '!' or '?' followed by a space; a move number like '12.' is not an end. */
export function splitSentences(text: string): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[^\d\s][.!?])\s+/)
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
    .split(/(?<=[,;:])\s+/)
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

/**
 * The speech speed as Play and Settings both show it (issue 20: the default 0.95 read 1.0x on
 * Play and 0.9x in Settings): to the hundredth, without a trailing zero ('0.95×', '1.0×', '0.8×').
 */
export function speechRateLabel(rate: number): string {
  return `${rate.toFixed(2).replace(/(\.\d)0$/, '$1')}×`;
}
