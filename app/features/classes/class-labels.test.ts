import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_COLUMN_LABELS, DASHBOARD_COLUMNS, TACTIC_MOTIF_LABELS } from '../../../domain/class-dashboard';
import { CLASS_MESSAGES, CLASS_SKILL_LABELS, CLASS_SKILL_LEVELS, SKILL_AREA_LABELS, SKILL_AREAS, TACTIC_MOTIFS } from '../../../schema';
import { CLASS_FORM_MESSAGES, DASHBOARD_COLUMN_TITLES, SKILL_AREA_TITLES, SKILL_LEVEL_LABELS, TACTIC_MOTIF_TITLES } from './class-labels';

describe('the class screens’ English is the words of schema/ and domain/', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each(CLASS_SKILL_LEVELS)('skill level %s', (level) => {
    expect(i18n._(SKILL_LEVEL_LABELS[level])).toBe(CLASS_SKILL_LABELS[level]);
  });

  it.each(Object.keys(CLASS_FORM_MESSAGES) as (keyof typeof CLASS_FORM_MESSAGES)[])('refusal %s', (key) => {
    expect(i18n._(CLASS_FORM_MESSAGES[key])).toBe(CLASS_MESSAGES[key]);
  });

  it.each(SKILL_AREAS)('skill area %s', (area) => {
    expect(i18n._(SKILL_AREA_TITLES[area])).toBe(SKILL_AREA_LABELS[area]);
  });

  it.each(TACTIC_MOTIFS)('tactic %s', (motif) => {
    expect(i18n._(TACTIC_MOTIF_TITLES[motif])).toBe(TACTIC_MOTIF_LABELS[motif]);
  });

  it.each(DASHBOARD_COLUMNS)('dashboard column %s', (column) => {
    expect(i18n._(DASHBOARD_COLUMN_TITLES[column])).toBe(DASHBOARD_COLUMN_LABELS[column]);
  });
});
