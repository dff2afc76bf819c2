import { describe, expect, it } from 'vitest';
import { focusIsLost } from './focus';

describe('focusIsLost', () => {
  const body = { tagName: 'BODY' } as unknown as Element;
  const field = { tagName: 'INPUT' } as unknown as Element;
  it.each([
    { active: null, lost: true, why: 'nothing focused' },
    { active: body, lost: true, why: 'focus fell back to <body> (its element was removed)' },
    { active: field, lost: false, why: 'an element took focus on purpose (a form field, a dialog button)' },
  ])('$why: $lost', ({ active, lost }) => {
    expect(focusIsLost(active, body)).toBe(lost);
  });
});
