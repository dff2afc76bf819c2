import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_COLUMN_LABELS, DASHBOARD_COLUMNS } from '../../../domain/class-dashboard';
import { CLASS_MESSAGES, CLASS_SKILL_LABELS, CLASS_SKILL_LEVELS } from '../../../schema';
import { CLASS_FORM_MESSAGES, DASHBOARD_COLUMN_TITLES, SKILL_LEVEL_LABELS } from './class-labels';

describe('the class screens’ English is the words of schema/ and domain/', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each(CLASS_SKILL_LEVELS)('skill level %s', (level) => {
    expect(i18n._(SKILL_LEVEL_LABELS[level])).toBe(CLASS_SKILL_LABELS[level]);
  });

  it.each(Object.keys(CLASS_FORM_MESSAGES) as (keyof typeof CLASS_FORM_MESSAGES)[])('refusal %s', (key) => {
    expect(i18n._(CLASS_FORM_MESSAGES[key])).toBe(CLASS_MESSAGES[key]);
  });

  it.each(DASHBOARD_COLUMNS)('dashboard column %s', (column) => {
    expect(i18n._(DASHBOARD_COLUMN_TITLES[column])).toBe(DASHBOARD_COLUMN_LABELS[column]);
  });
});
