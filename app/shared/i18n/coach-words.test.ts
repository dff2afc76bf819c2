import { setupI18n } from '@lingui/core';
import { parsePoFile } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { englishPhrase, hintFor, type CoachPhrase, type CoachPhraseId } from '../../../domain/coach';
import { coachPhraseText, coachText, coachTips } from './coach-words';

/**
 * Sample values for every phrase id (the type keeps the list complete), with both tenses, every
 * side and both mate patterns where a phrase has them.
 */
const SAMPLES: { [K in CoachPhraseId]: Extract<CoachPhrase, { id: K }>['values'][] } = {
  opener: [{ category: 'best' }, { category: 'miss' }],
  standing: [{ level: 'winning', who: 'you' }, { level: 'better', who: 'w' }, { level: 'worse', who: 'b' }, { level: 'equal', who: 'you' }],
  'game-won': [{ who: 'you' }, { who: 'w' }, { who: 'b' }],
  'book-move': [{ san: 'e4' }],
  'brilliant-sacrifice': [{ san: 'Qxh7+' }],
  'only-move-keeps': [{ san: 'Kf1', who: 'you' }, { san: 'Kf8', who: 'b' }],
  'only-good-move': [{ san: 'Re1' }],
  'takes-back': [{ san: 'dxe5' }],
  'opponent-erred': [{ whose: 'you' }, { whose: 'w' }, { whose: 'b' }],
  'missed-mate-in-one': [{ who: 'you', san: 'Qh7#' }, { who: 'b', san: 'Qh2#' }],
  'missed-forced-mate': [{ who: 'w', moves: 3, san: 'Rd8+' }],
  reply: [{ whose: 'you' }, { whose: 'b' }],
  'that-is': [{ kind: 'fork' }, { kind: 'skewer' }],
  'was-better': [{ san: 'Nf3' }],
  'position-standing': [{ level: 'winning', who: 'w', score: '+5.10' }, { level: 'equal', who: 'b', score: '-0.10' }, { level: 'losing', who: 'b', score: '+9.00' }],
  'position-mate': [{ who: 'b', score: '-M2' }],
  'position-best': [{}],
  'position-best-move': [{ san: 'O-O' }],
  'game-over-checkmate': [{ winner: 'w' }],
  'game-over-stalemate': [{}],
  checkmate: [{ san: 'Rd8#', tense: 'does', backRank: true }, { san: 'Qf7#', tense: 'would', backRank: false }],
  'mate-threat': [{ san: 'Qd3', tense: 'does', backRank: false, mateMove: 'Qh7#' }, { san: 'Re1', tense: 'would', backRank: true, mateMove: 'Re8#' }],
  'allows-mate': [{ san: 'h3', tense: 'does', backRank: true, mateMove: 'Rd1#', them: 'b' }, { san: 'Kh1', tense: 'would', backRank: false, mateMove: 'Qg2#', them: 'w' }],
  promotion: [{ san: 'b8=Q', tense: 'does', piece: 'q' }, { san: 'b8=N', tense: 'would', piece: 'n' }],
  fork: [{ san: 'Nc7+', tense: 'does', piece: 'n', targets: ['k', 'r'] }, { san: 'Qd4', tense: 'would', piece: 'q', targets: ['r', 'b', 'n'] }],
  pin: [{ san: 'Bb5', tense: 'does', pinned: 'n', square: 'c6', behind: 'k' }],
  skewer: [{ san: 'Rh6+', tense: 'would', front: 'k', behind: 'r' }],
  'discovered-check': [{ san: 'Nd5+', tense: 'does', slider: 'b', square: 'c4' }],
  'discovered-attack': [{ san: 'Ne5', tense: 'would', slider: 'r', square: 'e1', target: 'q', targetSquare: 'e7' }],
  'wins-for': [{ san: 'Bxf6', tense: 'does', captured: 'n', by: 'b' }],
  'wins-free': [{ san: 'Bxf3', tense: 'would', captured: 'r' }],
  hanging: [{ san: 'Bc4', tense: 'does', piece: 'b', square: 'c4', attacker: 'p', attackerSquare: 'd5' }],
  'is-checkmate': [{ san: 'Nf2#' }],
  'is-checkmate-taking': [{ san: 'Qxf7#', piece: 'p' }],
  'mate-pattern-is': [{ pattern: 'smothered' }],
  'mate-pattern-ends': [{ pattern: 'back-rank' }],
  'forced-mate': [{ moves: 3, san: 'Rd7' }],
  'sacrifice-deflects': [{ san: 'Rxd8+', piece: 'q', square: 'f6', next: 'Qxf6' }],
  'sacrifice-lures': [{ san: 'Bxh7+', piece: 'k', square: 'h7', next: 'Ng5+' }],
  'takes-free': [{ san: 'Bxc6', piece: 'n' }],
  'pinned-victim': [{ piece: 'n', square: 'e5', pinner: 'r', san: 'dxe5' }],
  'pinned-cannot-stop-mate': [{ piece: 'b', square: 'e7', pinner: 'q' }],
  'pinned-cannot-take': [{ piece: 'p', square: 'g2', target: 'n', targetSquare: 'f3', pinner: 'q' }],
  'opens-line': [{ piece: 'p', from: 'b5', slider: 'r', square: 'b7' }],
  'is-check': [{ san: 'Ne4+' }],
  'comes-first': [{ san: 'Rb1' }],
  after: [{ san: 'Ke2' }],
  'also-discovered-check': [{ slider: 'b', square: 'b3' }],
  'also-discovered-attack': [{ slider: 'q', square: 'd1', target: 'q', targetSquare: 'd8' }],
  'wins-material': [{ san: 'Bg5' }],
  follows: [{ san: 'Rxb8' }],
  'idea-title': [{ kind: 'fork' }, { kind: 'free-capture' }],
  'rescue-moves': [{ piece: 'b', square: 'c4', san: 'Bb3' }],
  'rescue-protects': [{ piece: 'q', square: 'e5', san: 'd4' }],
  castle: [{ san: 'O-O-O' }],
  'gives-check': [{ san: 'Qh5+' }],
  develop: [{ san: 'Nf3', piece: 'n' }],
  'take-centre': [{ san: 'e4' }],
  'best-capture': [{ san: 'Rxa7', piece: 'p' }],
  'push-pawn': [{ san: 'b7' }],
  improves: [{ san: 'Re1', piece: 'r' }],
  nudge: [{ kind: 'fork', piece: 'n', square: 'd5' }, { kind: 'hanging', piece: 'q', square: 'd1' }],
  'nudge-forced-mate': [{ piece: 'r', square: 'd1' }],
  'nudge-in-danger': [{ piece: 'q', square: 'd4' }],
  'nudge-unprotected': [{ piece: 'b', square: 'f1' }],
  'nudge-look': [{ piece: 'k', square: 'g1' }],
  'motif-tip': [{ kind: 'pin' }, { kind: 'discovered-attack' }],
  'phase-tip': [{ phase: 'opening' }, { phase: 'endgame' }],
  'ask-tip': [{}],
};
const PHRASES = Object.entries(SAMPLES).flatMap(([id, list]) => list.map((values) => ({ id, values }) as CoachPhrase));

/** The screens' catalogues as text, and translations not yet brought into them (app/locales/incoming). */
const CATALOGUES = import.meta.glob<string>('../../locales/*/screens.po', { query: '?raw', import: 'default', eager: true });
const INCOMING = import.meta.glob<Record<string, Record<string, string>>>('../../locales/incoming/*.json', { import: 'default', eager: true });

/** A language's translations, compiled as the catalogues are. */
function catalogue(locale: 'hi' | 'es' | 'fr' | 'ar') {
  const translations = new Map<string, string>();
  for (const item of parsePoFile(CATALOGUES[`../../locales/${locale}/screens.po`] ?? '').items) if (item.msgstr[0]) translations.set(item.msgid, item.msgstr[0]);
  for (const file of Object.values(INCOMING)) for (const [source, byLocale] of Object.entries(file)) if (byLocale[locale]) translations.set(source, byLocale[locale]);
  const messages = Object.fromEntries([...translations].map(([source, translation]) => [generateMessageId(source), compileMessageOrThrow(translation)]));
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const english = setupI18n({ locale: 'en', messages: { en: {} } });

/** What may stay Latin in a translation: moves (SAN), squares and scores. */
const MOVES_SQUARES_SCORES = /\u2066[^\u2069]*\u2069|O-O(?:-O)?[+#]?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?|[+-]M\d+/g;

describe('coachText', () => {
  it.each(PHRASES.map((p) => [p.id, p] as const))('says %s in English as the domain does', (_id, p) => {
    expect(coachPhraseText(english, p, 'san')).toBe(englishPhrase(p));
  });

  it.each(['hi', 'ar'] as const)('leaves no English word in %s', (locale) => {
    const i18n = catalogue(locale);
    const leftovers = PHRASES.map((p) => coachPhraseText(i18n, p, 'san'))
      .map((text) => text.replace(MOVES_SQUARES_SCORES, ''))
      .filter((text) => /[A-Za-z]/.test(text));
    expect(leftovers).toEqual([]);
  });

  it.each(['es', 'fr'] as const)('translates every phrase in %s', (locale) => {
    const i18n = catalogue(locale);
    const untranslated = PHRASES.filter((p) => coachPhraseText(i18n, p, 'san') === englishPhrase(p));
    expect(untranslated.map((p) => p.id)).toEqual([]);
  });

  it('writes the moves in figurines when the learner chose them, and keeps them left to right in Arabic', () => {
    const fork: CoachPhrase = { id: 'fork', values: { san: 'Nc7+', tense: 'does', piece: 'n', targets: ['k', 'r'] } };
    expect(coachPhraseText(english, fork, 'figurine')).toBe('♘c7+ forks the king and rook with the knight.');
    expect(coachPhraseText(catalogue('ar'), fork, 'figurine')).toContain('\u2066♘c7+\u2069');
  });

  it('reads a hint from its phrases, and keeps the English of a result without them (one cached before phrases)', () => {
    const hint = hintFor('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'd5c7');
    const hindi = catalogue('hi');
    expect(coachText(hindi, hint.nudgeWords, hint.nudge, 'san')).toBe('d5 पर तुम्हारे घोड़े को देखो: इससे एक साथ दो मोहरों पर हमला हो सकता है।');
    expect(coachText(hindi, undefined, hint.nudge, 'san')).toBe(hint.nudge);
    expect(coachText(hindi, [{ id: 'from-a-newer-version', values: {} }], hint.nudge, 'san')).toBe(hint.nudge);
    expect(coachTips(hindi, undefined, ['A tip.'], 'san')).toEqual(['A tip.']);
  });
});
