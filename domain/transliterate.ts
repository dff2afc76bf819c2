/**
 * Names in Latin letters a child can type on an English keyboard (issue 28): 'आरव' → 'Aarav',
 * 'Иван' → 'Ivan', 'Zoë' → 'Zoe'. Usernames are made from real names (./classes.ts), and a class
 * pasted in Devanagari must not get usernames only a Hindi keyboard can type. Pure, no side effects
 * (Sanscript's scheme table gets one more scheme on first use, under this module's own name).
 *
 * Devanagari (Hindi, Marathi, Nepali) goes through Sanscript with Hindi's schwa deletion and the
 * spellings Indian names usually have in English; every other script, and Latin accents, through
 * any-ascii. Both tables are large (any-ascii's is about 220 KB gzip), so only the classes screens
 * and the server import this module.
 */
import Sanscript from '@indic-transliteration/sanscript';
import anyAscii from 'any-ascii';

const DEVANAGARI_RUN = /\p{Script_Extensions=Devanagari}+/gu;
const CONSONANT = /[\u0915-\u0939\u0958-\u095F]/u;
const VIRAMA = '\u094D';
const NUKTA = '\u093C';
/** Vowel signs, and the independent vowels that begin a syllable of their own. */
const VOWEL_SIGN = /[\u093A-\u093B\u093E-\u094C\u094E-\u094F\u0955-\u0957\u0962-\u0963]/u;
const INDEPENDENT_VOWEL = /[\u0904-\u0914\u0960-\u0961\u0972-\u0977]/u;
/** Anusvara, candrabindu and visarga: a syllable ending in one keeps its vowel. */
const CODA = /[\u0900-\u0903]/u;
/** After a cluster ending in one of these, a final schwa is said: कृष्ण Krishna, मित्र Mitra, सूर्य Surya. */
const SONORANTS = new Set(['य', 'र', 'ल', 'व', 'म', 'न', 'ण', 'ञ']);
/**
 * A consonant and nukta as NFKC leaves them (decomposed), to the single letters Sanscript reads
 * (it reads a letter at a time); ढ़ has none there, so it is read as ढ, and so is any other.
 */
const NUKTA_LETTERS: Record<string, string> = { क: '\u0958', ख: '\u0959', ग: '\u095A', ज: '\u095B', ड: '\u095C', फ: '\u095E', य: '\u095F' };

/**
 * Sanscript's table from Devanagari to the spelling of Indian names in English. Capitals are
 * marks resolved by position afterwards (spellNames): A for आ, I for ई, U for ऊ, M for a nasal.
 * Aspirates keep their h (ध dh, थ th), श and ष are sh, व is v (w after a sibilant), ज्ञ is gy.
 */
const NAME_SCHEME = 'chess_username_hindi';
const nameScheme = () => ({
  // Sanscript reads this flag from the scheme; its type declares only tables.
  isRomanScheme: true as unknown as Record<string, string>,
  vowels: { अ: 'a', आ: 'A', इ: 'i', ई: 'I', उ: 'u', ऊ: 'U', ऋ: 'ri', ॠ: 'ri', ऌ: 'li', ॡ: 'li', ऎ: 'e', ए: 'e', ऐ: 'ai', ऒ: 'o', ओ: 'o', औ: 'au', ऍ: 'e', ऑ: 'o' },
  yogavaahas: { 'ं': 'M', 'ँ': 'M', 'ः': 'h' },
  virama: { '्': '' },
  consonants: {
    क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'n', च: 'ch', छ: 'chh', ज: 'j', झ: 'jh', ञ: 'n',
    ट: 't', ठ: 'th', ड: 'd', ढ: 'dh', ण: 'n', त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n',
    प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm', य: 'y', र: 'r', ल: 'l', व: 'v',
    श: 'sh', ष: 'sh', स: 's', ह: 'h', ळ: 'l', क्ष: 'ksh', ज्ञ: 'gy',
  },
  // Keyed as Sanscript keys them, precomposed: क़ ख़ ग़ ज़ ड़ फ़ य़ ऱ ऴ ऩ.
  extra_consonants: { '\u0958': 'q', '\u0959': 'kh', '\u095A': 'gh', '\u095B': 'z', '\u095C': 'r', '\u095E': 'f', '\u095F': 'y', '\u0931': 'r', '\u0934': 'l', '\u0929': 'n' },
  symbols: { '०': '0', '१': '1', '२': '2', '३': '3', '४': '4', '५': '5', '६': '6', '७': '7', '८': '8', '९': '9', ॐ: 'om' },
});

interface Syllable {
  /** Its consonants, none for a syllable that is an independent vowel. */
  consonants: string[];
  /** Index in the word's text just after its last consonant, where a virama silences its schwa. */
  end: number;
  /** It has the inherent vowel, not a vowel sign, a virama or an independent vowel. */
  schwa: boolean;
  /** An anusvara, candrabindu or visarga follows. */
  coda: boolean;
}

function syllablesOf(word: string): Syllable[] {
  const syllables: Syllable[] = [];
  const chars = Array.from(word);
  let index = 0;
  let offset = 0;
  const take = () => {
    const char = chars[index++] as string;
    offset += char.length;
    return char;
  };
  while (index < chars.length) {
    const char = chars[index] as string;
    if (CODA.test(char)) {
      take();
      const last = syllables[syllables.length - 1];
      if (last) last.coda = true;
      continue;
    }
    if (INDEPENDENT_VOWEL.test(char)) {
      take();
      syllables.push({ consonants: [], end: offset, schwa: false, coda: false });
      continue;
    }
    if (!CONSONANT.test(char)) {
      take();
      continue;
    }
    const consonants: string[] = [];
    let end = offset;
    let schwa = true;
    while (index < chars.length && CONSONANT.test(chars[index] as string)) {
      consonants.push(take());
      if (chars[index] === NUKTA) take();
      end = offset;
      if (chars[index] !== VIRAMA) break;
      take();
      // A virama at the end of the word, or before a non-consonant: written silent already.
      if (!CONSONANT.test(chars[index] ?? '')) schwa = false;
    }
    if (VOWEL_SIGN.test(chars[index] ?? '')) {
      take();
      schwa = false;
    }
    syllables.push({ consonants, end, schwa, coda: false });
  }
  return syllables;
}

/**
 * Hindi schwa deletion, written into the word as viramas: the inherent 'a' is not said at the end
 * of a word (आरव Aarav, सिंह Singh), except after a cluster ending in y, r, l, v, m or a nasal
 * (कृष्ण Krishna, मित्र Mitra); and inside a word it goes between a vowel and a consonant followed
 * by a vowel (VC_CV: कमला Kamla, नवनीत Navneet), scanning from the end, so one goes and its
 * neighbour stays. A syllable with a nasal or visarga keeps it. Before प्र it goes too: names
 * joined with -preet, -prakash, -prasad (हरप्रीत Harpreet). Names compounded of other words are
 * where this guesses wrong (see transliterate.test.ts).
 */
function deleteSchwas(word: string): string {
  const syllables = syllablesOf(word);
  const silent = new Set<number>();
  const last = syllables.length - 1;
  const final = syllables[last];
  if (final && last > 0 && final.schwa && !final.coda) {
    const cluster = final.consonants.length > 1 && SONORANTS.has(final.consonants[final.consonants.length - 1] as string);
    if (!cluster) silent.add(last);
  }
  for (let i = last - 1; i >= 1; i--) {
    const syllable = syllables[i] as Syllable;
    const next = syllables[i + 1] as Syllable;
    if (!syllable.schwa || syllable.coda || syllable.consonants.length !== 1 || silent.has(i + 1)) continue;
    const beforeVowel = next.consonants.length === 1 || next.consonants.join('') === 'पर';
    if (beforeVowel) silent.add(i);
  }
  let result = '';
  let from = 0;
  for (const i of [...silent].sort((a, b) => a - b)) {
    const end = (syllables[i] as Syllable).end;
    result += word.slice(from, end) + VIRAMA;
    from = end;
  }
  return result + word.slice(from);
}

/**
 * The marks of NAME_SCHEME by position, the way Indian names are usually spelled in English:
 * - आ is 'aa' at the start of a word (Aarav) and before a final n (Vihaan, Ishaan), else 'a'
 *   (Rahul, Kavya, Priya);
 * - ई is 'ee' inside a word (Deepak, Sameer), 'i' at its start and end (Ishaan, Lakshmi) and in the
 *   endings -ish and -bir (Manish, Kabir);
 * - ऊ is 'oo' inside a word (Pooja), 'u' at its start and end (Usha, Raju);
 * - a nasal is 'm' before p, b or m (Sambhav), 'ng' before h (Singh), else 'n' (Ankit);
 * - v after a sibilant is 'w' (Shweta, Swati, Ishwar).
 */
function spellName(marked: string): string {
  return marked
    .replace(/M(?=[pbm])/g, 'm')
    .replace(/M(?=h)/g, 'ng')
    .replace(/M/g, 'n')
    .replace(/^A/, 'aa')
    .replace(/A(?=n$)/, 'aa')
    .replace(/A/g, 'a')
    .replace(/^I/, 'i')
    .replace(/I(?=sh$)|I$|(?<=b)I(?=r$)/g, 'i')
    .replace(/I/g, 'ee')
    .replace(/^U|U$/g, 'u')
    .replace(/U/g, 'oo')
    .replace(/(?<=s|sh)v/g, 'w');
}

/** One Devanagari word in Latin letters: 'आरव' → 'aarav'. */
function romanizeDevanagari(word: string): string {
  const composed = word.replace(/([\u0915-\u0939])\u093C/gu, (_, letter: string) => NUKTA_LETTERS[letter] ?? letter).replace(/ज्ञ/gu, 'ग्य');
  // Added on first use, so that importing this module changes nothing.
  if (!(NAME_SCHEME in Sanscript.schemes)) Sanscript.addRomanScheme(NAME_SCHEME, nameScheme());
  return spellName(Sanscript.t(deleteSchwas(composed), 'devanagari', NAME_SCHEME));
}

/**
 * A name in ASCII, Devanagari words as Hindi names are spelled in English and the rest as
 * any-ascii spells them; spaces kept between words, punctuation kept (the caller keeps what it
 * needs). Case as written; a transliterated word is lower case ('आरव शर्मा' → 'aarav sharma').
 */
export function transliterateName(name: string): string {
  return anyAscii(name.replace(DEVANAGARI_RUN, romanizeDevanagari));
}
