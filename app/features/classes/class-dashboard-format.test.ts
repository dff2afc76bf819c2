import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvFileName, formatChange, formatPlayTime } from './class-dashboard-format';

describe('the dashboard’s words for its figures', () => {
  // The English source texts: what the app shows before another language is chosen.
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each([
    [0, '0 min'],
    [89, '1 min'],
    [59 * 60, '59 min'],
    [60 * 60, '1 h 00 min'],
    [125 * 60 + 10, '2 h 05 min'],
  ])('formatPlayTime(%d) is %s', (seconds, text) => {
    expect(formatPlayTime(seconds)).toBe(text);
  });

  it.each([
    [null, '—'],
    [0, '0'],
    [16, '+16'],
    [-8, '-8'],
  ])('formatChange(%s) is %s', (change, text) => {
    expect(formatChange(change)).toBe(text);
  });

  it.each([
    ['5C Chess', '5C-Chess-2026-11-25.csv'],
    ['Élan / Mañana: Group 2', 'Élan-Mañana-Group-2-2026-11-25.csv'],
    ['../..', 'class-2026-11-25.csv'],
  ])('csvFileName(%j) is %s', (name, file) => {
    expect(csvFileName(name, '2026-11-25T10:00:00.000Z')).toBe(file);
  });
});
