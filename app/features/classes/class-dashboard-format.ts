import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StudentFigures } from '../../../schema';
import { readerLocale } from '../../shared/components/dates';
import { SKILL_AREA_TITLES, TACTIC_MOTIF_TITLES } from './class-labels';

/** How the dashboard writes its figures (shared by the table and a student's page). */

/** '45 min', '1 h 05 min'; '0 min' for nothing. */
export function formatPlayTime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18n._(msg`${minutes} min`);
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return i18n._(msg`${hours} h ${rest} min`);
}

/** The app's language with the browser's region (as every date of the app: shared/components/dates). */
const locale = () => readerLocale(i18n.locale, typeof navigator === 'undefined' ? [] : navigator.languages);

export const formatDate = (iso: string | null): string => (iso === null ? i18n._(msg`Never`) : new Date(iso).toLocaleDateString(locale(), { day: 'numeric', month: 'short', year: 'numeric' }));
export const formatDateTime = (iso: string): string => new Date(iso).toLocaleString(locale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
export const formatChange = (change: number | null): string => (change === null ? '—' : change > 0 ? `+${change}` : String(change));
export const formatAccuracy = (accuracy: number | null): string => (accuracy === null ? '—' : `${accuracy}%`);
export const skillLabel = (student: Pick<StudentFigures, 'weakestSkill'>): string => (student.weakestSkill === null ? '—' : i18n._(SKILL_AREA_TITLES[student.weakestSkill]));
export const tacticLabel = (student: Pick<StudentFigures, 'mostMissedTactic'>): string => (student.mostMissedTactic === null ? '—' : i18n._(TACTIC_MOTIF_TITLES[student.mostMissedTactic]));
/** The CSV's file name: the class's name in safe characters and the day. */
export const csvFileName = (className: string, generatedAt: string): string =>
  `${className.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/gu, '') || 'class'}-${generatedAt.slice(0, 10)}.csv`;
