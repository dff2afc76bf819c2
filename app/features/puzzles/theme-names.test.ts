import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { PUZZLE_THEME_LABELS, PUZZLE_THEMES } from '../../../schema';
import { puzzleThemeName } from './theme-names';

const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe("the puzzle themes' names", () => {
  it('read in English exactly as the schema labels them', () => {
    for (const theme of PUZZLE_THEMES) expect(puzzleThemeName(english, theme)).toBe(PUZZLE_THEME_LABELS[theme]);
  });
  it('leave a tag that is no theme to the fallback', () => {
    expect(puzzleThemeName(english, 'kingsideAttack', 'Kingside attack')).toBe('Kingside attack');
  });
});
