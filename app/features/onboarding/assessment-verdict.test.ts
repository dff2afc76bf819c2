import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { assessmentVerdictText, type AssessmentVerdict } from './assessment-verdict';

describe("assessmentVerdictText: the assessment's verdicts in the move log", () => {
  it.each<[AssessmentVerdict, string]>([
    [{ kind: 'solved' }, 'Correct!'],
    [{ kind: 'wrong', move: 'White knight to f3' }, 'White knight to f3 is not the answer. Try again.'],
    [{ kind: 'shown' }, 'The solution is on the board.'],
  ])('%o', (verdict, text) => {
    expect(assessmentVerdictText(verdict, setupI18n({ locale: 'en', messages: { en: {} } }))).toBe(text);
  });
});
