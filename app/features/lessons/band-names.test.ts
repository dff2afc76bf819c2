import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { BAND_LABELS } from '../../../domain';
import { DIFFICULTIES } from '../../../schema';
import { BAND_NAMES } from './band-names';

describe("the rating bands' names", () => {
  it("read in English exactly as domain's labels", () => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    for (const band of DIFFICULTIES) expect(english._(BAND_NAMES[band])).toBe(BAND_LABELS[band]);
  });
});
