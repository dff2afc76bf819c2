/**
 * The class screens' words for values that schema/ and domain/ name in English (issue 28): the
 * skill levels, the paste form's refusals and the dashboard's column heads, as catalogue messages.
 * The English is theirs word for word (class-labels.test.ts); the server and the CSV keep theirs.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CLASS_PASTE_MAX, REAL_NAME_MAX } from '../../../domain/classes';
import type { DashboardColumn } from '../../../domain/class-dashboard';
import type { ClassSkillLevel, SkillArea, TacticMotif } from '../../../schema';
import { serverMessage } from '../../shared/i18n/server-messages';

// Simple names: they are the placeholders translators read.
const most = CLASS_PASTE_MAX;
const longest = REAL_NAME_MAX;

export const SKILL_LEVEL_LABELS = {
  beginner: msg`Beginner`,
  intermediate: msg`Intermediate`,
  advanced: msg`Advanced`,
} as const satisfies Record<ClassSkillLevel, MessageDescriptor>;

/** The refusals the class screens give before sending (CLASS_MESSAGES' words; the server's own, by code). */
export const CLASS_FORM_MESSAGES = {
  names: msg`Paste between 1 and ${most} names, one a line`,
  nameLength: msg`Each name must be at most ${longest} characters long`,
  full: serverMessage('ERR_CLASS_FULL'),
  maxBelowCount: serverMessage('ERR_CLASS_MAX_BELOW_COUNT'),
} as const;

/** SKILL_AREA_LABELS' words. */
export const SKILL_AREA_TITLES = {
  opening: msg`Opening`,
  tactics: msg`Tactics`,
  endgame: msg`Endgame`,
  strategy: msg`Strategy`,
} as const satisfies Record<SkillArea, MessageDescriptor>;

/** TACTIC_MOTIF_LABELS' words (the glossary's terms in every language). */
export const TACTIC_MOTIF_TITLES = {
  fork: msg`Fork`,
  pin: msg`Pin`,
  skewer: msg`Skewer`,
  'discovered-attack': msg`Discovered attack`,
  'mate-threat': msg`Mate threat`,
  checkmate: msg`Checkmate`,
  'free-capture': msg`Free piece`,
  hanging: msg`Hanging piece`,
  promotion: msg`Promotion`,
} as const satisfies Record<TacticMotif, MessageDescriptor>;

export const DASHBOARD_COLUMN_TITLES = {
  student: msg`Student`,
  rating: msg`Rating`,
  ratingChange: msg`Since assessment`,
  gamesThisWeek: msg`Games this week`,
  gamesTotal: msg`Games in all`,
  secondsThisWeek: msg`Time this week`,
  lessonsCompleted: msg`Lessons`,
  tipsRead: msg`Tips read`,
  puzzlesSolved: msg`Puzzles solved`,
  averageAccuracy: msg`Accuracy`,
  weakestSkill: msg`Weakest area`,
  mostMissedTactic: msg`Most missed tactic`,
  lastActive: msg`Last active`,
} as const satisfies Record<DashboardColumn, MessageDescriptor>;
