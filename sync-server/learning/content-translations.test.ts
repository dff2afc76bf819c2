import { describe, expect, it } from 'vitest';
import { checkTranslation, TRANSLATED_LOCALES, translationProblems } from './content-translations';

const LESSON_SECTION = {
  title: 'The knight fork',
  type: 'interactive',
  content: { content: 'The king and rook are a jump apart.', fen: '4k3/1r6/8/8/4N3/8/5P2/4K3 w - - 0 1', instruction: 'Find the knight move.', correctMoves: ['e4d6'], hints: ['Look at d6.', 'Knight to d6.'] },
};
const translated = (patch: Partial<typeof LESSON_SECTION.content>, title = 'La fourchette du cavalier') => ({
  title,
  type: 'interactive',
  content: { ...LESSON_SECTION.content, content: 'Le roi et la tour sont à un saut.', instruction: 'Trouve le coup du cavalier.', hints: ['Regarde d6.', 'Cavalier en d6.'], ...patch },
});

describe('translationProblems: a translation changes words, never data', () => {
  it.each([
    { name: 'a faithful translation', value: translated({}), problems: [] },
    { name: 'a changed move', value: translated({ correctMoves: ['e4c5'] }), problems: ["content.correctMoves[0]: is data and must stay 'e4d6'"] },
    { name: 'a changed position', value: translated({ fen: '8/8/8/8/8/8/8/8 w - - 0 1' }), problems: ["content.fen: is data and must stay '4k3/1r6/8/8/4N3/8/5P2/4K3 w - - 0 1'"] },
    { name: 'a dropped hint', value: translated({ hints: ['Regarde d6.'] }), problems: ['content.hints: has 1 items, the English has 2'] },
    { name: 'an empty text', value: translated({ instruction: ' ' }), problems: ['content.instruction: is empty'] },
    { name: 'a sentence left in English', value: translated({ instruction: 'Find the knight move.' }), problems: ['content.instruction: is not translated'] },
    { name: 'a short word that reads the same', value: translated({}, 'The knight fork'.split(' ').slice(0, 2).join(' ')), problems: [] },
    { name: 'a missing field', value: { title: 'x', type: 'interactive' }, problems: ['content: is missing'] },
    { name: 'an extra field', value: { ...translated({}), note: 'hi' }, problems: ['note: is not in the English file'] },
    { name: 'a changed section type', value: { ...translated({}), type: 'text' }, problems: ["type: is data and must stay 'interactive'"] },
  ])('$name', ({ value, problems }) => {
    expect(translationProblems(LESSON_SECTION, value)).toEqual(problems);
  });

  it('numbers and lists of data stay as they are', () => {
    expect(translationProblems({ order: 7, tags: ['fork'] }, { order: 8, tags: ['fourchette'] })).toEqual([
      'order: is data and must stay 7',
      "tags[0]: is data and must stay 'fork'",
    ]);
  });
});

describe('content/i18n: every language has every lesson, tip and assessment puzzle', () => {
  it.each(TRANSLATED_LOCALES)('%s: complete and faithful (scripts/content-translation.ts lists what is not)', (locale) => {
    expect(checkTranslation(locale)).toEqual([]);
  });
});
