import { describe, expect, it } from 'vitest';
import { previewText } from './tip-text';

describe("a tip's preview text", () => {
  it('keeps a short tip whole', () => {
    expect(previewText('Castle early.')).toBe('Castle early.');
    expect(previewText('x'.repeat(200))).toBe('x'.repeat(200));
  });
  it('cuts at 200 characters and adds an ellipsis', () => {
    const text = `${'a'.repeat(199)} bcd`;
    expect(previewText(text)).toBe(`${'a'.repeat(199)}…`);
    expect(previewText('y'.repeat(250))).toBe(`${'y'.repeat(200)}…`);
  });
});
